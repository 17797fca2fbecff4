import { Injectable } from '@nestjs/common';
import { fieldError, messages, readerSiteUrl } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { addDays, DateRange, previousRange } from './analytics-range';
import { AnalyticsRepository, ContentSort } from './analytics.repository';
import {
  AnalyticsContentQuery,
  AnalyticsQuery,
  analyticsRange,
  AnalyticsSearchesQuery,
  contentPaging,
  SEARCH_LIMIT_DEFAULT,
} from './dto/analytics-query.dto';
/** How many distinct queries common_terms is computed from. */
const TERMS_SAMPLE = 5000;
const STOPWORDS = new Set(
  'a an and are as at be by de der die das el en et for from how i in is it la le of on or the to und was what when where who why with'.split(
    ' ',
  ),
);

function compare(value: number, previous: number) {
  return {
    value,
    previous,
    change_percent: previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10,
  };
}

function compareAll<T extends object>(now: T, before: T) {
  return Object.fromEntries(
    Object.entries(now).map(([k, v]) => [
      k,
      compare(v as number, (before as Record<string, number>)[k]),
    ]),
  ) as { [K in keyof T]: ReturnType<typeof compare> };
}

@Injectable()
export class AnalyticsService {
  constructor(private readonly analytics: AnalyticsRepository) {}

  private lang(site: SiteContext, query: AnalyticsQuery): string | null {
    const lang = query.lang;
    if (lang === undefined) return null;
    if (![site.defaultLanguage, ...site.languages].includes(lang))
      throw fieldError('lang', messages.selectedInvalid('lang'));
    return lang;
  }

  private range(range: DateRange, lang: string | null) {
    const previous = previousRange(range);
    return {
      from: range.from,
      to: range.to,
      days: range.days,
      lang,
      previous: { from: previous.from, to: previous.to },
    };
  }

  async summary(site: SiteContext, query: AnalyticsQuery) {
    const range = analyticsRange(query);
    const lang = this.lang(site, query);
    const before = previousRange(range);
    const [
      traffic,
      trafficBefore,
      ratings,
      ratingsBefore,
      activity,
      activityBefore,
      totals,
      daily,
    ] = await Promise.all([
      this.analytics.traffic(site.id, range, lang),
      this.analytics.traffic(site.id, before, lang),
      this.analytics.ratings(site.id, range, lang),
      this.analytics.ratings(site.id, before, lang),
      this.analytics.activity(site.id, range, lang),
      this.analytics.activity(site.id, before, lang),
      this.analytics.totals(site.id, lang),
      this.daily(site, range, lang),
    ]);
    const total = (r: typeof ratings) => r.thumbs_up + r.thumbs_down + r.love;
    return {
      range: this.range(range, lang),
      summary: {
        traffic: compareAll(traffic, trafficBefore),
        ratings: compareAll(
          { ...ratings, total: total(ratings) },
          { ...ratingsBefore, total: total(ratingsBefore) },
        ),
        activity: compareAll(activity, activityBefore),
        totals,
      },
      daily,
    };
  }

  /**
   * The range day by day (every day listed, oldest first, zeros where nothing happened): the
   * dashboard's charts (issue 39). Traffic from the rollup, ratings live, like the summary.
   */
  private async daily(site: SiteContext, range: DateRange, lang: string | null) {
    const [traffic, ratings] = await Promise.all([
      this.analytics.trafficByDay(site.id, range, lang),
      this.analytics.ratingsByDay(site.id, range, lang),
    ]);
    return Array.from({ length: range.days }, (_, i) => {
      const day = addDays(range.from, i);
      return {
        day,
        views: 0,
        visitors: 0,
        searches: 0,
        searches_without_results: 0,
        ...traffic.get(day),
        ratings: ratings.get(day) ?? { thumbs_up: 0, thumbs_down: 0, love: 0 },
      };
    });
  }

  async content(site: SiteContext, query: AnalyticsContentQuery) {
    const range = analyticsRange(query);
    const lang = this.lang(site, query);
    const paging = contentPaging(query);
    const categoryId = query.category_id ?? null;
    if (categoryId !== null && !(await this.analytics.categoryExists(site.id, categoryId))) {
      throw fieldError('category_id', messages.selectedInvalid('category_id'));
    }
    const sort: ContentSort = query.sort ?? 'views';
    const { rows, total } = await this.analytics.content(site.id, range, lang, {
      categoryId,
      sort,
      limit: paging.perPage,
      offset: paging.offset,
    });
    const titles = await this.analytics.titles(
      site.id,
      rows.map((r) => r.id),
      lang ?? site.defaultLanguage,
    );
    const siteUrl = readerSiteUrl(site.subdomain);
    return {
      range: this.range(range, lang),
      excludes_never_viewed: true,
      articles: rows.map((r) => {
        const t = titles.get(r.id);
        return {
          id: r.id,
          title: t?.title ?? null,
          category_id: t?.category_id ?? null,
          views: r.views,
          ratings: { thumbs_up: r.thumbs_up, thumbs_down: r.thumbs_down, love: r.love },
          comments: r.comments,
          _links: {
            view: {
              method: 'GET',
              url: `${siteUrl}/articles/${r.id}${t?.slug ? `-${t.slug}` : ''}`,
            },
          },
        };
      }),
      meta: {
        page: paging.page,
        per_page: paging.perPage,
        total_pages: Math.max(1, Math.ceil(total / paging.perPage)),
        items_count: total,
        sort,
      },
    };
  }

  async searches(site: SiteContext, query: AnalyticsSearchesQuery) {
    const range = analyticsRange(query);
    const lang = this.lang(site, query);
    const limit = query.limit ?? SEARCH_LIMIT_DEFAULT;
    const queries = await this.analytics.searchQueries(site.id, range, lang, TERMS_SAMPLE);
    const gaps = queries
      .filter((q) => q.without_results > 0)
      .sort((a, b) => b.without_results - a.without_results || a.query.localeCompare(b.query))
      .slice(0, limit)
      .map((q) => ({
        query: q.query,
        searches: q.without_results,
        last_results_count: q.last_results_count,
      }));
    const frequent = queries.slice(0, limit).map((q) => ({
      query: q.query,
      searches: q.searches,
      without_results: q.without_results,
      last_results_count: q.last_results_count,
    }));
    const terms = new Map<string, number>();
    for (const q of queries) {
      for (const word of new Set(q.query.split(/[^\p{L}\p{N}]+/u))) {
        if ([...word].length < 2 || STOPWORDS.has(word)) continue;
        terms.set(word, (terms.get(word) ?? 0) + q.searches);
      }
    }
    const common = [...terms]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([term, searches]) => ({ term, searches }));
    return {
      range: this.range(range, lang),
      content_gaps: gaps,
      frequent_queries: frequent,
      common_terms: common,
      meta: {
        limit,
        lists_are_top_n: true,
        total_searches: queries.reduce((n, q) => n + q.searches, 0),
        searches_without_results: queries.reduce((n, q) => n + q.without_results, 0),
      },
    };
  }
}
