import { randomInt } from 'node:crypto';
import { messages, validationError } from '@hc/contracts';
import type { HostCheck } from '@hc/net';
import type { CreateWebhookDto } from './dto/create-webhook.dto';

/** Spec 8: a generated secret has 48 letters and digits. */
export const GENERATED_SECRET_LENGTH = 48;
export const NOT_PUBLIC = 'The url must be a publicly reachable address';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function generateSecret(length = GENERATED_SECRET_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/**
 * Spec 4.8: the address must be public, by IP or by resolving the name (a name that does not
 * resolve yet is accepted). The DTO checked the shapes; a missing secret is generated.
 */
export async function checkRegistration(
  dto: CreateWebhookDto,
  checkHost: (url: string) => Promise<HostCheck>,
): Promise<{ url: string; secret: string }> {
  const host = await checkHost(dto.url);
  if (!host.ok && host.reason === 'private_address') throw validationError({ url: [NOT_PUBLIC] });
  if (!host.ok && host.reason === 'invalid_url')
    throw validationError({ url: [messages.url('url')] });
  return { url: dto.url, secret: dto.secret ?? generateSecret() };
}
