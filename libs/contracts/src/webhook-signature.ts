import { createHmac, timingSafeEqual } from 'node:crypto';

/** The request header that carries the signature of a webhook delivery (spec 6). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Service-Signature';

/**
 * Spec 6: `sha256=` plus the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret (its
 * UTF-8 bytes; bytes given as such are used as they are).
 */
export function signWebhookBody(rawBody: string | Uint8Array, secret: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * The receiver's check of spec 6: the `X-Service-Signature` header must equal the signature of
 * the raw body exactly as received, compared in constant time. A missing, repeated or malformed
 * header is false. Parse the JSON only after this returns true (and answer 401 otherwise).
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string' || typeof secret !== 'string' || secret === '') return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret), 'utf8');
  const given = Buffer.from(header, 'utf8');
  // The length of a valid signature is public (71 bytes); only equal lengths are compared.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
