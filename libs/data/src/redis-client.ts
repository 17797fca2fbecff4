import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';

/**
 * Every Redis connection of the product is made here (issue 34 item 5): `HC_REDIS_URL` with the
 * AUTH and TLS settings applied. Read from the environment, as the data source reads
 * HC_DATABASE_URL (this library depends on no settings module); checkSettings validates them.
 *
 * - `HC_REDIS_USERNAME` / `HC_REDIS_PASSWORD`: an ACL user and its password (or only a password,
 *   for `requirepass`), instead of (over) those in the URL, so the password can come from a
 *   Secret of its own.
 * - `rediss://` turns TLS on (system roots); `HC_REDIS_TLS_CA_FILE` trusts a private CA,
 *   `HC_REDIS_TLS_CERT_FILE` with `HC_REDIS_TLS_KEY_FILE` presents a client certificate
 *   (`tls-auth-clients yes`).
 */
export function redisConnection(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): { url: string; tls?: ConnectionOptions } {
  const parsed = new URL(url);
  if (env.HC_REDIS_USERNAME) parsed.username = encodeURIComponent(env.HC_REDIS_USERNAME);
  if (env.HC_REDIS_PASSWORD) parsed.password = encodeURIComponent(env.HC_REDIS_PASSWORD);
  if (parsed.protocol !== 'rediss:') return { url: parsed.toString() };
  const file = (name: string) => (env[name] ? readFileSync(env[name]!) : undefined);
  const tls: ConnectionOptions = {};
  const ca = file('HC_REDIS_TLS_CA_FILE');
  const cert = file('HC_REDIS_TLS_CERT_FILE');
  const key = file('HC_REDIS_TLS_KEY_FILE');
  if (ca) tls.ca = ca;
  if (cert) tls.cert = cert;
  if (key) tls.key = key;
  return { url: parsed.toString(), tls };
}

/** A Redis client for `url` with the AUTH and TLS settings; `options` are the caller's own. */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const connection = redisConnection(url);
  return new Redis(connection.url, connection.tls ? { ...options, tls: connection.tls } : options);
}
