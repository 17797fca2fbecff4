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
 * Restore (to the previous status, `article.updated` each), delete for good (`article.deleted`)
 * or empty the Trash (no events): the Trash routes of the dashboard contract.
 */
export function useTrashAction(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (op: TrashOp) => {
      if (op.kind === 'empty') {
        await unwrap(api.DELETE('/v1/trash'));
        return { done: 0, failed: [] as string[] };
      }
      // The contract has no multi-article route here: one request per article, all at once.
      const results = await Promise.allSettled(
        op.ids.map((id) =>
          op.kind === 'restore'
            ? unwrap(api.POST('/v1/trash/{id}/restore', { params: { path: { id } } }))
            : unwrap(api.DELETE('/v1/trash/{id}', { params: { path: { id } } })),
        ),
      );
      const failed = results.flatMap((r) =>
        r.status === 'rejected'
          ? [r.reason instanceof Error ? r.reason.message : String(r.reason)]
          : [],
      );
      return { done: results.length - failed.length, failed };
    },
    onSettled: () => {
      void queries.invalidateQueries({ queryKey: ['trash', siteId] });
      void queries.invalidateQueries({ queryKey: ['articles', siteId] });
    },
  });
}
