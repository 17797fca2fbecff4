// Review before publishing (issue 39 item 7): the `/v1/reviews` and `/v1/review-settings` calls.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { PAGE_SIZE } from '../ui/paging';
import { useWrite } from '../ui/use-write';

type ReviewsAnswer = Awaited<ReturnType<typeof listReviews>>;
export type Review = ReviewsAnswer['reviews'][number];
export type ReviewList = 'waiting' | 'mine' | 'all';

function listReviews(query: {
  list?: ReviewList;
  article_id?: number;
  page?: number;
  limit?: number;
}) {
  return unwrap(api.GET('/v1/reviews', { params: { query } }));
}

/** One page of the site's review requests (`waiting`: for my review). */
export function useReviews(siteId: number, list: ReviewList, page: number) {
  return useQuery({
    queryKey: ['reviews', siteId, list, page],
    queryFn: () => listReviews({ list, page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** The latest review request of an article (the editor's badge and panel), or null. */
export function useArticleReview(siteId: number, articleId: number | null) {
  return useQuery({
    queryKey: ['reviews', siteId, 'article', articleId],
    queryFn: async () =>
      (await listReviews({ article_id: articleId as number, limit: 1 })).reviews[0] ?? null,
    enabled: articleId !== null,
  });
}

/** The members who may review (their role publishes). */
export function useReviewers(siteId: number, enabled = true) {
  return useQuery({
    queryKey: ['reviews', siteId, 'reviewers'],
    queryFn: async () => (await unwrap(api.GET('/v1/reviews/reviewers'))).reviewers,
    enabled,
  });
}

/** Whether the site requires an approval before people publish. */
export function useReviewSetting(siteId: number) {
  return useQuery({
    queryKey: ['reviews', siteId, 'settings'],
    queryFn: async () => (await unwrap(api.GET('/v1/review-settings'))).settings,
  });
}

export function useSetReviewSetting(siteId: number) {
  return useWrite(['reviews', siteId], (body: { require_approval: boolean }) =>
    unwrap(api.PUT('/v1/review-settings', { body })),
  );
}

export function useRequestReview(siteId: number) {
  return useWrite(
    ['reviews', siteId],
    (body: { article_id: number; reviewer_id: number; message?: string | null }) =>
      unwrap(api.POST('/v1/reviews', { body })),
  );
}

export type Decision = 'approve' | 'send-back';

/** Approve (optional comment) or send back (comment required). */
export function useDecide(siteId: number) {
  return useWrite(
    ['reviews', siteId],
    ({ id, decision, comment }: { id: number; decision: Decision; comment: string }) => {
      const params = { params: { path: { id } } };
      return decision === 'approve'
        ? unwrap(api.POST('/v1/reviews/{id}/approve', { ...params, body: { comment } }))
        : unwrap(api.POST('/v1/reviews/{id}/send-back', { ...params, body: { comment } }));
    },
  );
}

/** A publish time for an approved change (null: unscheduled). */
export function useSchedule(siteId: number) {
  return useWrite(['reviews', siteId], ({ id, at }: { id: number; at: string | null }) =>
    unwrap(
      api.POST('/v1/reviews/{id}/schedule', {
        params: { path: { id } },
        body: { publish_at: at },
      }),
    ),
  );
}

export const STATUS_LABELS: Record<Review['status'], string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  sent_back: 'Sent back',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Not published',
  superseded: 'Replaced',
};
