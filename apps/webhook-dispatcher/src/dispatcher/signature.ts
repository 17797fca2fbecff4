import { signWebhookBody } from '@hc/contracts';

/** Spec 6 signature; the one definition is in @hc/contracts, next to the receivers' check. */
export function signBody(secret: string, body: Buffer | string): string {
  return signWebhookBody(body, secret);
}
