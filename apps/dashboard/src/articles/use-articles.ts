import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { BulkAction } from '../api/contract';
import { PAGE_SIZE } from '../ui/paging';
import { articlesQuery, type ArticlesSearch } from './search';

/** One page of the list, from the server (paged there: fine at 100,000 articles). */
export function useArticlesPage(siteId: number, search: ArticlesSearch) {
  const query = articlesQuery(search, PAGE_SIZE);
  return useQuery({
    queryKey: ['articles', siteId, query],
    queryFn: () => unwrap(api.GET('/v1/articles', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * A multi-select action: one request (`POST /v1/dashboard/articles/actions`), never a loop of
 * calls, so the events are spec 6's (several to Trash: none).
 */
export function useBulkAction(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: BulkAction; ids: number[]; category_id?: number | null }) =>
      unwrap(api.POST('/v1/dashboard/articles/actions', { body })),
    onSettled: () => {
      void queries.invalidateQueries({ queryKey: ['articles', siteId] });
      void queries.invalidateQueries({ queryKey: ['trash', siteId] });
    },
  });
}
