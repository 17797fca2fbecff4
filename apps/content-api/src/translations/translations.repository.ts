import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, touchReaderPages } from '@hc/data';
import type { SiteId } from '@hc/contracts';

/** A site's own wording of interface texts, per language. */
@Injectable()
export class TranslationsRepository extends DataRepository {
  async overrides(siteId: SiteId, lang: string): Promise<Map<string, string>> {
    const rows: { text_key: string; text: string }[] = await this.ds.query(
      'SELECT text_key, text FROM interface_text_overrides WHERE site_id = ? AND lang = ?',
      [siteId, lang],
    );
    return new Map(rows.map((r) => [r.text_key, r.text]));
  }

  async set(
    siteId: SiteId,
    m: EntityManager,
    lang: string,
    key: string,
    text: string,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query(
      `INSERT INTO interface_text_overrides (site_id, lang, text_key, text, updated_at) VALUES (?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE text = VALUES(text), updated_at = VALUES(updated_at)`,
      [siteId, lang, key, text, new Date()],
    );
  }

  async remove(siteId: SiteId, m: EntityManager, lang: string, key: string): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query(
      'DELETE FROM interface_text_overrides WHERE site_id = ? AND lang = ? AND text_key = ?',
      [siteId, lang, key],
    );
  }
}
