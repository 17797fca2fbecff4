import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { PAGE_SIZE } from '../ui/paging';

export function useTrashPage(siteId: number, page: number) {
  return useQuery({
    queryKey: ['trash', siteId, page],
    queryFn: () => unwrap(api.GET('/v1/trash', { params: { query: { page, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

type TrashOp = { kind: 'restore' | 'delete'; ids: number[] } | { kind: 'empty' };

/**
 * Restore (to the previous status, `article.updated` each), delete for good (one:
 * `article.deleted` again; several: none) or empty the Trash (no events). Several articles are
 * one request (`POST /v1/dashboard/articles/actions`), never a loop of calls.
 */
export function useTrashAction(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (op: TrashOp) => {
      if (op.kind === 'empty') {
        await unwrap(api.DELETE('/v1/trash'));
        return { done: 0, failed: [] as string[] };
      }
      const { data } = await unwrap(
        api.POST('/v1/dashboard/articles/actions', { body: { action: op.kind, ids: op.ids } }),
      );
      return { done: data.updated.length, failed: data.failed.map((f) => f.message) };
    },
    onSettled: () => {
      void queries.invalidateQueries({ queryKey: ['trash', siteId] });
      void queries.invalidateQueries({ queryKey: ['articles', siteId] });
    },
  });
}
