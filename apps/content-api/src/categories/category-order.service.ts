import { Injectable } from '@nestjs/common';
import { htmlNotFound, messages, validationError } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { writeAuditEvent } from '@hc/events';
import { announceArticles } from '../article-events/article-events';
import { CategoriesRepository, CategoryRow } from './categories.repository';
import { announceCategory, SITE_DEFAULT_ARTICLE_SORT } from './categories.service';
import { toCategoryResponse } from './category.mapper';
import { CategoryArticlesRepository } from './category-articles.repository';

/** The order of categories among their siblings and of a category's articles (spec 4.6). */
@Injectable()
export class CategoryOrderService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly links: CategoryArticlesRepository,
  ) {}

  /**
   * PUT /categories/order: positions follow the array among siblings (unlisted siblings keep
   * their order after the listed ones); `category.updated` per category whose position changed.
   */
  async reorder(site: SiteContext, ids: number[]) {
    if (ids.length === 0) throw validationError({ order: [messages.required('order')] });
    return this.categories.transaction(async (m) => {
      const all = await this.categories.all(site.id, m);
      const byId = new Map(all.map((c) => [c.id, c]));
      const unknown = ids.map((id, i) => [id, i] as const).filter(([id]) => !byId.has(id));
      if (unknown.length) {
        throw validationError(
          Object.fromEntries(
            unknown.map(([, i]) => [`order.${i}`, [messages.selectedInvalid(`order.${i}`)]]),
          ),
        );
      }
      // Listed categories first in the order sent, then their unlisted siblings as they were.
      const listed = new Set(ids);
      const groups = new Map<number | null, number[]>();
      for (const id of ids) {
        const parent = (byId.get(id) as CategoryRow).parentId;
        if (!groups.has(parent)) groups.set(parent, []);
        (groups.get(parent) as number[]).push(id);
      }
      const now = new Date();
      const changed: number[] = [];
      for (const [parent, order] of groups) {
        const rest = all.filter((c) => c.parentId === parent && !listed.has(c.id)).map((c) => c.id);
        for (const [position, id] of [...order, ...rest].entries()) {
          if ((byId.get(id) as CategoryRow).position !== position) {
            await this.categories.update(site.id, m, id, { position }, now);
            changed.push(id);
          }
        }
      }
      for (const id of changed) {
        // Issue 24: one audit entry for the whole reorder (below), not one per category.
        await announceCategory(this.categories, m, site, id, 'category.updated', null);
      }
      await writeAuditEvent(m, site, 'category.reorder', { type: 'site', id: site.id });
      const rows = await Promise.all(ids.map((id) => this.categories.findById(site.id, id, m)));
      return {
        message: 'The category order was saved.',
        updated_count: changed.length,
        categories: rows
          .filter((r): r is CategoryRow => r !== null)
          .map((r) => toCategoryResponse(r)),
      };
    });
  }

  /**
   * PUT /categories/{id}/articles/order: the custom order of the category's articles. Ids not
   * in the category (or in the Trash, or foreign) are skipped. No event through the API; in the
   * dashboard (`announce`) `article.updated` per article whose position changed (spec 6).
   */
  async reorderArticles(site: SiteContext, id: number, ids: number[], announce = false) {
    const category = await this.categories.findById(site.id, id);
    if (!category) throw htmlNotFound();
    if (ids.length === 0) throw validationError({ order: [messages.required('order')] });
    const { updated, skipped } = await this.categories.transaction(async (m) => {
      const result = await this.links.setOrder(site.id, m, id, ids);
      await writeAuditEvent(m, site, 'category.reorder_articles', { type: 'category', id });
      // The one audit entry above records the reorder; the events carry no entry of their own.
      if (announce)
        await announceArticles(m, site, 'article.updated', result.moved, undefined, null);
      return result;
    });
    const sort = category.articleSort ?? SITE_DEFAULT_ARTICLE_SORT;
    const visible = sort === 'custom';
    return {
      message: 'The article order was saved.',
      updated_count: updated,
      skipped_article_ids: skipped,
      order_visible: visible,
      article_sort: sort,
      article_sort_source: category.articleSort ? 'category' : 'site_default',
      hint: visible
        ? null
        : `Readers see this order only when the category sorts its articles by Custom; it sorts them by ${sort} now. Choose Custom in the category's settings in the dashboard.`,
    };
  }
}
