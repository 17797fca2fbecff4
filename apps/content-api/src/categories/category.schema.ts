import { agrees, constant, emptyArray, formatA, id, int, langMap, more } from '@hc/http';
import { nullable, obj, oneOf, str } from '@hc/http';
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
