import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { apiError, ContentErrorCode, htmlNotFound, messages, validationError } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { mergeLanguageMap } from '@hc/content';
import { writeWebhookEvent } from '@hc/events';
import { pageMeta } from '@hc/http';
import type { Paging } from '@hc/http';
import { announceArticles } from '../article-events/article-events';
import { CategoriesRepository, CategoryRow } from './categories.repository';
import { categoryEventData, toCategoryResponse } from './category.mapper';
import { CategoryInput } from './category-input';
import { CategoryArticlesRepository } from './category-articles.repository';

export const ON_ORPHAN = ['uncategorize', 'reparent'] as const;
export type OnOrphan = (typeof ON_ORPHAN)[number];

/** Category article sorts; readers see a custom order only with `custom` (spec 4.6). */
export const SITE_DEFAULT_ARTICLE_SORT = 'newest';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Categories (spec 2.4, 4.6). */
/**
 * The category as the write left it, announced (spec 6) in the write's transaction; `audit`
 * null when the caller records the write itself (a reorder records one entry for all).
 */
export async function announceCategory(
  categories: CategoriesRepository,
  m: EntityManager,
  site: SiteContext,
  id: number,
  event: 'category.created' | 'category.updated',
  audit?: null,
): Promise<CategoryRow> {
  const row = (await categories.findById(site.id, id, m)) as CategoryRow;
  await writeWebhookEvent(
    m,
    site,
    event,
    categoryEventData(row, site.defaultLanguage),
    undefined,
    audit,
  );
  return row;
}

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly links: CategoryArticlesRepository,
  ) {}

  /** Unknown or foreign ids are the HTML 404 on PATCH, DELETE and article order (spec 4.1 rule 3). */
  async requireExisting(site: SiteContext, id: number): Promise<void> {
    if (!(await this.categories.findById(site.id, id))) throw htmlNotFound();
  }

  async list(site: SiteContext, paging: Paging) {
    const { rows, total } = await this.categories.page(site.id, paging.offset, paging.perPage);
    return {
      categories: rows.map((r) => toCategoryResponse(r)),
      meta: pageMeta(paging, total),
    };
  }

  async create(site: SiteContext, input: CategoryInput) {
    const category = await this.categories.transaction(async (m) => {
      if (input.parentId) await this.requireParent(m, site, input.parentId);
      const now = new Date();
      const parentId = input.parentId ?? null;
      const id = await this.categories.insert(
        site.id,
        m,
        {
          parentId,
          name: mergeLanguageMap({}, input.name ?? {}),
          description: mergeLanguageMap({}, input.description ?? {}),
          icon: input.icon ?? null,
          position: input.position ?? (await this.categories.nextPosition(site.id, m, parentId)),
        },
        now,
      );
      return announceCategory(this.categories, m, site, id, 'category.created');
    });
    // spec 2.4: stored after the ordered ones, but the create response shows 0.
    return {
      category: toCategoryResponse(category, input.position === undefined ? { position: 0 } : {}),
    };
  }

  async update(site: SiteContext, id: number, input: CategoryInput) {
    if (!(await this.categories.findById(site.id, id))) throw htmlNotFound();
    const category = await this.categories.transaction(async (m) => {
      const current = await this.categories.findForUpdate(site.id, m, id);
      if (!current) throw htmlNotFound();
      const changes = await this.changes(m, site, current, input);
      await this.categories.update(site.id, m, id, changes, new Date());
      return announceCategory(this.categories, m, site, id, 'category.updated');
    });
    return { category: toCategoryResponse(category) };
  }

  /**
   * DELETE /categories/{id}: never deletes articles. Without `on_orphan` a category holding
   * articles or subcategories is refused with what it holds. `uncategorize`: its articles lose
   * it and its subcategories go to the top level; `reparent`: both move to its parent (the top
   * level / no category when it has none). Trashed articles are refiled the same way.
   */
  async delete(site: SiteContext, id: number, onOrphan: OnOrphan | undefined, inDashboard = false) {
    if (!(await this.categories.findById(site.id, id))) throw htmlNotFound();
    return this.categories.transaction(async (m) => {
      const category = await this.categories.findForUpdate(site.id, m, id);
      if (!category) throw htmlNotFound();
      const held = await this.links.articlesIn(site.id, m, id);
      const active = held.filter((a) => !a.trashed).map((a) => a.id);
      const trashed = held.filter((a) => a.trashed).map((a) => a.id);
      const children = await this.categories.children(site.id, m, id);
      if (!onOrphan && (active.length || children.length)) {
        const parts = [
          ...(active.length ? [plural(active.length, 'article', 'articles')] : []),
          ...(children.length ? [plural(children.length, 'subcategory', 'subcategories')] : []),
        ];
        throw apiError(
          ContentErrorCode.CategoryNotEmpty,
          `This category holds ${parts.join(' and ')}. Choose what happens to them with on_orphan=uncategorize or on_orphan=reparent.`,
          {
            articles_count: active.length,
            children_count: children.length,
            on_orphan_choices: [...ON_ORPHAN],
          },
        );
      }
      const policy: OnOrphan = onOrphan ?? 'uncategorize';
      const target = policy === 'reparent' ? category.parentId : null;
      const data = categoryEventData(category, site.defaultLanguage);
      await this.links.refile(site.id, m, id, [...active, ...trashed], target);
      if (children.length) {
        let position = await this.categories.nextPosition(site.id, m, target);
        for (const child of children)
          await this.categories.update(
            site.id,
            m,
            child,
            { parentId: target, position: position++ },
            new Date(),
          );
      }
      await this.categories.delete(site.id, m, id);
      await writeWebhookEvent(m, site, 'category.deleted', data);
      // spec 6: an API category delete sends article.updated for an article left in one
      // category; the dashboard's (`inDashboard`, issue 37) sends only category.deleted.
      const single = inDashboard ? [] : await this.links.inExactlyOneCategory(site.id, m, active);
      if (single.length) {
        await this.links.touch(site.id, m, single, new Date());
        await announceArticles(m, site, 'article.updated', single);
      }
      return {
        message: 'The category was deleted.',
        on_orphan: onOrphan ?? null,
        articles_moved: active.length,
        children_moved: children.length,
        trashed_articles_refiled: trashed.length,
        // Categories have no Trash in this service: a deleted category is gone, so none are refiled.
        trashed_children_refiled: 0,
        moved_to: target,
      };
    });
  }

  private async requireParent(
    m: EntityManager,
    site: SiteContext,
    parentId: number,
  ): Promise<void> {
    if (!(await this.categories.findById(site.id, parentId, m))) {
      throw validationError({ parent_id: [messages.selectedInvalid('parent_id')] });
    }
  }

  private async changes(
    m: EntityManager,
    site: SiteContext,
    current: CategoryRow,
    input: CategoryInput,
  ) {
    const out: Parameters<CategoriesRepository['update']>[3] = {};
    if (input.name) {
      const name = mergeLanguageMap(current.name, input.name);
      if (Object.keys(name).length === 0)
        throw validationError({ name: ['The name field cannot be cleared.'] });
      out.name = name;
    }
    if (input.description !== undefined) {
      out.description =
        input.description === null ? {} : mergeLanguageMap(current.description, input.description);
    }
    if (input.icon !== undefined) out.icon = input.icon;
    if (input.position !== undefined) out.position = input.position;
    if (input.parentId !== undefined && input.parentId !== current.parentId) {
      if (input.parentId !== null) {
        await this.requireParent(m, site, input.parentId);
        // Not the category itself or one of its descendants (spec 4.6).
        const parents = await this.categories.parentLinks(site.id, m);
        for (
          let p: number | null = input.parentId, hops = 0;
          p !== null && hops <= parents.size;
          hops++
        ) {
          if (p === current.id) {
            throw validationError({
              parent_id: [
                'The parent id cannot be the category itself or one of its subcategories.',
              ],
            });
          }
          p = parents.get(p) ?? null;
        }
      }
      out.parentId = input.parentId;
      if (input.position === undefined)
        out.position = await this.categories.nextPosition(site.id, m, input.parentId);
    }
    return out;
  }
}
