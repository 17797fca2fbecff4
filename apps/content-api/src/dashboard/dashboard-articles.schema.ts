import { fails, ok, refTo } from '@hc/http';
import { validation } from '../http/answers.schema';
import type { ResponseTable } from '@hc/http';
import { answers, arr, confirmation, id, ids, int, obj, pagedBody, str, success } from '@hc/http';
import { article, ARTICLE_ANSWER, articleExample } from '../articles/article.schema';
import type { DashboardArticlesController, TrashController } from './dashboard-articles.controller';

answers<DashboardArticlesController, 'release'>()(ARTICLE_ANSWER, true);
answers<TrashController, 'restore'>()(ARTICLE_ANSWER, true);

/** The success bodies of the dashboard's article routes, held against their handlers. */
export const DASHBOARD_ARTICLE_ANSWERS = {
  act: answers<DashboardArticlesController, 'act'>()(
    obj({
      status: success,
      data: obj({ updated: ids, failed: arr(obj({ id: int, message: str })) }),
    }),
    true,
  ),
  trash: answers<TrashController, 'list'>()(pagedBody('articles', article), true),
  purge: answers<TrashController, 'purge'>()(confirmation({ id }), true),
  empty: answers<TrashController, 'empty'>()(confirmation({ deleted: int }), true),
};

/** The answers of these routes in the OpenAPI document (errors and examples included). */
export const DASHBOARD_ARTICLE_RESPONSES: ResponseTable = {
  DashboardArticlesController_act: {
    200: ok(
      'What was done: the articles updated (or already as asked) and those that failed.',
      DASHBOARD_ARTICLE_ANSWERS.act,
      {
        status: 'success',
        data: { updated: [12, 14], failed: [{ id: 99, message: 'Article not found.' }] },
      },
    ),
    422: validation,
  },
  DashboardArticlesController_release: {
    200: ok('The language is released to readers.', refTo('ArticleAnswer', ARTICLE_ANSWER), {
      status: 'success',
      article: { ...articleExample, revision: 5 },
    }),
    404: fails('No such article, or it has no translation in that language.'),
  },
  TrashController_list: {
    200: ok(
      'The Trash, most recently trashed first; each article with `deleted_at`.',
      DASHBOARD_ARTICLE_ANSWERS.trash,
      {
        status: 'success',
        articles: [{ ...articleExample, revision: 6, deleted_at: '2026-01-31T09:30:00+00:00' }],
        meta: { page: 1, per_page: 25, total_pages: 1, items_count: 1 },
      },
    ),
    422: validation,
  },
  TrashController_restore: {
    200: ok('Restored to its previous status.', refTo('ArticleAnswer', ARTICLE_ANSWER), {
      status: 'success',
      article: { ...articleExample, revision: 7 },
    }),
  },
  TrashController_purge: {
    200: ok('Deleted for good.', DASHBOARD_ARTICLE_ANSWERS.purge, {
      status: 'success',
      message: 'The article was deleted for good.',
      id: 12,
    }),
  },
  TrashController_empty: {
    200: ok('Every trashed article is deleted for good.', DASHBOARD_ARTICLE_ANSWERS.empty, {
      status: 'success',
      message: 'The Trash was emptied.',
      deleted: 3,
    }),
  },
};
