import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SiteId } from '@hc/contracts';

export type ExportJobState = 'queued' | 'running' | 'done' | 'failed' | 'expired';

/** An `export_jobs` row (issue 39 item 6). */
export interface ExportJob {
  id: number;
  siteId: number;
  userId: number | null;
  state: ExportJobState;
  articlesTotal: number;
  articlesDone: number;
  imagesTotal: number;
  imagesDone: number;
  /** The zip's name under the exports directory, once built. */
  fileName: string | null;
  size: number | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

export interface ExportProgress {
  articlesTotal: number;
  articlesDone: number;
  imagesTotal: number;
  imagesDone: number;
}

interface JobRecord {
  id: number;
  site_id: number;
  user_id: number | null;
  state: ExportJobState;
  articles_total: number;
  articles_done: number;
  images_total: number;
  images_done: number;
  file_name: string | null;
  size: number | string | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  expires_at: Date | null;
}

const COLUMNS =
  'id, site_id, user_id, state, articles_total, articles_done, images_total, images_done, ' +
  'file_name, size, error, created_at, started_at, finished_at, expires_at';

function toJob(r: JobRecord): ExportJob {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    state: r.state,
    articlesTotal: Number(r.articles_total),
    articlesDone: Number(r.articles_done),
    imagesTotal: Number(r.images_total),
    imagesDone: Number(r.images_done),
    fileName: r.file_name,
    size: r.size === null ? null : Number(r.size),
    error: r.error,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
  };
}

const isDuplicate = (err: unknown) =>
  (err as { code?: string; driverError?: { code?: string } }).code === 'ER_DUP_ENTRY' ||
  (err as { driverError?: { code?: string } }).driverError?.code === 'ER_DUP_ENTRY';

/**
 * Export jobs. `active_site_id` (unique) holds the site while a job is queued or running: the
 * database itself keeps one job per site at a time, whichever replica takes the request.
 */
@Injectable()
export class ExportJobsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** A queued job, or null when this site already has one queued or running. */
  async insert(siteId: SiteId, userId: number | null, now: Date): Promise<ExportJob | null> {
    try {
      const result = await this.ds.query(
        `INSERT INTO export_jobs (site_id, active_site_id, user_id, state, created_at)
         VALUES (?, ?, ?, 'queued', ?)`,
        [siteId, siteId, userId, now],
      );
      return this.find(siteId, Number((result as { insertId: number }).insertId));
    } catch (err) {
      if (isDuplicate(err)) return null;
      throw err;
    }
  }

  async find(siteId: SiteId, id: number): Promise<ExportJob | null> {
    const rows: JobRecord[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM export_jobs WHERE site_id = ? AND id = ?`,
      [siteId, id],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  /** The job queued or running for the site, if any. */
  async active(siteId: SiteId): Promise<ExportJob | null> {
    const rows: JobRecord[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM export_jobs WHERE active_site_id = ? AND site_id = ?`,
      [siteId, siteId],
    );
    return rows[0] ? toJob(rows[0]) : null;
  }

  /** The site's latest jobs, newest first. */
  async latest(siteId: SiteId, limit: number): Promise<ExportJob[]> {
    const rows: JobRecord[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM export_jobs WHERE site_id = ? ORDER BY id DESC LIMIT ?`,
      [siteId, limit],
    );
    return rows.map(toJob);
  }

  /**
   * Takes the oldest queued job, or a running one whose worker stopped beating (a crash), for
   * this worker. SKIP LOCKED: several replicas claim different jobs.
   */
  async claimAcrossSites(now: Date, staleBefore: Date): Promise<ExportJob | null> {
    return this.ds.transaction(async (m) => {
      const rows: JobRecord[] = await m.query(
        `SELECT ${COLUMNS} FROM export_jobs
          WHERE state = 'queued' OR (state = 'running' AND heartbeat_at < ?)
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [staleBefore],
      );
      if (!rows[0]) return null;
      const job = toJob(rows[0]);
      await m.query(
        `UPDATE export_jobs SET state = 'running', started_at = ?, heartbeat_at = ?,
                articles_done = 0, images_done = 0 WHERE id = ?`,
        [now, now, job.id],
      );
      return { ...job, state: 'running' as const, startedAt: now, articlesDone: 0, imagesDone: 0 };
    });
  }

  /** Progress, which is also the worker's heartbeat. */
  async progress(siteId: SiteId, id: number, p: ExportProgress, now: Date): Promise<void> {
    await this.ds.query(
      `UPDATE export_jobs SET articles_total = ?, articles_done = ?, images_total = ?,
              images_done = ?, heartbeat_at = ?
        WHERE site_id = ? AND id = ? AND state = 'running'`,
      [p.articlesTotal, p.articlesDone, p.imagesTotal, p.imagesDone, now, siteId, id],
    );
  }

  async finish(
    siteId: SiteId,
    id: number,
    done: { fileName: string; size: number; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await this.ds.query(
      `UPDATE export_jobs SET state = 'done', active_site_id = NULL, file_name = ?, size = ?,
              finished_at = ?, expires_at = ?, heartbeat_at = ?
        WHERE site_id = ? AND id = ?`,
      [done.fileName, done.size, now, done.expiresAt, now, siteId, id],
    );
  }

  async fail(siteId: SiteId, id: number, error: string, now: Date): Promise<void> {
    await this.ds.query(
      `UPDATE export_jobs SET state = 'failed', active_site_id = NULL, error = ?, finished_at = ?
        WHERE site_id = ? AND id = ?`,
      [error.slice(0, 255), now, siteId, id],
    );
  }

  /** A job the worker stopped (shutdown): queued again, from the start, for the next worker. */
  async requeue(siteId: SiteId, id: number): Promise<void> {
    await this.ds.query(
      `UPDATE export_jobs SET state = 'queued', articles_done = 0, images_done = 0,
              heartbeat_at = NULL WHERE site_id = ? AND id = ? AND state = 'running'`,
      [siteId, id],
    );
  }

  /** Built zips past their expiry, every site (the worker deletes their files). */
  async expiredAcrossSites(now: Date, limit: number): Promise<ExportJob[]> {
    const rows: JobRecord[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM export_jobs WHERE state = 'done' AND expires_at <= ?
        ORDER BY id LIMIT ?`,
      [now, limit],
    );
    return rows.map(toJob);
  }

  async markExpired(siteId: SiteId, id: number): Promise<void> {
    await this.ds.query(
      `UPDATE export_jobs SET state = 'expired', file_name = NULL
        WHERE site_id = ? AND id = ? AND state = 'done'`,
      [siteId, id],
    );
  }

  /** What the job will walk: the site's articles outside the Trash, and its images. */
  async totals(siteId: SiteId): Promise<{ articles: number; images: number }> {
    const [row]: { articles: number; images: number }[] = await this.ds.query(
      `SELECT (SELECT COUNT(*) FROM articles WHERE site_id = ? AND deleted_at IS NULL) AS articles,
              (SELECT COUNT(*) FROM images WHERE site_id = ?) AS images`,
      [siteId, siteId],
    );
    return { articles: Number(row.articles), images: Number(row.images) };
  }
}
