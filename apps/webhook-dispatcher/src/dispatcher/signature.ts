import { createHmac } from 'node:crypto';
import { signStandardWebhook, signWebhookBody, STANDARD_WEBHOOK_HEADERS } from '@hc/contracts';

/** Spec 6 signature; the one definition is in @hc/contracts, next to the receivers' check. */
export function signBody(secret: string, body: Buffer | string): string {
  return signWebhookBody(body, secret);
}

/**
 * Issue 23: a Standard Webhooks `webhook-id`, the same on every attempt and every redelivery of
 * one event to one webhook (the standard's message id, by which receivers deduplicate), and
 * different for each webhook (a URL registered twice receives each event twice, spec 4.8). Derived
 * from the event and webhook ids with the webhook's secret, so it is stable without being stored
 * and says nothing about how many events the service sends.
 */
export function standardWebhookId(secret: string, webhookId: number, eventId: string): string {
  const mac = createHmac('sha256', secret).update(`webhook-id.${webhookId}.${eventId}`).digest();
  return `msg_${mac.subarray(0, 18).toString('base64url')}`;
}

/**
 * The Standard Webhooks headers of one attempt made at `at` (the attempt's own time). The key is
 * the secret's UTF-8 bytes, the bytes the registration's `whsec_` form encodes.
 */
export function standardHeaders(
  secret: string,
  webhookId: number,
  eventId: string,
  body: Buffer,
  at: Date,
): Record<string, string> {
  const id = standardWebhookId(secret, webhookId, eventId);
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    [STANDARD_WEBHOOK_HEADERS.id]: id,
    [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [STANDARD_WEBHOOK_HEADERS.signature]: signStandardWebhook(
      id,
      timestamp,
      body,
      Buffer.from(secret, 'utf8'),
    ),
  };
}
