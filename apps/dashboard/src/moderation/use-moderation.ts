import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { components } from '@hc/client';
import { PAGE_SIZE } from '../ui/paging';
import type { CommentState } from './search';

export type Comment = components['schemas']['Comment'];
export type QueueAction = components['schemas']['CommentActionsDto']['action'];

/** One page of the site's comments in a state (GET /v1/comments, with its counts per state). */
export function useCommentPage(siteId: number, status: CommentState | undefined, page: number) {
  return useQuery({
    queryKey: ['comments', siteId, status ?? 'all', page],
    queryFn: () =>
      unwrap(api.GET('/v1/comments', { params: { query: { status, page, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

/** Approve, unpublish or delete the selected comments: one request (each judged on its own). */
export function useCommentAction(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: QueueAction; ids: number[] }) =>
      unwrap(api.POST('/v1/dashboard/comments/actions', { body: input })),
    onSettled: () => void queries.invalidateQueries({ queryKey: ['comments', siteId] }),
  });
}

/** A comment author's email (Owners and Admins; each reading is in the audit log). */
export function useAuthorEmail() {
  return useMutation({
    mutationFn: async (id: number) =>
      (await unwrap(api.GET('/v1/dashboard/comments/{id}/email', { params: { path: { id } } })))
        .author,
  });
}
