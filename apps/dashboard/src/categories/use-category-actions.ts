import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { Article, Category } from '../api/contract';

/** Creates, renames, deletes and reorders categories, and reorders a category's articles. */
export function useCategoryActions(siteId: number) {
  const queries = useQueryClient();
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ['categories', siteId] });
    void queries.invalidateQueries({ queryKey: ['articles', siteId] });
    void queries.invalidateQueries({ queryKey: ['category-articles', siteId] });
  };
  return {
    create: useMutation({
      mutationFn: (body: { name: Record<string, string>; parent_id: number | null }) =>
        unwrap(api.POST('/v1/categories', { body })),
      onSettled: refresh,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: Record<string, string> }) =>
        unwrap(api.PATCH('/v1/categories/{id}', { params: { path: { id } }, body: { name } })),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: ({ id, onOrphan }: { id: number; onOrphan?: 'uncategorize' | 'reparent' }) =>
        unwrap(
          api.DELETE('/v1/categories/{id}', {
            params: { path: { id }, query: onOrphan ? { on_orphan: onOrphan } : {} },
          }),
        ),
      onSettled: refresh,
    }),
    /** New order of one parent's children: their positions become 0, 1, 2… */
    reorder: useMutation({
      mutationFn: (order: number[]) => unwrap(api.PUT('/v1/categories/order', { body: { order } })),
      onMutate: (order) => {
        // Show the new order at once; the answer (or a failure's refetch) settles it.
        queries.setQueryData<Category[]>(['categories', siteId], (all) =>
          all
            ?.map((c) => (order.includes(c.id) ? { ...c, position: order.indexOf(c.id) } : c))
            .sort((a, b) => a.position - b.position || a.id - b.id),
        );
      },
      onSettled: refresh,
    }),
    /** The dashboard's reorder: `article.updated` for each article that changed place (spec 6). */
    reorderArticles: useMutation({
      mutationFn: ({ id, order }: { id: number; order: number[] }) =>
        unwrap(
          api.PUT('/v1/categories/{id}/articles/order', {
            params: { path: { id } },
            body: { order },
          }),
        ),
      onMutate: async ({ id, order }) => {
        // A read still under way (the previous save's) must not bring back the older order.
        await queries.cancelQueries({ queryKey: ['category-articles', siteId, id] });
        queries.setQueryData<Article[]>(['category-articles', siteId, id], (list) =>
          list
            ? order.map((aid) => list.find((a) => a.id === aid)).filter((a): a is Article => !!a)
            : list,
        );
      },
      // Shown at once; then read back from the server (its order is the truth).
      onSettled: refresh,
    }),
  };
}

/**
 * The articles of one category (up to the API's page of 100) in the category's custom order as
 * readers see it (`order_by=position`, the session's; never-ordered articles last).
 */
export function useCategoryArticles(siteId: number, categoryId: number | null) {
  return useQuery({
    queryKey: ['category-articles', siteId, categoryId],
    enabled: categoryId !== null,
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/v1/articles', {
            params: {
              query: { category_id: categoryId ?? 0, order_by: 'position', limit: 100 },
            },
          }),
        )
      ).articles,
  });
}
