import { Injectable } from '@nestjs/common';
import { DASHBOARD_ACTION_MAX, messages, notFound, validationError } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { pageMeta } from '@hc/http';
import type { Paging } from '@hc/http';
import { ArticleInputError } from '../articles/article-input';
import type { ArticleInput } from '../articles/article-input';
import { ArticleWriter } from '../articles/article-writer';
import { toArticleResponse, toListedArticle } from '../articles/article.mapper';
import { ArticlesRepository } from '../articles/articles.repository';
import type { ArticleView } from '../articles/articles.repository';
import { ArticlesService } from '../articles/articles.service';
import { CategoriesRepository } from '../categories/categories.repository';
import type { ArticleActionsDto } from './dto/article-actions.dto';

const STORED = { stored: true } as const;
const NOT_FOUND = 'Article not found.';
const NOT_IN_TRASH = 'Article not found in the Trash.';
const notInTrash = () => notFound(NOT_IN_TRASH);

export interface ActionResult {
  updated: number[];
  failed: { id: number; message: string }[];
}

/**
 * What the dashboard does with articles beyond the spec's endpoints (issue 37): one request per
 * multi-select action, and the Trash (spec 2.3 rule 6, 3.1), each with exactly spec 6's events.
 */
@Injectable()
export class DashboardArticlesService {
  constructor(
    private readonly articles: ArticlesService,
    private readonly writer: ArticleWriter,
    private readonly repo: ArticlesRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  /**
   * A multi-select action: several articles to the Trash send nothing and one sends
   * `article.deleted` (spec 6); publishing sends `article.published` per draft, unpublishing and
   * a new category `article.updated` per article changed. An article already as asked is
   * counted as updated without a write; a missing one (or in the Trash) fails on its own.
   * The Trash's `restore` (each to its previous status, `article.updated` each, spec 3.1) and
   * `delete` for good (one sends `article.deleted` again, several send none) take only trashed
   * articles; any other id fails with "Article not found in the Trash.".
   */
  async act(site: SiteContext, dto: ArticleActionsDto): Promise<ActionResult> {
    const ids = [...new Set(dto.ids)];
    if (ids.length === 0) throw validationError({ ids: [messages.required('ids')] });
    if (ids.length > DASHBOARD_ACTION_MAX)
      throw validationError({
        ids: [`The ids field must not have more than ${DASHBOARD_ACTION_MAX} items.`],
      });
    const categoryId = dto.category_id === undefined ? undefined : Number(dto.category_id) || null;
    if (dto.action === 'set_category') {
      if (categoryId === undefined)
        throw validationError({ category_id: [messages.required('category_id')] });
      if (
        categoryId !== null &&
        !(await this.categories.existingIds(site.id, [categoryId])).has(categoryId)
      )
        throw validationError({ category_id: [messages.selectedInvalid('category_id')] });
    }
    if (dto.action === 'restore' || dto.action === 'delete') {
      const done = new Set(
        dto.action === 'restore'
          ? await this.writer.restoreMany(site, ids)
          : await this.writer.purgeMany(site, ids),
      );
      return {
        updated: ids.filter((id) => done.has(id)),
        failed: ids.filter((id) => !done.has(id)).map((id) => ({ id, message: NOT_IN_TRASH })),
      };
    }
    const live = new Map(
      (await this.repo.load(site.id, ids)).filter((v) => !v.deletedAt).map((v) => [v.id, v]),
    );
    const failed = ids.filter((id) => !live.has(id)).map((id) => ({ id, message: NOT_FOUND }));
    const found = ids.filter((id) => live.has(id));
    if (dto.action === 'trash') {
      const moved = new Set(await this.writer.trashMany(site, found));
      for (const id of found) if (!moved.has(id)) failed.push({ id, message: NOT_FOUND });
      return { updated: found.filter((id) => moved.has(id)), failed };
    }
    const updated: number[] = [];
    for (const id of found) {
      const change = changeFor(dto.action, categoryId ?? null, live.get(id) as ArticleView);
      try {
        if (change && !(await this.articles.update(site, id, change, { keepMarkup: true }))) {
          failed.push({ id, message: NOT_FOUND });
          continue;
        }
        updated.push(id);
      } catch (err) {
        if (!(err instanceof ArticleInputError)) throw err;
        failed.push({ id, message: err.message });
      }
    }
    return { updated, failed };
  }

  /** The Trash, most recently trashed first, each article with its `deleted_at`. */
  async trash(site: SiteContext, paging: Paging) {
    const { ids, total } = await this.repo.trashedPage(site.id, paging.offset, paging.perPage);
    const views = await this.repo.load(site.id, ids);
    return {
      articles: views.map((v) => toListedArticle(v, site, STORED)),
      meta: pageMeta(paging, total),
    };
  }

  /** Back to its previous status, `article.updated` (spec 3.1). */
  async restore(site: SiteContext, id: number) {
    if (!(await this.writer.restoreFromTrash(site, id))) throw notInTrash();
    const view = (await this.repo.loadOne(site.id, id)) as ArticleView;
    return { article: toArticleResponse(view, site, STORED) };
  }

  /** Deleted for good, `article.deleted` again (spec 3.1, 6). */
  async purge(site: SiteContext, id: number) {
    if (!(await this.writer.purge(site, id))) throw notInTrash();
    return { message: 'The article was deleted for good.', id };
  }

  /** Every trashed article deleted for good; no event (spec 6). */
  async empty(site: SiteContext) {
    const deleted = await this.writer.emptyTrash(site);
    return { message: 'The Trash was emptied.', deleted };
  }
}

/** The write an action makes of one article, or null when it already is as asked. */
function changeFor(
  action: Exclude<ArticleActionsDto['action'], 'trash' | 'restore' | 'delete'>,
  categoryId: number | null,
  view: ArticleView,
): ArticleInput | null {
  const base = { contentFormat: 'html', rehostImages: false } as const;
  if (action === 'set_category')
    return view.categoryId === categoryId ? null : { ...base, categoryId };
  const published = action === 'publish';
  return view.published === published ? null : { ...base, published };
}
