import { answers, arr, confirmation, id, ids, int, obj, pagedBody, str, success } from '@hc/http';
import { article, ARTICLE_ANSWER } from '../articles/article.schema';
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
