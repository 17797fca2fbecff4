import { PLANS } from './scopes';

/**
 * Every setting the services read, one line each: its name, its parser (with the default that
 * works on one machine) and its meaning. `.env.example` and docs/operations.md are checked
 * against this table, unknown `HC_*` names are reported at boot, and `settings().values` gives
 * each parsed value typed. Adding a setting is adding one line here.
 */

/** How one setting is read: `parse` turns the raw value (undefined or '' when unset) into T. */
export interface SettingDefinition<T> {
  meaning: string;
  /** The default as written in `.env.example` ('' when unset by default). */
  example: string;
  parse(raw: string | undefined, name: string): T;
}

const unset = (raw: string | undefined): raw is undefined | '' => raw === undefined || raw === '';

/** A string; `fallback` when unset. */
export const text = (fallback: string, meaning: string): SettingDefinition<string> => ({
  meaning,
  example: fallback,
  parse: (raw) => (unset(raw) ? fallback : raw),
});

/** A string, or null when unset. */
export const optional = (meaning: string): SettingDefinition<string | null> => ({
  meaning,
  example: '',
  parse: (raw) => (unset(raw) ? null : raw),
});

/** A comma-separated list. */
export const list = (meaning: string, fallback = ''): SettingDefinition<string[]> => ({
  meaning,
  example: fallback,
  parse: (raw) =>
    (unset(raw) ? fallback : raw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
});

export const bool = (fallback: boolean, meaning: string): SettingDefinition<boolean> => ({
  meaning,
  example: String(fallback),
  parse: (raw, name) => {
    if (unset(raw)) return fallback;
    if (/^(1|true|yes)$/i.test(raw)) return true;
    if (/^(0|false|no)$/i.test(raw)) return false;
    throw new Error(`${name} must be true or false`);
  },
});

export const int = (
  fallback: number,
  meaning: string,
  range: { min?: number; max?: number } = {},
): SettingDefinition<number> => ({
  meaning,
  example: String(fallback),
  parse: (raw, name) => {
    if (unset(raw)) return fallback;
    const n = Number(raw);
    const { min = 0, max = Number.MAX_SAFE_INTEGER } = range;
    if (!/^-?\d+$/.test(raw.trim()) || n < min || n > max) {
      throw new Error(`${name} must be a whole number from ${min} to ${max}`);
    }
    return n;
  },
});

/** A whole number in `range`, or null when unset (the caller has its own default). */
export const optionalInt = (
  meaning: string,
  range: { min?: number; max?: number },
): SettingDefinition<number | null> => ({
  meaning,
  example: '',
  parse: (raw, name) => (unset(raw) ? null : int(0, meaning, range).parse(raw, name)),
});

/** A port number, or undefined when unset (the caller derives the default). */
export const port = (
  meaning: string,
  fallback?: number,
): SettingDefinition<number | undefined> => ({
  meaning,
  example: fallback === undefined ? '' : String(fallback),
  parse: (raw, name) =>
    unset(raw) ? fallback : int(0, meaning, { min: 0, max: 65535 }).parse(raw, name),
});

/** One of a fixed set of words. */
export const oneOf = <const W extends string>(
  words: readonly W[],
  fallback: W,
  meaning: string,
): SettingDefinition<W> => ({
  meaning,
  example: fallback,
  parse: (raw, name) => {
    if (unset(raw)) return fallback;
    if (!(words as readonly string[]).includes(raw)) {
      throw new Error(`${name} must be ${words.slice(0, -1).join(', ')} or ${words.at(-1)}`);
    }
    return raw as W;
  },
});

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseDuration(part: string, name: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(part.trim());
  if (!m) throw new Error(`${name}: cannot read "${part}" (use e.g. 500ms, 10s, 2m, 1h, 7d)`);
  return Math.round(Number(m[1]) * UNITS[m[2] ?? 's']);
}

/** A duration (`500ms`, `10s`, `2m`; a bare number is seconds) → milliseconds. */
export const duration = (fallback: string, meaning: string): SettingDefinition<number> => ({
  meaning,
  example: fallback,
  parse: (raw, name) => parseDuration(unset(raw) ? fallback : raw, name),
});

/** `10s,30s,2m,5m` → milliseconds each. */
export const durations = (fallback: string, meaning: string): SettingDefinition<number[]> => ({
  meaning,
  example: fallback,
  parse: (raw, name) =>
    (unset(raw) ? fallback : raw)
      .split(',')
      .filter((p) => p.trim())
      .map((p) => parseDuration(p, name)),
});

const appPort = (app: string, n: number) => port(`port of ${app}`, n);

/** A Kafka topic name (Kafka's own rule: 1-249 of letters, digits, `.`, `_`, `-`). */
/** A Kafka topic name is 1-249 letters, digits, ".", "_" or "-" (not "." or ".."). */
export function validKafkaTopic(topic: string): boolean {
  return /^[A-Za-z0-9._-]{1,249}$/.test(topic) && topic !== '.' && topic !== '..';
}

const kafkaTopic = (fallback: string, meaning: string): SettingDefinition<string> => ({
  meaning,
  example: fallback,
  parse: (raw, name) => {
    const topic = unset(raw) ? fallback : raw;
    if (!validKafkaTopic(topic)) {
      throw new Error(`${name} must be 1-249 letters, digits, ".", "_" or "-"`);
    }
    return topic;
  },
});

/** A topic whose default derives from another setting (resolved in settings.ts): null when unset. */
const derivedKafkaTopic = (example: string, meaning: string): SettingDefinition<string | null> => ({
  meaning,
  example,
  parse: (raw, name) => {
    if (unset(raw)) return null;
    if (!validKafkaTopic(raw)) {
      throw new Error(`${name} must be 1-249 letters, digits, ".", "_" or "-"`);
    }
    return raw;
  },
});

/** MySQL's own `--ssl-mode` words, lower case (PREFERRED is not offered: mysql2 cannot fall back). */
export const DATABASE_SSL_MODES = ['disabled', 'required', 'verify-ca', 'verify-identity'] as const;
export type DatabaseSslMode = (typeof DATABASE_SSL_MODES)[number];

/** One of DATABASE_SSL_MODES, also as MySQL spells them (`VERIFY_IDENTITY`); `disabled` when unset. */
const sslMode = (meaning: string): SettingDefinition<DatabaseSslMode> => ({
  meaning,
  example: 'disabled',
  parse: (raw, name) =>
    oneOf(DATABASE_SSL_MODES, 'disabled', meaning).parse(
      raw?.toLowerCase().replace(/_/g, '-'),
      name,
    ),
});

const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
export type KafkaSaslMechanism = (typeof SASL_MECHANISMS)[number];

/** One of `words` (any case), or null when unset. */
const optionalOneOf = <const W extends string>(
  words: readonly W[],
  meaning: string,
): SettingDefinition<W | null> => ({
  meaning,
  example: '',
  parse: (raw, name) =>
    unset(raw) ? null : oneOf(words, words[0], meaning).parse(raw.toLowerCase(), name),
});

/** `plain`, `scram-sha-256` or `scram-sha-512` (any case), or null when unset. */
const saslMechanism = (meaning: string) => optionalOneOf(SASL_MECHANISMS, meaning);

/** Who may create an account in the dashboard (issue 38). */
export const SIGNUP_MODES = ['open', 'invitation', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export const SETTING_DEFINITIONS = {
  NODE_ENV: text('development', '`production` refuses development defaults at boot'),
  LOG_LEVEL: oneOf(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    'info',
    'least severe log level written',
  ),
  HC_DATABASE_URL: text(
    'mysql://root@127.0.0.1:3306/helpcenter',
    'MySQL 8 or MariaDB 10.6+; the database is created if missing',
  ),
  HC_DATABASE_POOL_SIZE: optionalInt(
    "connections of each process's pool (default 10; mcp-gateway and event-relay 2); docs/scaling.md",
    { min: 1, max: 1000 },
  ),
  HC_DATABASE_SSL_MODE: sslMode(
    'TLS to MySQL: disabled, required (unverified), verify-ca (signed by the CA file) or verify-identity (and names the host)',
  ),
  HC_DATABASE_SSL_CA_FILE: optional(
    'PEM bundle trusted for the database server (verify-ca, verify-identity)',
  ),
  HC_DATABASE_SSL_CERT_FILE: optional('client certificate (PEM) presented to the database'),
  HC_DATABASE_SSL_KEY_FILE: optional('its private key (PEM), with HC_DATABASE_SSL_CERT_FILE'),
  HC_DRY_RUN_POOL_SIZE: int(
    2,
    "connections of the dry runs' own small pool per process (never the app's pool; issue 34)",
    { min: 1, max: 50 },
  ),
  HC_DRY_RUN_STATEMENT_TIMEOUT: duration(
    '5s',
    "each statement of a dry run's transaction is cut off after this long (MariaDB max_statement_time, MySQL max_execution_time and lock waits)",
  ),
  HC_PUBLIC_URL: text('http://localhost:8080', 'the edge origin (API, OAuth, MCP)'),
  HC_API_BASE_URL: optional('{base_url} override (default HC_PUBLIC_URL/v1)'),
  HC_AUTH_URL: optional('{auth_url} override (default HC_PUBLIC_URL)'),
  HC_MCP_URL: optional('{mcp_url} override (default HC_PUBLIC_URL/mcp)'),
  HC_DASHBOARD_URL: optional('{dashboard_url} override (default HC_PUBLIC_URL)'),
  HC_INTERNAL_API_URL: optional(
    "content-api's origin for service-to-service calls (mcp-gateway's tools), never in links (default http://127.0.0.1:<HC_CONTENT_API_PORT>)",
  ),
  HC_INTERNAL_TOKEN: optional(
    'secret shared by mcp-gateway and content-api: content-api believes the agent address mcp-gateway forwards only with it (32+ characters)',
  ),
  HC_READER_URL: optional('the reader origin (default http://localhost:<HC_READER_PORT>)'),
  HC_READER_PORT: port("the edge's reader-pages port (default HC_PORT + 1)"),
  HC_READER_DOMAIN: optional('production: sites are served at {subdomain}.{HC_READER_DOMAIN}'),
  HC_READER_CACHE_ENTRIES: int(
    2000,
    'rendered public reader pages each reader-site process keeps (0: none)',
    { min: 0 },
  ),
  HC_READER_CACHE_MB: int(
    64,
    'megabytes of rendered reader pages and agent documents each reader-site process keeps',
    { min: 1 },
  ),
  HC_READER_RENDER_BUDGET: int(
    600,
    'reader GETs per client address (IPv6 by /64) and minute that miss the page cache; then 429',
    { min: 1 },
  ),
  HC_READER_INSTANT_BUDGET: int(
    600,
    'instant search requests (the reader search box, issue 40) per client address and minute, counted apart from page renders; then 429',
    { min: 1 },
  ),
  HC_READER_CACHE_TTL: duration(
    '60s',
    'longest a cached public reader page is served, also its CDN s-maxage',
  ),
  HC_EMBED_HOSTS: list(
    'hosts whose https iframes reader pages keep (video players)',
    'www.youtube.com,www.youtube-nocookie.com,player.vimeo.com,www.loom.com,fast.wistia.net',
  ),
  HC_PORT: port('port of the edge', 8080),
  HC_CONTENT_API_PORT: appPort('content-api', 3000),
  HC_AUTH_SERVER_PORT: appPort('auth-server', 3001),
  HC_MCP_GATEWAY_PORT: appPort('mcp-gateway', 3002),
  HC_WEBHOOK_DISPATCHER_PORT: appPort('webhook-dispatcher', 3003),
  HC_DESIGN_SERVICE_PORT: appPort('design-service', 3004),
  HC_READER_SITE_PORT: appPort('reader-site', 3005),
  HC_EVENT_RELAY_PORT: appPort('event-relay', 3006),
  HC_DASHBOARD_PORT: appPort('dashboard', 3007),
  HC_SERVICES: list('apps `npm start` runs (default all)'),
  HC_EVENT_TRANSPORT: oneOf(['outbox', 'kafka'], 'outbox', 'how events reach the dispatcher'),
  HC_KAFKA_BROKERS: list('comma-separated Kafka brokers, needed for kafka'),
  HC_KAFKA_TOPIC: kafkaTopic('helpcenter.events', 'the events topic (docs/events.md)'),
  HC_KAFKA_INTERNAL_TOPIC: derivedKafkaTopic(
    'helpcenter.events.internal',
    'the internal topic: contact.submitted and audit events (default <HC_KAFKA_TOPIC>.internal)',
  ),
  HC_KAFKA_TOPIC_PARTITIONS: int(12, 'partitions of the topic when it is created', { min: 1 }),
  HC_KAFKA_REPLICATION_FACTOR: int(3, 'replication factor of the topic when it is created', {
    min: 1,
  }),
  HC_KAFKA_IDEMPOTENT: bool(true, 'idempotent producer; false only against test brokers'),
  HC_KAFKA_SESSION_TIMEOUT: duration(
    '30s',
    'consumer group session: a member silent this long is dropped (6s to 5m; docs/events.md)',
  ),
  HC_KAFKA_CLIENT_ID: text('helpcenter', 'Kafka client id prefix; each app adds -<app>'),
  HC_KAFKA_SSL: bool(false, 'TLS to the brokers (system roots)'),
  HC_KAFKA_SSL_CA_FILE: optional('PEM bundle trusted for the brokers; implies HC_KAFKA_SSL'),
  HC_KAFKA_SASL_MECHANISM: saslMechanism('SASL: plain, scram-sha-256 or scram-sha-512'),
  HC_KAFKA_SASL_USERNAME: optional('SASL user name, with HC_KAFKA_SASL_MECHANISM'),
  HC_KAFKA_SASL_PASSWORD: optional('SASL password, with HC_KAFKA_SASL_MECHANISM'),
  HC_EVENT_RELAY_SHARDS: int(1, 'outbox shards, one active event relay each (by site id)', {
    min: 1,
  }),
  HC_REDIS_URL: optional(
    'shared rate-limit counters across replicas (in-process when unset); rediss:// for TLS',
  ),
  HC_REDIS_USERNAME: optional('Redis ACL user (AUTH), over the URL’s; with HC_REDIS_PASSWORD'),
  HC_REDIS_PASSWORD: optional(
    'Redis password (AUTH: requirepass or the ACL user’s), over the URL’s',
  ),
  HC_REDIS_TLS_CA_FILE: optional('PEM bundle trusted for Redis over rediss:// (a private CA)'),
  HC_REDIS_TLS_CERT_FILE: optional('client certificate (PEM) for Redis over rediss://'),
  HC_REDIS_TLS_KEY_FILE: optional('its private key (PEM), with HC_REDIS_TLS_CERT_FILE'),
  HC_DATA_DIR: text(
    './var',
    'stored images, signing keys and export zips (exports/, kept 24 h) on one machine',
  ),
  HC_DATA_KEYS: optional(
    'keys that encrypt webhook secrets and the upload-URL key at rest: id:base64 (32 bytes), comma-separated, the first encrypts; one machine: HC_DATA_DIR/data-keys',
  ),
  HC_IMAGE_STORAGE: oneOf(['local', 's3'], 'local', 'where image files go'),
  HC_S3_BUCKET: optional('bucket for HC_IMAGE_STORAGE=s3'),
  HC_S3_REGION: text('us-east-1', 'S3 region'),
  HC_S3_ENDPOINT: optional('S3-compatible endpoint'),
  HC_S3_PUBLIC_URL: optional('base URL the image files are served from'),
  HC_S3_FORCE_PATH_STYLE: bool(false, 'path-style S3 addresses'),
  HC_OUTBOUND_ALLOWLIST: list('host[:port] entries exempt from the private address refusal'),
  HC_AUDIT_RETENTION_DAYS: int(365, 'days audit log entries are kept (issue 24)', { min: 1 }),
  HC_WEBHOOK_RETRY_DELAYS: durations('10s,30s,2m,5m', 'delays between delivery attempts'),
  HC_WEBHOOK_LOG: bool(true, 'record each delivery attempt in the webhook delivery log (issue 23)'),
  HC_WEBHOOK_LOG_RETENTION: duration(
    '7d',
    'finished webhook deliveries and their attempt log are kept this long (issue 23)',
  ),
  HC_SHUTDOWN_TIMEOUT: duration('10s', 'SIGTERM: time to finish in-flight work before exiting'),
  HC_TRUST_PROXY: text('loopback', 'proxies whose X-Forwarded-* and X-Request-Id are believed'),
  HC_TRUST_FORWARDED_HOST: bool(
    false,
    "X-Forwarded-Host of those proxies (named by address) is the request's host; off: Host is",
  ),
  HC_FORCE_HTTPS: bool(false, 'plain-HTTP requests get 301 to https'),
  HC_SIGNIN_MAX_FAILURES: int(10, 'failed passwords per account and client address per window', {
    min: 1,
  }),
  HC_SIGNIN_MAX_FAILURES_PER_ADDRESS: int(100, 'failed passwords per client address per window', {
    min: 1,
  }),
  HC_SIGNIN_WINDOW_SECONDS: int(900, 'the window of the password failure counters, seconds', {
    min: 1,
  }),
  HC_SMTP_URL: optional(
    'service emails go out by SMTP; unset (development only: production refuses), they are written under HC_DATA_DIR/mail',
  ),
  HC_SIGNUP: optionalOneOf(
    SIGNUP_MODES,
    'who may sign up in the dashboard: open, invitation (only an invited person) or closed; unset: invitation in production, open elsewhere',
  ),
  HC_SIGNUP_PLAN: oneOf(PLANS, 'starter', 'the plan of the site a person creates when signing up'),
  HC_MAIL_MAX_PER_RECIPIENT: int(
    5,
    'sign-up, verification, reset and invitation emails per purpose and recipient per window',
    {
      min: 1,
    },
  ),
  HC_MAIL_MAX_PER_ADDRESS: int(
    20,
    'those emails per purpose asked for from one client address per window',
    {
      min: 1,
    },
  ),
  HC_MAIL_WINDOW_SECONDS: int(3600, 'the window of the email budgets, seconds', { min: 1 }),
  HC_EMAIL_FROM: optional('sender of service emails (default no-reply@{public host})'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(
    'OpenTelemetry traces go to this OTLP/HTTP collector (off when unset; issue 36)',
  ),
  HC_ANALYTICS_ROLLUP_TIMER: bool(
    true,
    'content-api rolls analytics up daily in-process; false where a CronJob runs `hc analytics rollup`',
  ),
} satisfies Record<string, SettingDefinition<unknown>>;

/**
 * Names that are known without a parser: test and bench tooling reads them itself. They are
 * never reported as unknown.
 */
export const KNOWN_SETTING_PREFIXES = ['HC_TEST_', 'HC_E2E_', 'HC_BENCH_'] as const;
export const KNOWN_TOOLING_SETTINGS = ['HC_CHROMIUM_PATH', 'HC_KCAT_PATH'] as const;

export type SettingName = keyof typeof SETTING_DEFINITIONS;
export type SettingValues = {
  [K in SettingName]: ReturnType<(typeof SETTING_DEFINITIONS)[K]['parse']>;
};

/** Whether `name` is a setting this code reads (or a test/bench tooling name). */
export function isKnownSetting(name: string): boolean {
  return (
    name in SETTING_DEFINITIONS ||
    (KNOWN_TOOLING_SETTINGS as readonly string[]).includes(name) ||
    KNOWN_SETTING_PREFIXES.some((p) => name.startsWith(p))
  );
}

/** Parses every setting; collects each problem (with the setting's name) instead of stopping. */
export function parseSettingValues(env: NodeJS.ProcessEnv): {
  values: SettingValues;
  errors: string[];
} {
  const errors: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(SETTING_DEFINITIONS)) {
    const d = def as SettingDefinition<unknown>;
    try {
      values[name] = d.parse(env[name], name);
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
      values[name] = d.parse(undefined, name);
    }
  }
  return { values: values as SettingValues, errors };
}

/** `HC_*` names in the environment that no code reads (usually a misspelling). */
export function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('HC_') && !isKnownSetting(name))
    .sort();
}
