import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { retryTransaction } from '@hc/events';
import { addDays } from './analytics-range';
import type { SiteId } from '@hc/contracts';

export interface DayRollup {
  date: string;
  site_id: number | null;
  views: number;
  searches: number;
}

/** Site id 0 in analytics_rollups marks a run over every site. */
const ALL_SITES = 0;

/**
 * The daily computation of spec 4.10: one day's reader_views and reader_searches become the
 * analytics_* rows of that day. A run replaces the day's rows in one transaction, so running it
 * twice (replicas, the operator and the schedule) gives the same numbers.
 */
@Injectable()
export class RollupRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** One site's day, or (null) every site's: the worker's run and the operator's `--site`. */
  async rollUp(siteId: SiteId | null, day: string): Promise<DayRollup> {
    return retryTransaction(() => this.ds.transaction((m) => this.rollUpIn(siteId, m, day)));
  }

  private async rollUpIn(siteId: SiteId | null, m: EntityManager, day: string): Promise<DayRollup> {
    const start = new Date(`${day}T00:00:00.000Z`);
    const end = new Date(`${addDays(day, 1)}T00:00:00.000Z`);
    const site = siteId === null ? '' : 'AND site_id = ?';
    const sp = siteId === null ? [] : [siteId];
    for (const table of ['analytics_daily', 'analytics_article_daily', 'analytics_search_daily']) {
      await m.query(`DELETE FROM ${table} WHERE day = ? ${site}`, [day, ...sp]);
    }
    await m.query(
      `INSERT INTO analytics_daily (site_id, day, lang, views, visitors, searches, searches_without_results)
       SELECT site_id, ?, lang, SUM(v), SUM(r), SUM(s), SUM(z) FROM (
         SELECT site_id, lang, COUNT(*) AS v, COUNT(DISTINCT reader_key) AS r, 0 AS s, 0 AS z
           FROM reader_views WHERE day = ? ${site} GROUP BY site_id, lang
         UNION ALL
         SELECT site_id, lang, 0, 0, COUNT(*), SUM(results_count = 0)
           FROM reader_searches WHERE created_at >= ? AND created_at < ? ${site} GROUP BY site_id, lang
       ) x GROUP BY site_id, lang`,
      [day, day, ...sp, start, end, ...sp],
    );
    await m.query(
      `INSERT INTO analytics_article_daily (site_id, day, lang, article_id, views)
       SELECT site_id, day, lang, article_id, COUNT(*) FROM reader_views WHERE day = ? ${site}
       GROUP BY site_id, day, lang, article_id`,
      [day, ...sp],
    );
    await m.query(
      `INSERT INTO analytics_search_daily (site_id, day, lang, query, searches, without_results, last_results_count)
       SELECT site_id, ?, lang, normalized_query, COUNT(*), SUM(results_count = 0),
              CAST(SUBSTRING_INDEX(GROUP_CONCAT(results_count ORDER BY id DESC), ',', 1) AS UNSIGNED)
       FROM reader_searches WHERE created_at >= ? AND created_at < ? ${site}
       GROUP BY site_id, lang, normalized_query`,
      [day, start, end, ...sp],
    );
    await m.query(
      `INSERT INTO analytics_rollups (site_id, day, rolled_up_at) VALUES (?, ?, ?)
       ON DUPLICATE KEY UPDATE rolled_up_at = VALUES(rolled_up_at)`,
      [siteId ?? ALL_SITES, day, new Date()],
    );
    const totals = await m.query(
      `SELECT SUM(views) AS views, SUM(searches) AS searches FROM analytics_daily WHERE day = ? ${site}`,
      [day, ...sp],
    );
    return {
      date: day,
      site_id: siteId,
      views: Number(totals[0]?.views ?? 0),
      searches: Number(totals[0]?.searches ?? 0),
    };
  }

  /** Whether a run over every site has covered this day (cross-site on purpose). */
  async rolledUpAcrossSites(day: string): Promise<boolean> {
    const rows = await this.ds.query(
      'SELECT 1 FROM analytics_rollups WHERE site_id = ? AND day = ?',
      [ALL_SITES, day],
    );
    return rows.length > 0;
  }
}
