import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { slugify } from '@hc/content';
import { ActivityRepository } from '../data/activity.repository';
import type { Subject } from '../render/context';
import { isBot, readerKey } from '../http/access';
import type { Admitted } from '../site/gate.service';
import {
  ArticleSummary,
  CategoryRow,
  ContentRepository,
  ListOrder,
} from '../data/content.repository';
import { PageRenderer } from '../serving/page-renderer';
import { queryString, refId } from '../http/reader-request';

/** Spec 4.4: search gives at most 15 matches. */
export const SEARCH_MAX = 15;
const QUERY_MAX = 190;
const CATEGORY_LIST_MAX = 200;

/** The pages that list articles: a category's, and the search page (each search recorded). */
@Injectable()
export class ListingPagesService {
  constructor(
    private readonly content: ContentRepository,
    private readonly activity: ActivityRepository,
    private readonly renderer: PageRenderer,
  ) {}

  async category(
    req: Request,
    res: Response,
    admitted: Admitted,
    ref: string,
    preview: boolean,
  ): Promise<void> {
    const { site, path } = admitted;
    const categories = await this.content.categories(site.id);
    const id = refId(ref);
    const category =
      (id !== null ? categories.find((c) => c.id === id) : undefined) ??
      categories.find((c) =>
        Object.entries(c.name).some(
          ([lang, name]) => slugify(name, lang) === ref || slugify(name) === ref,
        ),
      );
    if (!category) return this.renderer.notFound(req, res, admitted, preview);
    const articles = await this.content.list(site.id, path.lang!, {
      categoryId: category.id,
      order: categoryOrder(category),
      limit: CATEGORY_LIST_MAX,
    });
    const name = category.name[path.lang!] ?? category.name[site.defaultLanguage] ?? '';
    const subject: Subject = { kind: 'category', category, articles };
    return this.renderer.render(req, res, admitted, 'category', subject, 200, preview, {
      title: name,
      path: `/categories/${category.id}-${slugify(name)}`,
    });
  }

  async search(req: Request, res: Response, admitted: Admitted, preview: boolean): Promise<void> {
    const { site, path } = admitted;
    const raw = queryString(req, 'q');
    const query = raw === null ? '' : [...raw.trim()].slice(0, QUERY_MAX).join('');
    let results: ArticleSummary[] | null = null;
    let didYouMean: string | null = null;
    if (query) {
      const requireEnglish = site.defaultLanguage !== 'en';
      const found = await this.content.search(
        site.id,
        path.lang!,
        query,
        requireEnglish,
        SEARCH_MAX,
      );
      results = found.results;
      // Issue 40: "did you mean" only when the corrected query finds more.
      if (found.corrected && results.length < SEARCH_MAX) {
        const better = await this.content.search(
          site.id,
          path.lang!,
          found.corrected,
          requireEnglish,
          SEARCH_MAX,
        );
        if (better.results.length > results.length) didYouMean = found.corrected;
      }
      if (!preview && req.method === 'GET' && !isBot(req.headers['user-agent'])) {
        await this.activity.recordSearch(
          site.id,
          path.lang!,
          query,
          results.length,
          readerKey(req, res),
        );
      }
    }
    const subject: Subject = { kind: 'search', query, results, didYouMean };
    return this.renderer.render(req, res, admitted, 'search', subject, 200, preview, {
      path: `/search${query ? `?q=${encodeURIComponent(query)}` : ''}`,
    });
  }
}

function categoryOrder(category: CategoryRow): ListOrder {
  switch (category.articleSort ?? 'newest') {
    case 'custom':
      return 'custom';
    case 'alphabetical':
    case 'title':
      return 'alphabetical';
    case 'popular':
    case 'views':
      return 'popular';
    default:
      return 'recent';
  }
}
