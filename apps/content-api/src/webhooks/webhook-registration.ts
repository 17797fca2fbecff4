import { randomInt } from 'node:crypto';
import { FieldErrors, messages, validationError } from '@hc/contracts';
import { parseTarget, type HostCheck } from '@hc/net';
import type { CreateWebhookDto } from './dto/create-webhook.dto';

export const SECRET_MIN = 16;
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
 * Spec 4.8: `url` required, http(s), public by IP or by resolving the name (a name that does not
 * resolve yet is accepted); `secret` optional, at least 16 characters. No upper bound here: a
 * value over 191 characters passes validation and fails when stored (spec 7: 500).
 */
export async function checkRegistration(
  dto: CreateWebhookDto,
  checkHost: (url: string) => Promise<HostCheck>,
): Promise<{ url: string; secret: string }> {
  const errors: FieldErrors = {};
  const { url, secret } = dto;
  if (url === undefined || url === null) errors.url = [messages.required('url')];
  else if (typeof url !== 'string') errors.url = [messages.string('url')];
  else if (!parseTarget(url)) errors.url = [messages.url('url')];

  if (secret !== undefined && secret !== null) {
    if (typeof secret !== 'string') errors.secret = [messages.string('secret')];
    else if ([...secret].length < SECRET_MIN)
      errors.secret = [messages.minString('secret', SECRET_MIN)];
  }

  if (!errors.url && typeof url === 'string') {
    const host = await checkHost(url);
    if (!host.ok && host.reason === 'private_address') errors.url = [NOT_PUBLIC];
    else if (!host.ok && host.reason === 'invalid_url') errors.url = [messages.url('url')];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return {
    url: url as string,
    secret: typeof secret === 'string' ? secret : generateSecret(),
  };
}
