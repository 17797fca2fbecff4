import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, jsonColumn } from '@hc/data';
import type { SiteContext } from '@hc/auth';
import { toSiteContext } from '@hc/auth';
import type { AuditActor } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';

export type ChangeSetStatus =
  'open' | 'queued' | 'scheduled' | 'publishing' | 'published' | 'partial' | 'failed';

export interface ChangeSetRow {
  id: number;
  siteId: number;
  name: string | null;
  status: ChangeSetStatus;
  forcePublish: boolean;
  publishAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Issue 24: who published it; the worker's staged publishes are recorded as theirs. */
  publishActor: AuditActor | null;
}

export interface ChangeSetItemRow {
  id: number;
  changeSetId: number;
  articleId: number;
  locale: string;
  status: 'pending' | 'published' | 'failed';
  reason: string | null;
}

/** A set left `publishing` this long (its worker died) is claimed again. */
const STALE_CLAIM_MS = 5 * 60_000;

function toSet(r: Record<string, unknown>): ChangeSetRow {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    name: (r.name as string | null) ?? null,
    status: r.status as ChangeSetStatus,
    forcePublish: Boolean(r.force_publish),
    publishAt: (r.publish_at as Date | null) ?? null,
    publishedAt: (r.published_at as Date | null) ?? null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
    publishActor: jsonColumn<AuditActor | null>(r.publish_actor, null),
  };
}

function toItem(r: Record<string, unknown>): ChangeSetItemRow {
  return {
    id: Number(r.id),
    changeSetId: Number(r.change_set_id),
    articleId: Number(r.article_id),
    locale: String(r.locale),
    status: r.status as ChangeSetItemRow['status'],
    reason: (r.reason as string | null) ?? null,
  };
}

/** Change sets and their items; every method takes the site id except the worker's claim. */
@Injectable()
export class ChangeSetsRepository extends DataRepository {
  /** Most recently updated first (spec 4.2). */
  async page(
    siteId: SiteId,
    offset: number,
    limit: number,
  ): Promise<{ rows: ChangeSetRow[]; total: number }> {
    const { rows, total } = await this.readPage<Record<string, unknown>>(
      {
        columns: '*',
        from: 'FROM change_sets WHERE site_id = ?',
        params: [siteId],
        orderBy: 'updated_at DESC, id DESC',
      },
      offset,
      limit,
    );
    return { rows: rows.map(toSet), total };
  }

  async find(
    siteId: SiteId,
    id: number,
    m: EntityManager = this.ds.manager,
    lock = false,
  ): Promise<ChangeSetRow | null> {
    const rows = await m.query(
      `SELECT * FROM change_sets WHERE site_id = ? AND id = ? ${lock ? 'FOR UPDATE' : ''}`,
      [siteId, id],
    );
    return rows[0] ? toSet(rows[0]) : null;
  }

  async insert(siteId: SiteId, m: EntityManager, name: string | null, now: Date): Promise<number> {
    const r = await m.query(
      `INSERT INTO change_sets (site_id, name, status, force_publish, created_at, updated_at) VALUES (?, ?, 'open', 0, ?, ?)`,
      [siteId, name, now, now],
    );
    return Number(r.insertId);
  }

  async items(
    siteId: SiteId,
    setIds: number[],
    m: EntityManager = this.ds.manager,
  ): Promise<Map<number, ChangeSetItemRow[]>> {
    const out = new Map<number, ChangeSetItemRow[]>(setIds.map((id) => [id, []]));
    if (setIds.length === 0) return out;
    const rows = await m.query(
      'SELECT * FROM change_set_items WHERE site_id = ? AND change_set_id IN (?) ORDER BY id',
      [siteId, setIds],
    );
    for (const r of rows) out.get(Number(r.change_set_id))?.push(toItem(r));
    return out;
  }

  async addItem(
    siteId: SiteId,
    m: EntityManager,
    setId: number,
    articleId: number,
    locale: string,
    now: Date,
  ): Promise<void> {
    await m.query(
      `INSERT INTO change_set_items (site_id, change_set_id, article_id, locale, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
      [siteId, setId, articleId, locale, now, now],
    );
  }

  async update(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    values: {
      status: ChangeSetStatus;
      publishAt?: Date | null;
      forcePublish?: boolean;
      publishedAt?: Date | null;
      publishActor?: AuditActor | null;
    },
    now: Date,
  ): Promise<void> {
    const sets = ['status = ?', 'updated_at = ?'];
    const params: unknown[] = [values.status, now];
    const optional: [string, unknown][] = [
      ['publish_at', values.publishAt],
      ['force_publish', values.forcePublish],
      ['published_at', values.publishedAt],
      [
        'publish_actor',
        values.publishActor === undefined ? undefined : JSON.stringify(values.publishActor),
      ],
    ];
    for (const [column, value] of optional) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(value);
    }
    await m.query(`UPDATE change_sets SET ${sets.join(', ')} WHERE site_id = ? AND id = ?`, [
      ...params,
      siteId,
      id,
    ]);
  }

  async touch(siteId: SiteId, m: EntityManager, id: number, now: Date): Promise<void> {
    await m.query('UPDATE change_sets SET updated_at = ? WHERE site_id = ? AND id = ?', [
      now,
      siteId,
      id,
    ]);
  }

  /** Change sets waiting to be published (queued, or scheduled and due): a metric, all sites. */
  async queueDepth(now = new Date()): Promise<number> {
    const [row]: { n: number | string }[] = await this.ds.query(
      `SELECT COUNT(*) AS n FROM change_sets
        WHERE status IN ('queued', 'publishing') OR (status = 'scheduled' AND publish_at <= ?)`,
      [now],
    );
    return Number(row?.n ?? 0);
  }

  /** The worker's claim: one due set (queued, scheduled and due, or abandoned mid-publish), marked `publishing`. */
  async claimDueAcrossSites(now: Date): Promise<ChangeSetRow | null> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query(
        `SELECT * FROM change_sets
          WHERE status = 'queued' OR (status = 'scheduled' AND publish_at <= ?) OR (status = 'publishing' AND updated_at < ?)
          ORDER BY COALESCE(publish_at, updated_at), id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now, new Date(now.getTime() - STALE_CLAIM_MS)],
      );
      if (!rows[0]) return null;
      const set = toSet(rows[0]);
      await m.query(`UPDATE change_sets SET status = 'publishing', updated_at = ? WHERE id = ?`, [
        now,
        set.id,
      ]);
      return { ...set, status: 'publishing' };
    });
  }

  async setItemResult(
    siteId: SiteId,
    itemId: number,
    status: 'published' | 'failed',
    reason: string | null,
  ): Promise<void> {
    const now = new Date();
    await this.ds.query(
      'UPDATE change_set_items SET status = ?, reason = ?, updated_at = ? WHERE site_id = ? AND id = ?',
      [status, reason, now, siteId, itemId],
    );
    // Progress keeps the claim fresh, so another replica does not take a long set over.
    await this.ds.query(
      'UPDATE change_sets s JOIN change_set_items i ON i.change_set_id = s.id SET s.updated_at = ? WHERE i.site_id = ? AND i.id = ?',
      [now, siteId, itemId],
    );
  }

  async finish(siteId: SiteId, id: number, status: ChangeSetStatus, now: Date): Promise<void> {
    await this.update(siteId, this.ds.manager, id, { status, publishedAt: now }, now);
  }

  /** The site a claimed set belongs to, as the credential guard would load it; null when deleted. */
  async site(siteId: SiteId): Promise<SiteContext | null> {
    const rows = await this.ds.query(
      `SELECT s.id AS site_id, s.uuid AS site_uuid, s.account_id AS site_account_id, s.name AS site_name, s.subdomain,
         s.domain, s.default_language, s.languages, s.visibility, s.suspended, s.ip_allowlist, s.plan, s.staging_preview,
         s.template_editor, s.created_at AS site_created_at
       FROM sites s WHERE s.id = ? AND s.deleted_at IS NULL`,
      [siteId],
    );
    return rows[0] ? toSiteContext(rows[0]) : null;
  }
}
