import type { SiteId } from '@hc/contracts';

/**
 * How a site's article search (spec 4.4: FULLTEXT over title and text, reader pages and
 * GET /articles?search=) reads its candidates (issue #28, docs/scaling.md).
 *
 * InnoDB FULLTEXT indexes are table-wide. With `MATCH … AGAINST` in the WHERE clause MariaDB and
 * MySQL always read the search through that index: every row of every site that holds the words
 * is fetched and only then filtered by site, so a site of 100 articles among 100,000 waited as
 * long as the whole table's matches take to fetch. A site small enough is searched the other way
 * round: its own rows, read by its `(site_id, lang, …)` index, each scored by `MATCH` in the
 * select list (the full-text query still runs once, but no other site's row is fetched), and
 * `HAVING score > 0` keeps the matches (InnoDB scores every match above zero). A site that is a
 * large share of the table keeps the index plan, where its own matches are most of what is
 * fetched anyway.
 */
export type SearchPlan = 'site' | 'index';

/**
 * A site is searched by its own rows while it holds at most this share of the table's
 * translations. Fetching a row through the FULLTEXT index cost about three times reading one by
 * the site index (measured: 8,000 fetched in 0.8-1 s, 100,000 read in 3 s), and a word in 6 % of
 * the articles (the costly searches) has 0.06 × table matches: the site plan wins below about a
 * fifth of the table; a twentieth leaves room for rarer words, whose index plan is cheap anyway.
 */
export const SEARCH_SITE_SHARE = 1 / 20;
const SIZE_TTL_MS = 10 * 60_000;
const SIZE_CACHE_MAX = 10_000;

type Queryable = { query: (sql: string, params?: unknown[]) => Promise<unknown> };
type Size = { rows: number; until: number };

/**
 * Chooses a site's plan from its number of translations in the language against the table's
 * (the server's estimate), each kept ten minutes.
 */
export class SearchPlanner {
  private readonly sizes = new Map<string, Size>();
  private table: Size | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly share = SEARCH_SITE_SHARE,
  ) {}

  async plan(siteId: SiteId, lang: string): Promise<SearchPlan> {
    const key = `${siteId} ${lang}`;
    let size = this.sizes.get(key);
    if (!size || size.until <= Date.now()) {
      const rows = (await this.db.query(
        'SELECT COUNT(*) AS n FROM article_translations WHERE site_id = ? AND lang = ?',
        [siteId, lang],
      )) as { n: number | string }[];
      size = { rows: Number(rows[0]?.n ?? 0), until: Date.now() + SIZE_TTL_MS };
      if (this.sizes.size >= SIZE_CACHE_MAX) this.sizes.clear();
      this.sizes.set(key, size);
    }
    if (!this.table || this.table.until <= Date.now()) {
      const rows = (await this.db.query(
        `SELECT TABLE_ROWS AS n FROM information_schema.TABLES
         WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'article_translations'`,
      )) as { n: number | string | null }[];
      this.table = { rows: Number(rows[0]?.n ?? 0), until: Date.now() + SIZE_TTL_MS };
    }
    return size.rows <= this.table.rows * this.share ? 'site' : 'index';
  }
}

/**
 * The parts of a search statement that differ by plan, for a statement that selects
 * `MATCH(t.title, t.search_text) AGAINST (? IN BOOLEAN MODE) AS score`: `where` (after the other
 * conditions; takes the boolean query once more as a parameter when not empty, `whereParams`)
 * and `having` (before ORDER BY).
 */
export function searchMatch(
  plan: SearchPlan,
  booleanQuery: string,
): { where: string; whereParams: unknown[]; having: string } {
  return plan === 'index'
    ? {
        where: 'AND MATCH(t.title, t.search_text) AGAINST (? IN BOOLEAN MODE)',
        whereParams: [booleanQuery],
        having: '',
      }
    : { where: '', whereParams: [], having: 'HAVING score > 0' };
}
