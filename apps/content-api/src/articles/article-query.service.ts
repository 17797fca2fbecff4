import { Injectable } from '@nestjs/common';
import { ApiError, fieldError, messages } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { fullTextQuery, siteHasLanguage } from '@hc/content';
import { pageMeta, Paging, queryEnum, queryInteger, queryString, readPaging } from '@hc/http';
import { CategoriesRepository } from '../categories/categories.repository';
import { toArticleResponse } from './article.mapper';
import { ArticlesRepository, ListFilter } from './articles.repository';

type Query = Record<string, unknown>;

/** Spec 4.4: search returns at most 15 matches whatever `limit` and `page` say. */
export const SEARCH_MAX = 15;
export const ARTICLE_STATUSES = ['published', 'draft'] as const;

/** Every input error of GET /articles is a 400 (spec 4.2: the page size; spec 7: category id). */
async function as400<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) throw new ApiError(400, err.body);
    throw err;
  }
}

/**
 * `updated_since` in UTC: `YYYY-MM-DD`, optionally with a time; a time offset is ignored
 * (spec 4.4), whether sent as `+02:00`, `Z`, or with its `+` decoded to a space.
 */
export function parseUpdatedSince(raw: string): Date | null {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(?:Z|[+\- ]\d{2}(?::?\d{2})?)?$/i.exec(
      raw,
    );
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(
    Number,
  );
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  return date;
}

/** GET /articles: the list with its filters, and search (spec 4.4). */
@Injectable()
export class ArticleQueryService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  async list(site: SiteContext, query: Query) {
    const paging = await as400(() =>
      readPaging(query, { defaultSize: 100, maxSize: 100, overMax: 400 }),
    );
    const search = await as400(() => queryString(query, 'search', { max: 255 }));
    const lang = await as400(() => queryString(query, 'lang'));
    if (lang !== undefined && !siteHasLanguage(site, lang)) {
      throw fieldError('lang', messages.selectedInvalid('lang'), undefined, 400);
    }
    if (search !== undefined)
      return this.search(site, search, lang ?? site.defaultLanguage, paging);

    const filter: ListFilter = { orderBy: 'updated_at', ascending: false };
    const status = await as400(() => queryEnum(query, 'status', ARTICLE_STATUSES));
    if (status) filter.published = status === 'published';
    const since = await as400(() => queryString(query, 'updated_since'));
    if (since !== undefined) {
      const date = parseUpdatedSince(since);
      if (!date) throw fieldError('updated_since', messages.date('updated_since'), undefined, 400);
      filter.updatedSince = date;
    }
    const orderBy = await as400(() =>
      queryEnum(query, 'order_by', ['views', 'updated_at'] as const),
    );
    if (orderBy === 'views') filter.orderBy = 'views';
    const orderType = await as400(() => queryEnum(query, 'order_type', ['asc', 'desc'] as const));
    filter.ascending = orderType === 'asc';
    const categoryId = await as400(() => queryInteger(query, 'category_id', { min: 0 }));
    if (categoryId !== undefined) {
      if (
        categoryId > 0 &&
        !(await this.categories.existingIds(site.id, [categoryId])).has(categoryId)
      ) {
        throw fieldError(
          'category_id',
          messages.selectedInvalid('category_id'),
          messages.selectedInvalid('category_id'),
          400,
        );
      }
      filter.categoryId = categoryId;
    }
    if (lang !== undefined) filter.lang = lang;
    // #25: `outdated=1` keeps articles with a translation marked outdated.
    const outdated = await as400(() => queryEnum(query, 'outdated', ['0', '1'] as const));
    if (outdated === '1') filter.outdated = true;

    const { ids, total } = await this.articles.list(site.id, filter, paging.offset, paging.perPage);
    const views = await this.articles.load(site.id, ids);
    return {
      status: 'success',
      articles: views.map((v) => toArticleResponse(v, site)),
      meta: pageMeta(paging, total),
    };
  }

  /**
   * Only what an anonymous reader could find, at most 15 matches; `page` and `limit` page
   * within them. On a site whose default language is not English only articles that also have
   * a released English translation are found (spec 4.4).
   */
  private async search(site: SiteContext, text: string, lang: string, paging: Paging) {
    const query = fullTextQuery(text);
    const matches = query
      ? await this.articles.search(site.id, {
          query,
          lang,
          requireEnglish: site.defaultLanguage !== 'en',
          max: SEARCH_MAX,
        })
      : [];
    const pageIds = matches.slice(paging.offset, paging.offset + paging.perPage);
    const views = await this.articles.load(site.id, pageIds);
    return {
      status: 'success',
      articles: views.map((v) => toArticleResponse(v, site)),
      meta: pageMeta(paging, matches.length),
    };
  }
}
