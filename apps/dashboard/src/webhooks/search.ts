import type { components, webhooks } from '@hc/client';
import { pagingSearch, positiveInt, type PagingSearch } from '../ui/paging';

/** The delivery states the log filters on (GET /v1/webhooks/{id}/deliveries `status`). */
export const DELIVERY_STATES = [
  'pending',
  'delivered',
  'failed',
  'dropped',
  'skipped',
] as const satisfies readonly components['schemas']['WebhookDelivery']['status'][];
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * Every event a webhook receives, with its label: keyed by the OpenAPI document's `webhooks`
 * section, so the compiler fails when the document gains an event this list lacks.
 */
export const EVENT_LABELS: Record<keyof webhooks, string> = {
  'article.created': 'Article created',
  'article.published': 'Article published',
  'article.updated': 'Article updated',
  'article.deleted': 'Article deleted',
  'category.created': 'Category created',
  'category.updated': 'Category updated',
  'category.deleted': 'Category deleted',
  'site.updated': 'Site updated',
  'site.deleted': 'Site deleted',
  'webhook.test': 'Test event',
};
export type DeliveryEvent = keyof webhooks;

/**
 * The webhooks screen's URL: `?log=<webhook id>` opens that webhook's delivery log, filtered by
 * `status` and `event`, at `page` (`/app/sites/5/webhooks?log=11&status=failed&page=2`).
 * Anything unknown is dropped, so a hand-edited URL never sends the API a value it refuses.
 */
export interface WebhooksSearch extends PagingSearch {
  log?: number;
  status?: DeliveryState;
  event?: DeliveryEvent;
}

export function webhooksSearch(raw: Record<string, unknown>): WebhooksSearch {
  const log = positiveInt(raw.log);
  if (!log) return {};
  const status = DELIVERY_STATES.find((s) => s === raw.status);
  const event = Object.keys(EVENT_LABELS).find((e) => e === raw.event) as DeliveryEvent | undefined;
  return {
    log,
    ...(status ? { status } : {}),
    ...(event ? { event } : {}),
    ...pagingSearch(raw),
  };
}
