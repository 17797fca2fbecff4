import { createHmac, timingSafeEqual } from 'node:crypto';
import { signWebhookBody } from './webhook-signature';

/**
 * Issue 23: Standard Webhooks (standardwebhooks.com), the opt-in signature of webhooks registered
 * through POST /webhooks/standard, and a receiver's check of either scheme.
 */

/** The standard's headers, as sent (receivers compare names case-insensitively). */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** The standard's prefix of a secret written as base64. */
export const STANDARD_SECRET_PREFIX = 'whsec_';

/** The standard's default window for `webhook-timestamp`, either side of now: 5 minutes. */
export const STANDARD_TIMESTAMP_TOLERANCE_SECONDS = 300;

/**
 * A webhook's secret in the standard's form: `whsec_` plus the base64 of the secret's UTF-8
 * bytes. Both schemes sign with those bytes, so the two forms name one key.
 */
export function standardWebhookSecret(secret: string): string {
  return STANDARD_SECRET_PREFIX + Buffer.from(secret, 'utf8').toString('base64');
}

/**
 * The signing key's bytes: the base64 after `whsec_`, or the UTF-8 bytes of a secret given as the
 * API returned it in `secret`. (A secret that itself begins with `whsec_` must be passed in its
 * `whsec_` form.)
 */
export function webhookSigningKey(secret: string | Uint8Array): Buffer {
  if (typeof secret !== 'string') return Buffer.from(secret);
  if (secret.startsWith(STANDARD_SECRET_PREFIX))
    return Buffer.from(secret.slice(STANDARD_SECRET_PREFIX.length), 'base64');
  return Buffer.from(secret, 'utf8');
}

/** `v1,` plus the base64 HMAC-SHA256 of `id.timestamp.body` (the standard's `webhook-signature`). */
export function signStandardWebhook(
  id: string,
  timestampSeconds: number,
  rawBody: string | Uint8Array,
  secret: string | Uint8Array,
): string {
  const mac = createHmac('sha256', webhookSigningKey(secret))
    .update(`${id}.${timestampSeconds}.`)
    .update(rawBody)
    .digest('base64');
  return `v1,${mac}`;
}

/** Request headers in any of the usual shapes: Node's `req.headers`, a record, a Fetch `Headers`. */
export type WebhookHeaders =
  { get(name: string): string | null } | Record<string, string | readonly string[] | undefined>;

export type WebhookScheme = 'service' | 'standard';

export type WebhookVerification =
  | { ok: true; scheme: WebhookScheme; webhookId?: string; timestamp?: Date }
  | {
      ok: false;
      scheme: WebhookScheme;
      reason:
        | 'missing_headers'
        | 'invalid_signature'
        | 'invalid_timestamp'
        | 'timestamp_too_old'
        | 'timestamp_too_new';
    };

export interface VerifyWebhookOptions {
  /**
   * The scheme to require. Without it: `standard` when the request carries any Standard Webhooks
   * header, else `service`. Pin `standard` for a webhook registered through POST /webhooks/standard: a
   * captured request stripped of its Standard Webhooks headers is then refused instead of being
   * accepted on the spec's signature (which carries no time) alone.
   */
  scheme?: WebhookScheme;
  /** Seconds `webhook-timestamp` may differ from now, either way (default 300). */
  toleranceSeconds?: number;
  /** Now, for tests (default the clock). */
  now?: Date;
}

/** One header's value; a missing or repeated header is undefined. */
function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const value = (headers as { get(n: string): string | null }).get(name);
    // A Fetch `Headers` joins repeated values with ", ".
    return value === null || value.includes(', ') ? undefined : value;
  }
  const record = headers as Record<string, string | readonly string[] | undefined>;
  let found: string | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value !== 'string' || found !== undefined) return undefined;
    found = value;
  }
  return found;
}

/** Whether the header was sent at all (once or more). */
function hasHeader(headers: WebhookHeaders, name: string): boolean {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(n: string): string | null }).get(name) !== null;
  return Object.entries(headers).some(([key, v]) => key.toLowerCase() === name && v !== undefined);
}

function sameBytes(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A receiver's check of a delivery, either scheme, on the raw body exactly as received:
 *  - `service` (spec 6): `X-Service-Signature` equals `sha256=` + hex HMAC of the body;
 *  - `standard`: `webhook-timestamp` within the window of now, and one of the `v1,` signatures
 *    of `webhook-signature` equals the HMAC of `webhook-id.webhook-timestamp.body`.
 * Signatures are compared in constant time. Parse the JSON only when `ok` (answer 401 otherwise);
 * deduplicate standard deliveries by `webhookId`.
 */
export function verifyWebhookRequest(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookVerification {
  const sentStandard = Object.values(STANDARD_WEBHOOK_HEADERS).some((h) => hasHeader(headers, h));
  const scheme: WebhookScheme = options.scheme ?? (sentStandard ? 'standard' : 'service');
  if (typeof secret !== 'string' || secret === '')
    return { ok: false, scheme, reason: 'invalid_signature' };

  if (scheme === 'service') {
    const header = readHeader(headers, 'x-service-signature');
    if (header === undefined) return { ok: false, scheme, reason: 'missing_headers' };
    const expected = signWebhookBody(rawBody, webhookSigningKey(secret));
    return sameBytes(header, expected)
      ? { ok: true, scheme }
      : { ok: false, scheme, reason: 'invalid_signature' };
  }

  const id = readHeader(headers, STANDARD_WEBHOOK_HEADERS.id);
  const standardSignature = readHeader(headers, STANDARD_WEBHOOK_HEADERS.signature);
  const stamp = readHeader(headers, STANDARD_WEBHOOK_HEADERS.timestamp);
  if (id === undefined || stamp === undefined || standardSignature === undefined)
    return { ok: false, scheme, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(stamp)) return { ok: false, scheme, reason: 'invalid_timestamp' };
  const seconds = Number(stamp);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? STANDARD_TIMESTAMP_TOLERANCE_SECONDS;
  if (now - seconds > tolerance) return { ok: false, scheme, reason: 'timestamp_too_old' };
  if (seconds - now > tolerance) return { ok: false, scheme, reason: 'timestamp_too_new' };
  const expected = signStandardWebhook(id, seconds, rawBody, secret);
  let matched = false;
  // Every v1 entry is compared (no early exit), so the time taken does not say which matched.
  for (const entry of standardSignature.split(' ')) {
    if (entry.startsWith('v1,') && sameBytes(entry, expected)) matched = true;
  }
  return matched
    ? { ok: true, scheme, webhookId: id, timestamp: new Date(seconds * 1000) }
    : { ok: false, scheme, reason: 'invalid_signature' };
}
