import { formatB, standardWebhookSecret } from '@hc/contracts';
import type { WebhookRow } from './webhooks.repository';

/**
 * Spec 2.6; `secret` only in the response that registers the webhook. Issue 23 adds
 * `signature_scheme`, and for a standard webhook the secret also in the standard's `whsec_` form.
 */
export function toWebhookResponse(row: WebhookRow, withSecret = false) {
  return {
    id: row.id,
    url: row.url,
    site_id: row.site_id,
    active: true as const,
    last_delivered_at: formatB(row.last_delivered_at),
    created_at: formatB(row.created_at),
    signature_scheme: row.signature_scheme,
    ...(withSecret ? { secret: row.secret } : {}),
    ...(withSecret && row.signature_scheme === 'standard'
      ? { standard_secret: standardWebhookSecret(row.secret) }
      : {}),
  };
}
