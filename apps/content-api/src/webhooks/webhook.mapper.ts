import { formatB } from '@hc/contracts';
import type { WebhookRow } from './webhooks.repository';

/** Spec 2.6; `secret` only in the response that registers the webhook. */
export function toWebhookResponse(row: WebhookRow, withSecret = false) {
  return {
    id: row.id,
    url: row.url,
    site_id: row.site_id,
    active: true,
    last_delivered_at: formatB(row.last_delivered_at),
    created_at: formatB(row.created_at),
    ...(withSecret ? { secret: row.secret } : {}),
  };
}
