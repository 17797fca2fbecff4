import { portVariable, settings } from '@hc/contracts';
import type { AppName } from '@hc/contracts';

/** What a start-up error carries: Node's socket fields, mysql2's and kafkajs's codes. */
interface ErrorFields {
  message?: string;
  code?: string;
  errno?: number | string;
  syscall?: string;
  address?: string;
  port?: number;
  hostname?: string;
  broker?: string;
  name?: string;
  cause?: unknown;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * Issue 36: mysql2's TLS failures (its own codes, so the database's and no other connection's),
 * in words naming the settings. The handshake's reason (Node's) is mysql2's message.
 */
function databaseTlsFailure(e: ErrorFields, message: string): string | null {
  if (e.code === 'ER_SECURE_TRANSPORT_REQUIRED') {
    // MySQL's require_secure_transport (MariaDB answers "Access denied" instead).
    return `the database accepts only TLS connections (${message}): set HC_DATABASE_SSL_MODE (verify-identity for a managed service)`;
  }
  if (e.code !== 'HANDSHAKE_NO_SSL_SUPPORT' && e.code !== 'HANDSHAKE_SSL_ERROR') return null;
  let mode = 'disabled';
  try {
    mode = settings().databaseTls.mode;
  } catch {
    // The settings were refused before: their own message was shown.
  }
  if (e.code === 'HANDSHAKE_NO_SSL_SUPPORT') {
    return `the database does not offer TLS, which HC_DATABASE_SSL_MODE=${mode} requires: enable TLS on the server, or fix HC_DATABASE_SSL_MODE`;
  }
  return `TLS to the database failed (${message}; HC_DATABASE_SSL_MODE=${mode}): trust its CA with HC_DATABASE_SSL_CA_FILE, and name the server in HC_DATABASE_URL as its certificate does`;
}

function fieldsOf(err: unknown): ErrorFields {
  return err !== null && typeof err === 'object' ? (err as ErrorFields) : { message: String(err) };
}

/** host:port of a URL setting, or null when it is unset or not a URL. */
function endpoint(url: string | null | undefined, defaultPort: number): string | null {
  if (!url || !URL.canParse(url)) return null;
  const u = new URL(url);
  return `${u.hostname}:${u.port || defaultPort}`;
}

/** The service an unreachable address belongs to, with the setting that names it. */
function serviceAt(target: string): { what: string; fix: string } | null {
  let s;
  try {
    s = settings();
  } catch {
    return null;
  }
  const same = (a: string | null) =>
    a !== null &&
    a.replace(/^localhost:/, '127.0.0.1:') === target.replace(/^localhost:/, '127.0.0.1:');
  if (same(endpoint(s.databaseUrl, 3306)))
    return { what: 'the database (MariaDB)', fix: 'start it or fix HC_DATABASE_URL' };
  if (same(endpoint(s.redisUrl, 6379)))
    return { what: 'Redis', fix: 'start it or fix HC_REDIS_URL' };
  if (s.kafkaBrokers.some((b) => same(b)))
    return { what: 'Kafka', fix: 'start the brokers or fix HC_KAFKA_BROKERS' };
  if (same(endpoint(s.smtpUrl, 587)))
    return { what: 'the mail server', fix: 'start it or fix HC_SMTP_URL' };
  return null;
}

/**
 * Issue 35: why an app could not start, in words an operator acts on: the service that did not
 * answer or refused, and the setting (or command) that fixes it. Errors that already say so
 * (settings, Kafka topics, the schema check) keep their own message.
 */
export function explainStartupFailure(app: AppName | 'edge', err: unknown): string {
  const e = fieldsOf(err);
  const message = (e.message ?? String(err)).replace(/\s*\n\s*/g, ' ');
  if (e.code === 'EADDRINUSE') {
    const setting = app === 'edge' ? 'HC_PORT / HC_READER_PORT' : portVariable(app);
    return `port ${e.port ?? ''} is already in use: stop what listens there or set ${setting}`;
  }
  if (e.code && UNREACHABLE.has(e.code)) {
    const target = `${e.address ?? e.hostname ?? ''}:${e.port ?? ''}`;
    const service = serviceAt(target);
    if (service) return `cannot reach ${service.what} at ${target} (${e.code}): ${service.fix}`;
    return `cannot reach ${target} (${e.code}): ${message}`;
  }
  if (e.code === 'ER_ACCESS_DENIED_ERROR' || e.code === 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR') {
    return `the database refused the user of HC_DATABASE_URL (${message}): fix the user or password there`;
  }
  const tls = databaseTlsFailure(e, message);
  if (tls) return tls;
  if (e.code === 'ER_BAD_DB_ERROR') {
    return `${message}: create and migrate it with "npm run -s hc -- migrate", or fix HC_DATABASE_URL`;
  }
  if (/^KafkaJS(Connection|NumberOfRetriesExceeded|BrokerNotFound)/.test(e.name ?? '')) {
    return `cannot reach Kafka (${message}): start the brokers or fix HC_KAFKA_BROKERS`;
  }
  return message;
}
