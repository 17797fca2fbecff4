import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { Category } from '../api/contract';

/** Every category of the site (spec: at most a few hundred), sorted as the tree shows them. */
export function useCategories(siteId: number) {
  return useQuery({
    queryKey: ['categories', siteId],
    queryFn: async (): Promise<Category[]> => {
      const all: Category[] = [];
      for (let page = 1; ; page++) {
        const data = await unwrap(
          api.GET('/v1/categories', { params: { query: { page, limit: 100 } } }),
        );
        all.push(...data.categories);
        if (page >= data.meta.total_pages) break;
      }
      return all.sort((a, b) => a.position - b.position || a.id - b.id);
    },
  });
}
