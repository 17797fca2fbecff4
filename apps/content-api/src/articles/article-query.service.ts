import { Injectable } from '@nestjs/common';
import { apiError, AuthErrorCode, fieldError, messages } from '@hc/contracts';
import { isDashboardSession } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { siteHasLanguage } from '@hc/content';
import { pageMeta, Paging } from '@hc/http';
import { CategoriesRepository } from '../categories/categories.repository';
import { toArticleResponse, toListedArticle } from './article.mapper';
import { ArticlesRepository, ListFilter } from './articles.repository';
import { articlesPaging } from './dto/articles-query.dto';
import type { ArticlesQuery } from './dto/articles-query.dto';

/** Spec 4.4: search returns at most 15 matches whatever `limit` and `page` say. */
export const SEARCH_MAX = 15;

const ORDER_BY_INVALID = messages.selectedInvalid('order_by');
const POSITION_NEEDS_CATEGORY =
  'Ordering by position needs a category: send category_id with the category’s id.';

/** GET /articles: the list with its filters, and search (spec 4.4). */
@Injectable()
export class ArticleQueryService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  async list(site: SiteContext, query: ArticlesQuery, ctx: RequestContext) {
    const paging = articlesPaging(query);
    const { search, lang } = query;
    const stored = isDashboardSession(ctx);
    if (query.team_search !== undefined && !stored) {
      throw apiError(
        AuthErrorCode.SessionRequired,
        'team_search is the dashboard’s: only a person signed in to the dashboard can use it; use search.',
      );
    }
    if (query.order_by === 'position') {
      // Keys and tokens keep spec 4.4's `order_by` (views or default): position is not theirs.
      if (!stored) throw fieldError('order_by', ORDER_BY_INVALID, undefined, 400);
      if (!query.category_id)
        throw fieldError('category_id', POSITION_NEEDS_CATEGORY, POSITION_NEEDS_CATEGORY, 400);
    }
    if (lang !== undefined && !siteHasLanguage(site, lang)) {
      throw fieldError('lang', messages.selectedInvalid('lang'), undefined, 400);
    }
    if (search !== undefined)
      return this.search(site, search, lang ?? site.defaultLanguage, paging, stored);
    if (query.team_search !== undefined)
      return this.teamSearch(site, query.team_search, lang, paging);

    const filter: ListFilter = {
      orderBy:
        query.order_by === 'views' || query.order_by === 'position' ? query.order_by : 'updated_at',
      ascending: query.order_type === 'asc',
    };
    if (query.status) filter.published = query.status === 'published';
    if (query.updated_since) filter.updatedSince = query.updated_since;
    const categoryId = query.category_id;
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
    if (query.outdated === '1') filter.outdated = true;
    // Issue 39 (the dashboard's Home): `staged=1` keeps articles with staged changes waiting.
    if (query.staged === '1') filter.staged = true;

    const { ids, total } = await this.articles.list(site.id, filter, paging.offset, paging.perPage);
    return this.page(site, ids, paging, total, stored);
  }

  /** One page of articles in the order of `ids`, with `meta` (the session's view when `stored`). */
  private async page(
    site: SiteContext,
    ids: number[],
    paging: Paging,
    total: number,
    stored: boolean,
  ) {
    const views = await this.articles.load(site.id, ids);
    return {
      articles: views.map((v) => toArticleResponse(v, site, { stored })),
      meta: pageMeta(paging, total),
    };
  }

  /**
   * Issue 37's team search (the dashboard's command palette): titles and text of every language
   * (or `lang`), in every status — drafts, published and the Trash (spec 2.3 rule 6: "Trash
   * status") — private and link-only articles and unreleased translations included, best
   * matches first (live before trashed), paged, without spec 4.4's cap. A trashed article
   * carries its `deleted_at` (format B), as in the Trash's list.
   */
  private async teamSearch(
    site: SiteContext,
    text: string,
    lang: string | undefined,
    paging: Paging,
  ) {
    const langs = lang ? [lang] : [...new Set([site.defaultLanguage, ...site.languages])];
    const { ids, total } = await this.articles.teamSearch(
      site.id,
      { text, langs },
      paging.offset,
      paging.perPage,
    );
    const views = await this.articles.load(site.id, ids);
    return {
      articles: views.map((v) => toListedArticle(v, site, { stored: true })),
      meta: pageMeta(paging, total),
    };
  }

  /**
   * Only what an anonymous reader could find, at most 15 matches; `page` and `limit` page
   * within them. On a site whose default language is not English only articles that also have
   * a released English translation are found (spec 4.4).
   */
  private async search(
    site: SiteContext,
    text: string,
    lang: string,
    paging: Paging,
    stored: boolean,
  ) {
    const matches = await this.articles.search(site.id, {
      text,
      lang,
      requireEnglish: site.defaultLanguage !== 'en',
      max: SEARCH_MAX,
    });
    const pageIds = matches.slice(paging.offset, paging.offset + paging.perPage);
    return this.page(site, pageIds, paging, matches.length, stored);
  }
}
