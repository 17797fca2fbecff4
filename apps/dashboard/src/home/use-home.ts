import { useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { paths } from '@hc/client';

type ArticleFilters = NonNullable<paths['/v1/articles']['get']['parameters']['query']>;

/** Rows a panel of Home shows; its count comes from the answer's `meta`. */
export const PANEL_ROWS = 5;
/** Webhooks whose recent deliveries Home reads: one request each, never more than this. */
export const WEBHOOKS_CHECKED = 10;
/** Recent deliveries read per webhook to tell whether it is failing now. */
const RECENT_DELIVERIES = 10;

/**
 * The newest articles matching `filters` (GET /v1/articles, newest change first) and how many
 * match. The key starts with `articles`, so every article write refreshes it.
 */
export function useArticleDigest(siteId: number, filters: ArticleFilters) {
  const query = { ...filters, page: 1, limit: PANEL_ROWS, order_by: 'updated_at' as const };
  return useQuery({
    queryKey: ['articles', siteId, 'home', query],
    queryFn: () => unwrap(api.GET('/v1/articles', { params: { query } })),
  });
}

/** The comments waiting for approval (GET /v1/comments?status=pending, with the counts). */
export function usePendingComments(siteId: number) {
  const query = { status: 'pending' as const, page: 1, limit: PANEL_ROWS };
  return useQuery({
    queryKey: ['comments', siteId, 'home'],
    queryFn: () => unwrap(api.GET('/v1/comments', { params: { query } })),
  });
}

/** Searches with no results over the last seven days (spec 4.10's content gaps). */
export function useContentGaps(siteId: number) {
  return useQuery({
    queryKey: ['analytics', siteId, 'home-gaps'],
    queryFn: () =>
      unwrap(api.GET('/v1/analytics/searches', { params: { query: { limit: PANEL_ROWS } } })),
  });
}

export interface FailingWebhook {
  id: number;
  url: string;
  /** Failed (retrying) or dropped deliveries among its latest ones. */
  failing: number;
  lastStatus: string;
  lastAt: string;
}

/**
 * Webhooks whose latest deliveries fail: the site's webhooks (one request), then the latest
 * deliveries of the first WEBHOOKS_CHECKED of them (one request each, in parallel): bounded
 * whatever the number of webhooks (the API holds up to 100).
 */
export function useFailingWebhooks(siteId: number) {
  const list = useQuery({
    queryKey: ['webhooks', siteId],
    queryFn: () => unwrap(api.GET('/v1/webhooks')),
  });
  const hooks = (list.data?.webhooks ?? []).filter((w) => w.site_id === siteId);
  const checked = hooks.slice(0, WEBHOOKS_CHECKED);
  const logs = useQueries({
    queries: checked.map((w) => ({
      queryKey: ['webhook-deliveries', siteId, w.id, 'home'],
      queryFn: () =>
        unwrap(
          api.GET('/v1/webhooks/{webhookId}/deliveries', {
            params: { path: { webhookId: w.id }, query: { page: 1, limit: RECENT_DELIVERIES } },
          }),
        ),
    })),
  });
  const failing: FailingWebhook[] = [];
  checked.forEach((w, i) => {
    const rows = logs[i]?.data?.deliveries ?? [];
    const bad = rows.filter((d) => d.status === 'failed' || d.status === 'dropped');
    if (bad.length > 0)
      failing.push({
        id: w.id,
        url: w.url,
        failing: bad.length,
        lastStatus: bad[0].status,
        lastAt: bad[0].created_at,
      });
  });
  return {
    failing,
    unchecked: hooks.length - checked.length,
    isPending: list.isPending || logs.some((l) => l.isPending),
    error: list.error ?? logs.find((l) => l.error)?.error ?? null,
  };
}
