import { fails, ok } from '@hc/http';
import { htmlNotFound, invalidRedirect, pagedExample, validation } from '../http/answers.schema';
import type { ResponseTable } from '@hc/http';
import { agrees, answers, arr, bool, confirmation, constant, emptyArray } from '@hc/http';
import { formatA, id, ids, int, langMap, more, nullable, obj, oneOf, oneOfStr } from '@hc/http';
import { pagedBody, refTo, str, success } from '@hc/http';
import type { CategoriesController } from './categories.controller';
import { ON_ORPHAN } from './categories.service';
import type { CategoryResponse } from './category.mapper';

export const categoryExample = {
  id: 3,
  parent: null,
  name: { en: 'Billing' },
  description: [],
  icon: null,
  position: 0,
  privacy: 'public',
  created_at: '2026-01-31 09:30:00',
  updated_at: '2026-01-31 09:30:00',
};

/** The `Category` component: what `toCategoryResponse` returns, held against its type. */
export const CATEGORY_SCHEMA = agrees<CategoryResponse>()(
  more(
    obj({
      id,
      parent: nullable(int),
      name: langMap,
      description: oneOf(langMap, emptyArray),
      icon: nullable(str),
      position: more(int, { minimum: 0 }),
      privacy: constant('public'),
      created_at: formatA,
      updated_at: formatA,
    }),
    { description: 'Spec 2.4; an empty description reads as `[]`.', examples: [categoryExample] },
  ),
  true,
);

export const category = refTo('Category', CATEGORY_SCHEMA);

/** `{status, category}`: the answer of a create and of a change (`CategoryAnswer`). */
export const CATEGORY_ANSWER = answers<CategoriesController, 'create'>()(
  obj({ status: success, category }),
  true,
);
answers<CategoriesController, 'update'>()(CATEGORY_ANSWER, true);

/** The success bodies of the categories' routes, held against what their handlers return. */
export const CATEGORY_ANSWERS = {
  list: answers<CategoriesController, 'list'>()(pagedBody('categories', category), true),
  remove: answers<CategoriesController, 'remove'>()(
    confirmation({
      on_orphan: nullable(oneOfStr(...ON_ORPHAN)),
      articles_moved: int,
      children_moved: int,
      trashed_articles_refiled: int,
      trashed_children_refiled: int,
      moved_to: nullable(int),
    }),
    true,
  ),
  reorder: answers<CategoriesController, 'reorder'>()(
    confirmation({ updated_count: int, categories: arr(category) }),
    true,
  ),
  reorderArticles: answers<CategoriesController, 'reorderArticles'>()(
    confirmation({
      updated_count: int,
      skipped_article_ids: ids,
      order_visible: bool,
      article_sort: str,
      article_sort_source: str,
      hint: nullable(str),
    }),
    true,
  ),
};

/** The answers of these routes in the OpenAPI document (errors and examples included). */
export const CATEGORY_RESPONSES: ResponseTable = {
  CategoriesController_list: {
    200: ok(
      'Categories (no guaranteed order: sort by parent and position).',
      CATEGORY_ANSWERS.list,
      pagedExample('categories', categoryExample),
    ),
    302: invalidRedirect,
    422: validation,
  },
  CategoriesController_create: {
    201: ok('Created.', refTo('CategoryAnswer', CATEGORY_ANSWER), {
      status: 'success',
      category: categoryExample,
    }),
    422: validation,
  },
  CategoriesController_update: {
    200: ok('Changed.', refTo('CategoryAnswer', CATEGORY_ANSWER)),
    404: htmlNotFound,
    422: validation,
  },
  CategoriesController_remove: {
    200: ok('Deleted; articles and children moved as `on_orphan` says.', CATEGORY_ANSWERS.remove),
    404: htmlNotFound,
    409: fails('The category holds articles or children: choose `on_orphan`.'),
    422: validation,
  },
  CategoriesController_reorder: {
    200: ok('Order saved.', CATEGORY_ANSWERS.reorder),
    422: validation,
  },
  CategoriesController_reorderArticles: {
    200: ok('Custom article order saved (no event).', CATEGORY_ANSWERS.reorderArticles),
    404: htmlNotFound,
    422: validation,
  },
};
