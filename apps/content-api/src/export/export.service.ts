import { Injectable } from '@nestjs/common';
import { formatB } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { toArticleResponse } from '../articles/article.mapper';
import { ArticlesRepository } from '../articles/articles.repository';
import { CategoriesRepository } from '../categories/categories.repository';
import { toCategoryResponse } from '../categories/category.mapper';

/**
 * GET /export (spec 4.2, 4.11): a cursor walk in id order. Categories come on the first page
 * (cursor 0); drafts are in, the Trash is out; `limit` 100 by default, at most 200 (422 above).
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  async page(site: SiteContext, query: { cursor?: number; limit?: number }) {
    const generatedAt = new Date();
    const cursor = query.cursor ?? 0;
    const perPage = query.limit ?? 100;
    const [ids, categories] = await Promise.all([
      this.articles.idsAfter(site.id, cursor, perPage + 1),
      cursor === 0 ? this.categories.all(site.id) : Promise.resolve(null),
    ]);
    const hasMore = ids.length > perPage;
    const pageIds = hasMore ? ids.slice(0, perPage) : ids;
    const views = await this.articles.load(site.id, pageIds);
    return {
      snapshot: { generated_at: formatB(generatedAt) },
      ...(categories ? { categories: categories.map((c) => toCategoryResponse(c)) } : {}),
      articles: views.map((v) => toArticleResponse(v, site)),
      cursor: { next: hasMore ? pageIds[pageIds.length - 1] : null, has_more: hasMore },
    };
  }
}
