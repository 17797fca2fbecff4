import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';
import type { DesignDocument, Translations } from '@hc/design';
import { touchReaderPages } from '@hc/data';

export type DesignVersionStatus = 'draft' | 'published' | 'archived';

/** A design version as the service uses it (documents parsed). */
export interface VersionRow {
  id: number;
  siteId: number;
  status: DesignVersionStatus;
  document: DesignDocument;
  translations: Translations;
  presetKey: string;
  revision: number;
  message: string | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  publishedByUserId: number | null;
}

export interface SitePointers {
  draftVersionId: number | null;
  liveVersionId: number | null;
}

export interface VersionListRow {
  id: number;
  status: DesignVersionStatus;
  message: string | null;
  presetKey: string;
  publishedAt: Date;
  publishedBy: string | null;
}

interface RawVersion {
  id: number;
  site_id: number;
  status: DesignVersionStatus;
  document: string;
  translations: string;
  preset_key: string;
  revision: number;
  message: string | null;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  published_by_user_id: number | null;
}

function toRow(r: RawVersion): VersionRow {
  return {
    id: r.id,
    siteId: r.site_id,
    status: r.status,
    document: JSON.parse(r.document) as DesignDocument,
    translations: JSON.parse(r.translations) as Translations,
    presetKey: r.preset_key,
    revision: r.revision,
    message: r.message,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
    publishedByUserId: r.published_by_user_id,
  };
}

/** Every method takes the site scope first; a foreign id answers like a missing one. */
@Injectable()
export class TemplateRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** A READ COMMITTED transaction, run again (up to 3 times) when InnoDB picks it as a deadlock victim. */
  async transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ds.transaction('READ COMMITTED', work);
      } catch (err) {
        const code = (err as { driverError?: { errno?: number } }).driverError?.errno;
        if (attempt >= 3 || (code !== 1213 && code !== 1205)) throw err;
      }
    }
  }

  pointers(siteId: SiteId, m: EntityManager = this.ds.manager): Promise<SitePointers | null> {
    return this.readPointers(siteId, m, '');
  }

  /** Creates the site's design row if missing (its own statement, outside any transaction). */
  async ensureSiteRow(siteId: SiteId): Promise<void> {
    const now = new Date();
    await this.ds.query(
      'INSERT IGNORE INTO design_sites (site_id, created_at, updated_at) VALUES (?, ?, ?)',
      [siteId, now, now],
    );
  }

  /** Locks the site's design row for the rest of the transaction; null when it does not exist yet. */
  lock(siteId: SiteId, m: EntityManager): Promise<SitePointers | null> {
    return this.readPointers(siteId, m, ' FOR UPDATE');
  }

  private async readPointers(
    siteId: SiteId,
    m: EntityManager,
    lock: '' | ' FOR UPDATE',
  ): Promise<SitePointers | null> {
    const rows = await m.query(
      `SELECT draft_version_id, live_version_id FROM design_sites WHERE site_id = ?${lock}`,
      [siteId],
    );
    return rows.length
      ? { draftVersionId: rows[0].draft_version_id, liveVersionId: rows[0].live_version_id }
      : null;
  }

  async setPointers(siteId: SiteId, m: EntityManager, p: SitePointers): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query(
      'UPDATE design_sites SET draft_version_id = ?, live_version_id = ?, updated_at = ? WHERE site_id = ?',
      [p.draftVersionId, p.liveVersionId, new Date(), siteId],
    );
  }

  async find(
    siteId: SiteId,
    id: number,
    m: EntityManager = this.ds.manager,
  ): Promise<VersionRow | null> {
    const rows: RawVersion[] = await m.query(
      'SELECT * FROM design_versions WHERE site_id = ? AND id = ?',
      [siteId, id],
    );
    return rows.length ? toRow(rows[0]) : null;
  }

  /** A published or archived version (never the draft). */
  async findVersion(siteId: SiteId, id: number, m: EntityManager): Promise<VersionRow | null> {
    const row = await this.find(siteId, id, m);
    return row && row.status !== 'draft' ? row : null;
  }

  async insert(
    siteId: SiteId,
    m: EntityManager,
    v: {
      status: DesignVersionStatus;
      document: DesignDocument;
      translations: Translations;
      presetKey: string;
      publishedAt?: Date | null;
      publishedByUserId?: number | null;
      message?: string | null;
    },
  ): Promise<number> {
    const now = new Date();
    const result = await m.query(
      `INSERT INTO design_versions (site_id, status, document, translations, preset_key, revision, message,
         created_at, updated_at, published_at, published_by_user_id)
       VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
      [
        siteId,
        v.status,
        JSON.stringify(v.document),
        JSON.stringify(v.translations),
        v.presetKey,
        v.message ?? null,
        now,
        now,
        v.publishedAt ?? null,
        v.publishedByUserId ?? null,
      ],
    );
    return result.insertId as number;
  }

  /** Saves the draft's new content; the revision moves on, so the etag changes. */
  async saveDraft(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    v: { document: DesignDocument; translations: Translations; presetKey: string },
  ): Promise<void> {
    await m.query(
      `UPDATE design_versions SET document = ?, translations = ?, preset_key = ?, revision = revision + 1, updated_at = ?
       WHERE site_id = ? AND id = ? AND status = 'draft'`,
      [
        JSON.stringify(v.document),
        JSON.stringify(v.translations),
        v.presetKey,
        new Date(),
        siteId,
        id,
      ],
    );
  }

  async markPublished(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    message: string | null,
    userId: number | null,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    const now = new Date();
    await m.query(
      `UPDATE design_versions SET status = 'published', message = ?, published_at = ?, published_by_user_id = ?, updated_at = ?
       WHERE site_id = ? AND id = ?`,
      [message, now, userId, now, siteId, id],
    );
  }

  async archive(siteId: SiteId, m: EntityManager, id: number): Promise<void> {
    await m.query(`UPDATE design_versions SET status = 'archived' WHERE site_id = ? AND id = ?`, [
      siteId,
      id,
    ]);
  }

  /**
   * spec 4.12: newest first, the live version plus up to 49 earlier ones. `published_by` is the
   * person the audit log (issue 24) names for the publish; the version's own column stands in
   * while the entry is on its way, and after retention has pruned it.
   */
  async list(siteId: SiteId, limit: number): Promise<VersionListRow[]> {
    const rows = await this.ds.query(
      `SELECT v.id, v.status, v.message, v.preset_key, v.published_at,
         COALESCE(ua.name, u.name) AS published_by
       FROM design_versions v
       LEFT JOIN audit_entries a ON a.site_id = v.site_id AND a.action = 'design.publish'
         AND a.target_type = 'template' AND a.target_id = v.id
       LEFT JOIN users ua ON ua.id = a.actor_user_id
       LEFT JOIN users u ON u.id = v.published_by_user_id
       WHERE v.site_id = ? AND v.status IN ('published', 'archived')
       ORDER BY v.published_at DESC, v.id DESC LIMIT ?`,
      [siteId, limit],
    );
    return rows.map((r: Record<string, unknown>) => ({
      id: r.id as number,
      status: r.status as DesignVersionStatus,
      message: (r.message as string | null) ?? null,
      presetKey: r.preset_key as string,
      publishedAt: r.published_at as Date,
      publishedBy: (r.published_by as string | null) ?? null,
    }));
  }

  /** spec 2.2: the published brand.name becomes the site name. */
  async renameSite(siteId: SiteId, m: EntityManager, name: string): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query('UPDATE sites SET name = ?, updated_at = ? WHERE id = ?', [
      name,
      new Date(),
      siteId,
    ]);
  }
}
