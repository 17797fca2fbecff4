import type { ResponseTable, Schema } from '@hc/http';
import { answers, arr, bool, date, id, int, links, nullable, num, obj, ok, str } from '@hc/http';
import { success } from '@hc/http';
import { RATINGS } from '../articles/article.schema';
import { validation } from '../http/answers.schema';
import type { AnalyticsController } from './analytics.controller';

const period = obj({ value: int, previous: int, change_percent: nullable(num) });
/** `{<name>: {value, previous, change_percent}}` for each name. */
const periods = <const N extends string>(...names: N[]) =>
  obj(Object.fromEntries(names.map((n) => [n, period]))) as Schema<
    Record<N, { value: number; previous: number; change_percent: number | null }>
  >;
const range = obj({
  from: date,
  to: date,
  days: int,
  lang: nullable(str),
  previous: obj({ from: date, to: date }),
});

/** The answers of the analytics routes (issue 29), held against their handlers. */
export const ANALYTICS_RESPONSES: ResponseTable = {
  AnalyticsController_summary: {
    200: ok(
      'Traffic, ratings and activity against the previous period, totals, and the range day by day (`daily`, every day, oldest first).',
      answers<AnalyticsController, 'summary'>()(
        obj({
          status: success,
          range,
          summary: obj({
            traffic: periods('views', 'visitors', 'searches', 'searches_without_results'),
            ratings: periods('thumbs_up', 'thumbs_down', 'love', 'total'),
            activity: periods('comments', 'feedback_messages', 'contact_messages'),
            totals: obj({
              published_articles: int,
              draft_articles: int,
              categories: int,
              pending_comments: int,
              views_all_time: int,
              ratings_all_time: RATINGS,
            }),
          }),
          daily: arr(
            obj({
              day: date,
              views: int,
              visitors: int,
              searches: int,
              searches_without_results: int,
              ratings: RATINGS,
            }),
          ),
        }),
        true,
      ),
    ),
    422: validation,
  },
  AnalyticsController_content: {
    200: ok(
      'Articles by views (never-viewed ones excluded).',
      answers<AnalyticsController, 'content'>()(
        obj({
          status: success,
          range,
          excludes_never_viewed: bool,
          articles: arr(
            obj({
              id,
              title: nullable(str),
              category_id: nullable(int),
              views: int,
              ratings: RATINGS,
              comments: int,
              _links: links('view'),
            }),
          ),
          meta: obj({ page: int, per_page: int, total_pages: int, items_count: int, sort: str }),
        }),
        true,
      ),
    ),
    422: validation,
  },
  AnalyticsController_searches: {
    200: ok(
      'Content gaps, frequent queries and common terms (top N each).',
      answers<AnalyticsController, 'searches'>()(
        obj({
          status: success,
          range,
          content_gaps: arr(obj({ query: str, searches: int, last_results_count: nullable(int) })),
          frequent_queries: arr(
            obj({
              query: str,
              searches: int,
              without_results: int,
              last_results_count: nullable(int),
            }),
          ),
          common_terms: arr(obj({ term: str, searches: int })),
          meta: obj({
            limit: int,
            lists_are_top_n: bool,
            total_searches: int,
            searches_without_results: int,
          }),
        }),
        true,
      ),
    ),
    422: validation,
  },
};
