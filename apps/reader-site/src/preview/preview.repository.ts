import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SiteId } from '@hc/contracts';

/** What a spent hand-off shows. */
export interface Handoff {
  /** `design`: the design draft on the page named by `title` (issue 39); else an article copy. */
  kind: string;
  articleId: number;
  lang: string;
  title: string;
  content: string;
}

/** Preview hand-offs (issue 37, written by content-api's POST /v1/previews). */
@Injectable()
export class PreviewRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Spends a hand-off of this site: one conditional update, so of two requests with the same URL
   * only one gets the page; expired or spent ones give null.
   */
  async spend(siteId: SiteId, token: string, now: Date): Promise<Handoff | null> {
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const result = await this.ds.query(
      `UPDATE preview_handoffs SET used_at = ?
        WHERE token_hash = ? AND site_id = ? AND used_at IS NULL AND expires_at > ?`,
      [now, tokenHash, siteId, now],
    );
    if (Number(result.affectedRows ?? 0) !== 1) return null;
    const rows = await this.ds.query(
      'SELECT copy_kind, article_id, lang, title, content FROM preview_handoffs WHERE token_hash = ?',
      [tokenHash],
    );
    const r = rows[0];
    return r
      ? {
          kind: r.copy_kind,
          articleId: Number(r.article_id),
          lang: r.lang,
          title: r.title,
          content: r.content,
        }
      : null;
  }
}
