import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DateRange, instants } from './analytics-range';
import type { SiteId } from '@hc/contracts';

export interface TrafficFigures {
  views: number;
  visitors: number;
  searches: number;
  searches_without_results: number;
}

export interface RatingFigures {
  thumbs_up: number;
  thumbs_down: number;
  love: number;
}

export interface ActivityFigures {
  comments: number;
  feedback_messages: number;
  contact_messages: number;
}

export interface ContentRow {
  id: number;
  views: number;
  thumbs_up: number;
  thumbs_down: number;
  love: number;
  comments: number;
}

export const CONTENT_SORTS = [
  'views',
  'thumbs_up',
  'thumbs_down',
  'love',
  'ratings',
  'comments',
] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];

const SORT_SQL: Record<ContentSort, string> = {
  views: 'views DESC',
  thumbs_up: 'thumbs_up DESC, views DESC',
  thumbs_down: 'thumbs_down DESC, views DESC',
  love: 'love DESC, views DESC',
  ratings: '(thumbs_up + thumbs_down + love) DESC, views DESC',
  comments: 'comments DESC, views DESC',
};

export interface SearchQueryRow {
  query: string;
  searches: number;
  without_results: number;
  last_results_count: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** Reads for GET /analytics/*: the rollup tables for traffic, the live tables for the rest. */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async traffic(siteId: SiteId, range: DateRange, lang: string | null): Promise<TrafficFigures> {
    const rows = await this.ds.query(
      `SELECT SUM(views) AS views, SUM(visitors) AS visitors, SUM(searches) AS searches,
              SUM(searches_without_results) AS zero
       FROM analytics_daily WHERE site_id = ? AND day BETWEEN ? AND ? ${lang ? 'AND lang = ?' : ''}`,
      [siteId, range.from, range.to, ...(lang ? [lang] : [])],
    );
    const r = rows[0] ?? {};
    return {
      views: num(r.views),
      visitors: num(r.visitors),
      searches: num(r.searches),
      searches_without_results: num(r.zero),
    };
  }

  /** Traffic per day of the range (days without rollup rows are absent). */
  async trafficByDay(
    siteId: SiteId,
    range: DateRange,
    lang: string | null,
  ): Promise<Map<string, TrafficFigures>> {
    const rows = await this.ds.query(
      `SELECT DATE_FORMAT(day, '%Y-%m-%d') AS day, SUM(views) AS views, SUM(visitors) AS visitors,
              SUM(searches) AS searches, SUM(searches_without_results) AS zero
       FROM analytics_daily WHERE site_id = ? AND day BETWEEN ? AND ? ${lang ? 'AND lang = ?' : ''}
       GROUP BY day`,
      [siteId, range.from, range.to, ...(lang ? [lang] : [])],
    );
    return new Map(
      rows.map((r: Record<string, unknown>) => [
        String(r.day),
        {
          views: num(r.views),
          visitors: num(r.visitors),
          searches: num(r.searches),
          searches_without_results: num(r.zero),
        },
      ]),
    );
  }

  /** Ratings given per day (UTC) of the range (days without ratings are absent). */
  async ratingsByDay(
    siteId: SiteId,
    range: DateRange,
    lang: string | null,
  ): Promise<Map<string, RatingFigures>> {
    const [start, end] = instants(range);
    const rows = await this.ds.query(
      `SELECT DATE_FORMAT(created_at, '%Y-%m-%d') AS day, SUM(rating = 'thumbs_up') AS up,
              SUM(rating = 'thumbs_down') AS down, SUM(rating = 'love') AS love
       FROM article_feedback WHERE site_id = ? AND created_at >= ? AND created_at < ? ${lang ? 'AND lang = ?' : ''}
       GROUP BY 1`,
      [siteId, start, end, ...(lang ? [lang] : [])],
    );
    return new Map(
      rows.map((r: Record<string, unknown>) => [
        String(r.day),
        { thumbs_up: num(r.up), thumbs_down: num(r.down), love: num(r.love) },
      ]),
    );
  }

  async ratings(siteId: SiteId, range: DateRange, lang: string | null): Promise<RatingFigures> {
    const [start, end] = instants(range);
    const rows = await this.ds.query(
      `SELECT SUM(rating = 'thumbs_up') AS up, SUM(rating = 'thumbs_down') AS down, SUM(rating = 'love') AS love
       FROM article_feedback WHERE site_id = ? AND created_at >= ? AND created_at < ? ${lang ? 'AND lang = ?' : ''}`,
      [siteId, start, end, ...(lang ? [lang] : [])],
    );
    const r = rows[0] ?? {};
    return { thumbs_up: num(r.up), thumbs_down: num(r.down), love: num(r.love) };
  }

  async activity(siteId: SiteId, range: DateRange, lang: string | null): Promise<ActivityFigures> {
    const [start, end] = instants(range);
    const l = lang ? 'AND lang = ?' : '';
    const p = [siteId, start, end, ...(lang ? [lang] : [])];
    const [comments, feedback, contact] = await Promise.all([
      this.ds.query(
        `SELECT COUNT(*) AS n FROM comments WHERE site_id = ? AND created_at >= ? AND created_at < ? AND status <> 'deleted' ${l}`,
        p,
      ),
      this.ds.query(
        `SELECT COUNT(*) AS n FROM article_feedback WHERE site_id = ? AND created_at >= ? AND created_at < ? AND message IS NOT NULL ${l}`,
        p,
      ),
      this.ds.query(
        `SELECT COUNT(*) AS n FROM contact_messages WHERE site_id = ? AND created_at >= ? AND created_at < ? ${l}`,
        p,
      ),
    ]);
    return {
      comments: num(comments[0]?.n),
      feedback_messages: num(feedback[0]?.n),
      contact_messages: num(contact[0]?.n),
    };
  }

  /** Current totals (not per period). */
  async totals(siteId: SiteId, lang: string | null) {
    const released = lang
      ? `AND EXISTS (SELECT 1 FROM article_translations t WHERE t.article_id = a.id AND t.lang = ? AND t.released = 1)`
      : '';
    const lp = lang ? [lang] : [];
    const [articles, categories, comments, stats] = await Promise.all([
      this.ds.query(
        `SELECT SUM(a.published = 1) AS published, SUM(a.published = 0) AS drafts FROM articles a
         WHERE a.site_id = ? AND a.deleted_at IS NULL ${released}`,
        [siteId, ...lp],
      ),
      this.ds.query('SELECT COUNT(*) AS n FROM categories WHERE site_id = ?', [siteId]),
      this.ds.query(
        `SELECT COUNT(*) AS n FROM comments WHERE site_id = ? AND status = 'pending' ${lang ? 'AND lang = ?' : ''}`,
        [siteId, ...lp],
      ),
      this.ds.query(
        `SELECT SUM(s.views) AS views, SUM(s.thumbs_up) AS up, SUM(s.thumbs_down) AS down, SUM(s.love) AS love
         FROM article_stats s JOIN articles a ON a.id = s.article_id
         WHERE s.site_id = ? AND a.deleted_at IS NULL`,
        [siteId],
      ),
    ]);
    return {
      published_articles: num(articles[0]?.published),
      draft_articles: num(articles[0]?.drafts),
      categories: num(categories[0]?.n),
      pending_comments: num(comments[0]?.n),
      views_all_time: num(stats[0]?.views),
      ratings_all_time: {
        thumbs_up: num(stats[0]?.up),
        thumbs_down: num(stats[0]?.down),
        love: num(stats[0]?.love),
      },
    };
  }

  async categoryExists(siteId: SiteId, id: number): Promise<boolean> {
    const rows = await this.ds.query('SELECT id FROM categories WHERE site_id = ? AND id = ?', [
      siteId,
      id,
    ]);
    return rows.length > 0;
  }

  /** Articles viewed in the range (views from the rollup), with ratings and comments of the range. */
  async content(
    siteId: SiteId,
    range: DateRange,
    lang: string | null,
    options: { categoryId: number | null; sort: ContentSort; limit: number; offset: number },
  ): Promise<{ rows: ContentRow[]; total: number }> {
    const [start, end] = instants(range);
    const l = lang ? 'AND lang = ?' : '';
    const lp = lang ? [lang] : [];
    const category =
      options.categoryId === null
        ? ''
        : 'JOIN article_categories ac ON ac.article_id = a.id AND ac.category_id = ?';
    const cp = options.categoryId === null ? [] : [options.categoryId];
    const from = `FROM (SELECT article_id, SUM(views) AS views FROM analytics_article_daily
                   WHERE site_id = ? AND day BETWEEN ? AND ? ${l} GROUP BY article_id) v
       JOIN articles a ON a.id = v.article_id AND a.site_id = ? AND a.deleted_at IS NULL
       ${category}`;
    const fp = [siteId, range.from, range.to, ...lp, siteId, ...cp];
    const [rows, count] = await Promise.all([
      this.ds.query(
        `SELECT a.id, v.views, COALESCE(f.up, 0) AS thumbs_up, COALESCE(f.down, 0) AS thumbs_down,
                COALESCE(f.love, 0) AS love, COALESCE(c.n, 0) AS comments
         ${from}
         LEFT JOIN (SELECT article_id, SUM(rating = 'thumbs_up') AS up, SUM(rating = 'thumbs_down') AS down,
                      SUM(rating = 'love') AS love FROM article_feedback
                    WHERE site_id = ? AND created_at >= ? AND created_at < ? ${l} GROUP BY article_id) f
           ON f.article_id = a.id
         LEFT JOIN (SELECT article_id, COUNT(*) AS n FROM comments
                    WHERE site_id = ? AND created_at >= ? AND created_at < ? AND status <> 'deleted' ${l}
                    GROUP BY article_id) c ON c.article_id = a.id
         ORDER BY ${SORT_SQL[options.sort]}, a.id ASC LIMIT ? OFFSET ?`,
        [
          ...fp,
          siteId,
          start,
          end,
          ...lp,
          siteId,
          start,
          end,
          ...lp,
          options.limit,
          options.offset,
        ],
      ),
      this.ds.query(`SELECT COUNT(*) AS n ${from}`, fp),
    ]);
    return {
      rows: rows.map((r: Record<string, unknown>) => ({
        id: num(r.id),
        views: num(r.views),
        thumbs_up: num(r.thumbs_up),
        thumbs_down: num(r.thumbs_down),
        love: num(r.love),
        comments: num(r.comments),
      })),
      total: num(count[0]?.n),
    };
  }

  /** Titles and slugs of articles: the language asked for, else the site's default, else any. */
  async titles(
    siteId: SiteId,
    ids: number[],
    lang: string,
  ): Promise<Map<number, { title: string; slug: string; category_id: number | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.ds.query(
      `SELECT t.article_id, t.lang, t.title, t.slug, a.category_id FROM article_translations t
       JOIN articles a ON a.id = t.article_id
       WHERE t.site_id = ? AND t.article_id IN (${ids.map(() => '?').join(',')})
       ORDER BY t.lang = ? DESC, t.created_at ASC`,
      [siteId, ...ids, lang],
    );
    const out = new Map<number, { title: string; slug: string; category_id: number | null }>();
    for (const r of rows) {
      const id = num(r.article_id);
      if (!out.has(id))
        out.set(id, {
          title: r.title,
          slug: r.slug,
          category_id: r.category_id === null ? null : num(r.category_id),
        });
    }
    return out;
  }

  /** Searches of the range grouped by normalized query (rollup), most searched first. */
  async searchQueries(
    siteId: SiteId,
    range: DateRange,
    lang: string | null,
    cap: number,
  ): Promise<SearchQueryRow[]> {
    const rows = await this.ds.query(
      `SELECT query, SUM(searches) AS searches, SUM(without_results) AS zero,
              SUBSTRING_INDEX(GROUP_CONCAT(last_results_count ORDER BY day DESC), ',', 1) AS last_results
       FROM analytics_search_daily WHERE site_id = ? AND day BETWEEN ? AND ? ${lang ? 'AND lang = ?' : ''}
       GROUP BY query ORDER BY searches DESC, query ASC LIMIT ?`,
      [siteId, range.from, range.to, ...(lang ? [lang] : []), cap],
    );
    return rows.map((r: Record<string, unknown>) => ({
      query: String(r.query),
      searches: num(r.searches),
      without_results: num(r.zero),
      last_results_count: num(r.last_results),
    }));
  }
}
