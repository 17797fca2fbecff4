import { createHmac } from 'node:crypto';

/** Spec 6: `sha256=` plus the lowercase hex HMAC-SHA256 of the raw body, keyed with the secret. */
export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
