import { Injectable } from '@nestjs/common';
import type { SiteId } from '@hc/contracts';
import { DataRepository, jsonColumn } from '@hc/data';

export interface PreviewHandoff {
  tokenHash: string;
  userId: number;
  articleId: number;
  lang: string;
  /** `design`: the site's design draft; then `title` names the page shown (issue 39). */
  copy: 'live' | 'staged' | 'design';
  title: string;
  content: string;
  expiresAt: Date;
}

/** Preview hand-offs (issue 37) and what they show; reader-site spends them. */
@Injectable()
export class PreviewsRepository extends DataRepository {
  /** The live translation of a (not trashed) article: its title and stored HTML. */
  async liveText(
    siteId: SiteId,
    articleId: number,
    lang: string,
  ): Promise<{ title: string; content: string } | null> {
    const rows = await this.ds.query(
      `SELECT t.title, t.content FROM article_translations t
         JOIN articles a ON a.id = t.article_id AND a.site_id = t.site_id AND a.deleted_at IS NULL
        WHERE t.site_id = ? AND t.article_id = ? AND t.lang = ?`,
      [siteId, articleId, lang],
    );
    return rows[0] ? { title: rows[0].title, content: rows[0].content } : null;
  }

  /** The staged fields of one language (spec 2.7 `fields`), or null when none are staged. */
  async stagedFields(
    siteId: SiteId,
    articleId: number,
    lang: string,
  ): Promise<{ title?: string | null; content?: string | null } | null> {
    const rows = await this.ds.query(
      `SELECT c.fields FROM staged_copies c
         JOIN articles a ON a.id = c.article_id AND a.site_id = c.site_id AND a.deleted_at IS NULL
        WHERE c.site_id = ? AND c.article_id = ? AND c.locale = ?`,
      [siteId, articleId, lang],
    );
    return rows[0] ? jsonColumn(rows[0].fields, {}) : null;
  }

  async insert(siteId: SiteId, h: PreviewHandoff, now: Date): Promise<void> {
    await this.ds.query('DELETE FROM preview_handoffs WHERE expires_at < ?', [
      new Date(now.getTime() - 3600_000),
    ]);
    await this.ds.query(
      `INSERT INTO preview_handoffs
         (token_hash, site_id, user_id, article_id, lang, copy_kind, title, content, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        h.tokenHash,
        siteId,
        h.userId,
        h.articleId,
        h.lang,
        h.copy,
        h.title,
        h.content,
        h.expiresAt,
        now,
      ],
    );
  }
}
