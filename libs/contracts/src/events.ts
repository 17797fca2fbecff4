/** Spec 6: the events a webhook receives and the shapes of their `data`. */
export const EVENT_NAMES = [
  'article.created',
  'article.published',
  'article.updated',
  'article.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  'site.updated',
  'site.deleted',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * Issue 39: the event of POST /v1/webhooks/{id}/test, sent to that one webhook only, through the
 * same signed delivery path as the events of spec 6 (docs/decisions/dashboard-webhooks.md).
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every event a webhook can receive: spec 6's, then the test event. */
export const DELIVERED_EVENTS = [...EVENT_NAMES, WEBHOOK_TEST_EVENT] as const;
export type DeliveredEvent = (typeof DELIVERED_EVENTS)[number];

export interface ArticleEventData {
  type: 'article';
  id: number;
  /** null when the article has no category or several. */
  category_id: number | null;
  title: string | null;
  slug: string | null;
  published: boolean;
  visibility: 'public' | 'link_only' | 'private';
  locale: string;
  updated_at: string;
}

export interface CategoryEventData {
  type: 'category';
  id: number;
  parent_id: number | null;
  name: string | null;
  updated_at: string;
}

export interface SiteEventData {
  type: 'site';
  id: number;
  visibility: 'public' | 'private' | 'password';
}

/** `data` of `webhook.test`: the webhook it was sent to. */
export interface WebhookTestEventData {
  type: 'webhook';
  id: number;
}

export type EventData = ArticleEventData | CategoryEventData | SiteEventData | WebhookTestEventData;

/** The body POSTed to a webhook (spec 6), before serialization. */
export interface WebhookBody {
  event: DeliveredEvent;
  occurred_at: string;
  site_id: number;
  helpcenter_id: string;
  data: EventData;
}
