import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { paths } from '@hc/client';
import { api, unwrap } from '../api/client';
import { decliningArticles, type ViewsRead } from './declining';
import { analyticsQuery, type AnalyticsSearch, type ContentSort } from './search';

type Ok<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;

export type Summary = Ok<'/v1/analytics/summary'>;
export type ContentAnswer = Ok<'/v1/analytics/content'>;
export type ContentArticle = ContentAnswer['articles'][number];
export type SearchesAnswer = Ok<'/v1/analytics/searches'>;
export type Day = Summary['daily'][number];

/** Each list of GET /v1/analytics/searches holds this many entries (the API's maximum). */
const SEARCH_LIMIT = 50;
/** How many pages of GET /v1/analytics/content (25 each) the declining list compares. */
export const DECLINE_PAGES = 4;

type ContentQuery = ReturnType<typeof analyticsQuery> & { sort?: ContentSort };

const readContent = (query: ContentQuery, page: number) =>
  unwrap(api.GET('/v1/analytics/content', { params: { query: { ...query, page } } }));

/** The most viewed articles of a range, up to `pages` pages; `complete` when that was all. */
export async function readViews(
  query: ReturnType<typeof analyticsQuery>,
  pages: number,
): Promise<ViewsRead & { range: ContentAnswer['range'] }> {
  const articles: ContentArticle[] = [];
  for (let page = 1; ; page++) {
    const answer = await readContent(query, page);
    articles.push(...answer.articles);
    const complete = page >= answer.meta.total_pages || answer.articles.length === 0;
    if (complete || page >= pages) return { articles, complete, range: answer.range };
  }
}

/**
 * The screen's data, all for the range and language of the URL (query keys start with the
 * site, so another site's figures never show): the summary with its days, the most viewed
 * articles, the searches, and the declining articles (this range against the one before it,
 * compared on the client from two reads of GET /v1/analytics/content).
 */
export function useAnalytics(siteId: number, search: AnalyticsSearch) {
  const query = analyticsQuery(search);
  const key = ['analytics', siteId, query] as const;
  const summary = useQuery({
    queryKey: [...key, 'summary'],
    queryFn: () => unwrap(api.GET('/v1/analytics/summary', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const order = search.sort ? { sort: search.sort } : {};
  const top = useQuery({
    queryKey: [...key, 'content', order, search.page ?? 1],
    queryFn: () => readContent({ ...query, ...order }, search.page ?? 1),
    placeholderData: keepPreviousData,
  });
  const searches = useQuery({
    queryKey: [...key, 'searches'],
    queryFn: () =>
      unwrap(
        api.GET('/v1/analytics/searches', { params: { query: { ...query, limit: SEARCH_LIMIT } } }),
      ),
    placeholderData: keepPreviousData,
  });
  const declining = useQuery({
    queryKey: [...key, 'declining'],
    queryFn: async () => {
      const now = await readViews(query, DECLINE_PAGES);
      const previous = { ...query, from: now.range.previous.from, to: now.range.previous.to };
      const before = await readViews(previous, DECLINE_PAGES);
      return { range: now.range, articles: decliningArticles(before, now) };
    },
    placeholderData: keepPreviousData,
  });
  return { summary, top, searches, declining };
}
