import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, jsonColumn } from '@hc/data';
import type { SharedFields, StagedFields } from './staged-model';
import type { SiteId } from '@hc/contracts';

export interface StagedCopyRow {
  id: number;
  articleId: number;
  locale: string;
  fields: StagedFields;
  releaseTranslation: boolean;
  etag: string;
  baseSignature: string;
  updatedAt: Date;
}

export interface StagedSharedRow {
  articleId: number;
  fields: SharedFields;
  etag: string;
  baseSignature: string;
  updatedAt: Date;
}

function toCopy(r: Record<string, unknown>): StagedCopyRow {
  return {
    id: Number(r.id),
    articleId: Number(r.article_id),
    locale: String(r.locale),
    fields: jsonColumn<StagedFields>(r.fields),
    releaseTranslation: Boolean(r.release_translation),
    etag: String(r.etag),
    baseSignature: String(r.base_signature),
    updatedAt: r.updated_at as Date,
  };
}

function toShared(r: Record<string, unknown>): StagedSharedRow {
  return {
    articleId: Number(r.article_id),
    fields: jsonColumn<SharedFields>(r.fields),
    etag: String(r.etag),
    baseSignature: String(r.base_signature),
    updatedAt: r.updated_at as Date,
  };
}

/** Staged copies and article-wide staged blocks of one site (spec 2.7). */
@Injectable()
export class StagedRepository extends DataRepository {
  /** The article's copies sorted by language code (one language with `locale`); `lock` in a write. */
  async copies(
    siteId: SiteId,
    articleId: number,
    opts: { locale?: string; m?: EntityManager; lock?: boolean } = {},
  ): Promise<StagedCopyRow[]> {
    const m = opts.m ?? this.ds.manager;
    const rows = await m.query(
      `SELECT id, article_id, locale, fields, release_translation, etag, base_signature, updated_at
         FROM staged_copies WHERE site_id = ? AND article_id = ? ${opts.locale ? 'AND locale = ?' : ''}
        ORDER BY locale ${opts.lock ? 'FOR UPDATE' : ''}`,
      opts.locale ? [siteId, articleId, opts.locale] : [siteId, articleId],
    );
    // Byte order of codes (`de` < `de-AT` < `en`), independent of the collation.
    return rows
      .map(toCopy)
      .sort((a: StagedCopyRow, b: StagedCopyRow) =>
        a.locale < b.locale ? -1 : a.locale > b.locale ? 1 : 0,
      );
  }

  async shared(
    siteId: SiteId,
    articleId: number,
    m: EntityManager = this.ds.manager,
    lock = false,
  ): Promise<StagedSharedRow | null> {
    const rows = await m.query(
      `SELECT article_id, fields, etag, base_signature, updated_at FROM staged_shared
        WHERE site_id = ? AND article_id = ? ${lock ? 'FOR UPDATE' : ''}`,
      [siteId, articleId],
    );
    return rows[0] ? toShared(rows[0]) : null;
  }

  async saveCopy(
    siteId: SiteId,
    m: EntityManager,
    c: Omit<StagedCopyRow, 'id' | 'updatedAt'>,
    now: Date,
  ): Promise<void> {
    await m.query(
      `INSERT INTO staged_copies (site_id, article_id, locale, fields, release_translation, etag, base_signature, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE fields = VALUES(fields), release_translation = VALUES(release_translation),
         etag = VALUES(etag), base_signature = VALUES(base_signature), updated_at = VALUES(updated_at)`,
      [
        siteId,
        c.articleId,
        c.locale,
        JSON.stringify(c.fields),
        c.releaseTranslation,
        c.etag,
        c.baseSignature,
        now,
        now,
      ],
    );
  }

  async saveShared(
    siteId: SiteId,
    m: EntityManager,
    s: Omit<StagedSharedRow, 'updatedAt'>,
    now: Date,
  ): Promise<void> {
    await m.query(
      `INSERT INTO staged_shared (article_id, site_id, fields, etag, base_signature, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE fields = VALUES(fields), etag = VALUES(etag), base_signature = VALUES(base_signature),
         updated_at = VALUES(updated_at)`,
      [s.articleId, siteId, JSON.stringify(s.fields), s.etag, s.baseSignature, now, now],
    );
  }

  async setBase(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    locale: string,
    signature: string,
  ): Promise<void> {
    await m.query(
      'UPDATE staged_copies SET base_signature = ? WHERE site_id = ? AND article_id = ? AND locale = ?',
      [signature, siteId, articleId, locale],
    );
  }

  /** Deletes copies (every language when `locales` is omitted); returns how many went. */
  async deleteCopies(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    locales?: string[],
  ): Promise<number> {
    if (locales && locales.length === 0) return 0;
    const r = await m.query(
      `DELETE FROM staged_copies WHERE site_id = ? AND article_id = ? ${locales ? 'AND locale IN (?)' : ''}`,
      locales ? [siteId, articleId, locales] : [siteId, articleId],
    );
    return Number(r.affectedRows ?? 0);
  }

  async deleteShared(siteId: SiteId, m: EntityManager, articleId: number): Promise<void> {
    await m.query('DELETE FROM staged_shared WHERE site_id = ? AND article_id = ?', [
      siteId,
      articleId,
    ]);
  }

  async countCopies(siteId: SiteId, m: EntityManager, articleId: number): Promise<number> {
    const rows = await m.query(
      'SELECT COUNT(*) AS n FROM staged_copies WHERE site_id = ? AND article_id = ?',
      [siteId, articleId],
    );
    return Number(rows[0].n);
  }
}
