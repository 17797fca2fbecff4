import { categoryLine, listing } from './format';
import { CATEGORY_FIELDS } from '@hc/contracts';
import { fromField, fromFields, id, page, pageSize, responseFormat, z } from './schema';
import { defineTool, onResource, patchById } from './tool';

/** The category fields an agent may write: the REST DTO's table (spec 4.6). */
const categoryFields = fromFields(CATEGORY_FIELDS, [
  'description',
  'parent_id',
  'icon',
  'position',
]);

export const categoryTools = [
  defineTool({
    suffix: 'list_categories',
    title: 'List categories',
    description: 'The categories of the help center (unordered: sort by parent_id and position).',
    kind: 'read',
    input: {
      page,
      limit: pageSize('Page size, 1 to 100 (default 100)'),
      response_format: responseFormat,
    },
    ...listing('categories', 'Categories', categoryLine),
    request: (a) => ({
      method: 'get',
      path: '/v1/categories',
      query: { page: a.page, limit: a.limit },
    }),
  }),
  defineTool({
    suffix: 'create_category',
    title: 'Create a category',
    description:
      'Creates a public category. Without position it goes after the others, though the response shows position 0. Privacy cannot be set.',
    kind: 'write',
    input: {
      name: fromField(CATEGORY_FIELDS.name, 'Name per language (required)'),
      ...categoryFields,
    },
    request: (a) => ({ method: 'post', path: '/v1/categories', body: a }),
  }),
  defineTool({
    suffix: 'update_category',
    title: 'Update a category',
    description:
      'Changes only the fields sent. A new parent may not be the category itself or one of its descendants.',
    kind: 'write',
    input: {
      id: id('Category id'),
      name: fromField(CATEGORY_FIELDS.name).optional(),
      ...categoryFields,
    },
    request: patchById({ method: 'patch', path: '/v1/categories/{id}' }),
  }),
  defineTool({
    suffix: 'delete_category',
    title: 'Delete a category',
    description:
      'Deletes a category; its articles are never deleted. When it holds articles or subcategories choose on_orphan: uncategorize (articles lose this category, subcategories move to the top level) or reparent (both move to the parent category).',
    kind: 'destructive',
    input: { id: id('Category id'), on_orphan: z.enum(['uncategorize', 'reparent']).optional() },
    request: (a) =>
      onResource(
        { method: 'delete', path: '/v1/categories/{id}' },
        { id: a.id },
        { query: { on_orphan: a.on_orphan } },
      ),
  }),
  defineTool({
    suffix: 'reorder_categories',
    title: 'Reorder categories',
    description: 'Sets the order of categories: their ids in the wanted order.',
    kind: 'write',
    input: { order: z.array(z.number().int().positive()).min(1).describe('Category ids in order') },
    request: (a) => ({ method: 'put', path: '/v1/categories/order', body: { order: a.order } }),
  }),
  defineTool({
    suffix: 'reorder_category_articles',
    title: 'Reorder the articles of a category',
    description:
      'Sets the order of articles in a category. Readers see it only when the category sorts articles by Custom (see order_visible in the answer).',
    kind: 'write',
    input: {
      category_id: id('Category id'),
      order: z.array(z.number().int().positive()).min(1).describe('Article ids in order'),
    },
    request: (a) =>
      onResource(
        { method: 'put', path: '/v1/categories/{id}/articles/order' },
        { id: a.category_id },
        { body: { order: a.order } },
      ),
  }),
];
