import {
  type KafkaSaslMechanism,
  parseSettingValues,
  SETTING_DEFINITIONS,
  type SettingName,
  type SettingValues,
  type SignupMode,
  unknownSettings,
  validKafkaTopic,
} from './setting-definitions';
import {
  type DatabaseTls,
  databaseTlsFileProblems,
  databaseTlsSettings,
  databaseUrlProblems,
  type ReadTextFile,
  readTextFile,
} from './database-settings';

/**
 * The settings of docs/operations.md, read from the environment once per process. Every
 * service reads the same names; each default works on one machine.
 */
export interface Settings {
  /** Every setting parsed, by name (SETTING_DEFINITIONS): `settings().values.HC_X`. */
  values: SettingValues;
  /** NODE_ENV=production: development defaults are refused at boot. */
  production: boolean;
  databaseUrl: string;
  /** `HC_DATABASE_POOL_SIZE`: each app's pool, over the app's own default (null: unset). */
  databasePoolSize: number | null;
  /** `HC_DATABASE_SSL_*`: TLS to MySQL (docs/decisions/managed-databases.md). */
  databaseTls: DatabaseTls;
  publicUrl: string;
  /** {api_origin} */
  apiOrigin: string;
  /** {base_url} = {api_origin}/v1 */
  apiBaseUrl: string;
  /** {auth_url} */
  authUrl: string;
  /** {mcp_url} */
  mcpUrl: string;
  /** {dashboard_url} */
  dashboardUrl: string;
  /**
   * `HC_INTERNAL_API_URL` (issue 36): content-api's origin for service-to-service calls
   * (mcp-gateway's tools), default `http://127.0.0.1:<HC_CONTENT_API_PORT>`. Never in a link:
   * links are written from `apiBaseUrl`.
   */
  internalApiUrl: string;
  /**
   * `HC_INTERNAL_TOKEN`: the secret mcp-gateway sends with each REST call; content-api believes
   * the agent address mcp-gateway forwards only with it (docs/security.md "Internal calls").
   */
  internalToken: string | null;
  edgePort: number;
  /** `HC_READER_URL`: the reader origin, never the platform origin (issue #14). */
  readerUrl: string;
  /** `HC_READER_PORT`: the edge's second port on one machine, serving reader pages only. */
  readerPort: number;
  /** `HC_READER_DOMAIN`: in production each site is served at `{subdomain}.{readerDomain}`. */
  readerDomain: string | null;
  /** `HC_EMBED_HOSTS`: the hosts whose https iframes survive in reader pages (video players). */
  embedHosts: string[];
  ports: Record<AppName, number>;
  eventTransport: SettingValues['HC_EVENT_TRANSPORT'];
  kafkaBrokers: string[];
  /** Topic, client and security settings of the Kafka transport (`HC_KAFKA_*`). */
  kafka: KafkaSettings;
  redisUrl: string | null;
  dataDir: string;
  /** Where image files go: `local` (under dataDir, one machine) or `s3` (several replicas). */
  imageStorage: ImageStorageSettings;
  outboundAllowlist: string[];
  webhookRetryDelaysMs: number[];
  /** `HC_WEBHOOK_LOG` (default true): the dispatcher records each attempt in the delivery log. */
  webhookLog: boolean;
  /** `HC_WEBHOOK_LOG_RETENTION` (default 7 days): how long the delivery log is kept (issue 23). */
  webhookLogRetentionMs: number;
  /** Issue 24: audit entries older than this many days are deleted. */
  auditRetentionDays: number;
  trustProxy: string;
  forceHttps: boolean;
  logLevel: string;
  /** `HC_SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`): service emails go out by SMTP; unset (development), they are written under `HC_DATA_DIR/mail`. */
  smtpUrl: string | null;
  /** `HC_EMAIL_FROM`: the sender of service emails (default `Help Center <no-reply@{public host}>`). */
  emailFrom: string;
  /** `HC_SIGNUP`: who may sign up (unset: `invitation` in production, `open` elsewhere). */
  signup: SignupMode;
  /**
   * `HC_ANALYTICS_ROLLUP_TIMER` (default `true`): content-api rolls analytics up daily on an
   * in-process timer. `false` where a scheduler runs `hc analytics rollup` instead (the
   * Kubernetes CronJob), so replicas do not each run it.
   */
  analyticsRollupTimer: boolean;
}

/**
 * `HC_IMAGE_STORAGE` = `local` (default) or `s3`. For `s3`: `HC_S3_BUCKET` (required),
 * `HC_S3_REGION` (default `us-east-1`), `HC_S3_ENDPOINT` (S3-compatible services),
 * `HC_S3_PUBLIC_URL` (the base the files are served from; default the bucket's own URL),
 * `HC_S3_FORCE_PATH_STYLE`; credentials come from the AWS SDK's usual chain (`AWS_ACCESS_KEY_ID`…).
 */
export type ImageStorageSettings =
  | { driver: 'local' }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | null;
      publicUrl: string;
      forcePathStyle: boolean;
    };

export type { KafkaSaslMechanism };

export interface KafkaSettings {
  /** `HC_KAFKA_TOPIC` (default `helpcenter.events`). */
  topic: string;
  /**
   * `HC_KAFKA_INTERNAL_TOPIC` (default `<HC_KAFKA_TOPIC>.internal`): personal data
   * (`contact.submitted`) and audit events, read only by the dispatcher (docs/events.md).
   */
  internalTopic: string;
  /** `HC_KAFKA_TOPIC_PARTITIONS` (12) and `HC_KAFKA_REPLICATION_FACTOR` (3): used only when the topic is created. */
  partitions: number;
  replicationFactor: number;
  /** `HC_KAFKA_IDEMPOTENT` (default true): idempotent producer; off only against test brokers. */
  idempotent: boolean;
  /** `HC_KAFKA_CLIENT_ID`: prefix of each app's client id (`<prefix>-<app>`; default `helpcenter`). */
  clientId: string;
  /** `HC_KAFKA_SSL` (default false) or `HC_KAFKA_SSL_CA_FILE` (PEM bundle; implies TLS). */
  ssl: boolean;
  sslCaFile: string | null;
  /** `HC_KAFKA_SASL_MECHANISM` with `HC_KAFKA_SASL_USERNAME` / `HC_KAFKA_SASL_PASSWORD`. */
  sasl: { mechanism: KafkaSaslMechanism; username: string; password: string } | null;
  /** `HC_EVENT_RELAY_SHARDS` (default 1): outbox shards, one active relay each (by site id). */
  relayShards: number;
  /**
   * `HC_KAFKA_SESSION_TIMEOUT` (default 30 s, kafkajs's; 6 s to 5 min, the brokers' default
   * bounds): how long a silent consumer stays in the group. A SIGKILLed dispatcher's partitions
   * wait this long; a shorter one drops live members whose heartbeats a loaded host delays.
   */
  sessionTimeoutMs: number;
}

/** The Kafka settings as one object; a half-configured SASL is a problem pushed to `errors`. */
function kafkaSettings(v: SettingValues, errors: string[]): KafkaSettings {
  const mechanism = v.HC_KAFKA_SASL_MECHANISM;
  const username = v.HC_KAFKA_SASL_USERNAME;
  const password = v.HC_KAFKA_SASL_PASSWORD;
  if (mechanism && (!username || !password)) {
    errors.push('HC_KAFKA_SASL_MECHANISM needs HC_KAFKA_SASL_USERNAME and HC_KAFKA_SASL_PASSWORD');
  } else if (!mechanism && (username || password)) {
    errors.push('HC_KAFKA_SASL_USERNAME and HC_KAFKA_SASL_PASSWORD need HC_KAFKA_SASL_MECHANISM');
  }
  if (v.HC_KAFKA_SESSION_TIMEOUT < 6_000 || v.HC_KAFKA_SESSION_TIMEOUT > 300_000) {
    errors.push(
      'HC_KAFKA_SESSION_TIMEOUT must be between 6s and 5m (the brokers refuse other sessions by default)',
    );
  }
  const internalTopic = v.HC_KAFKA_INTERNAL_TOPIC ?? `${v.HC_KAFKA_TOPIC}.internal`;
  if (internalTopic === v.HC_KAFKA_TOPIC) {
    errors.push('HC_KAFKA_INTERNAL_TOPIC must differ from HC_KAFKA_TOPIC');
  } else if (!validKafkaTopic(internalTopic)) {
    errors.push(
      'HC_KAFKA_INTERNAL_TOPIC (default <HC_KAFKA_TOPIC>.internal) must be 1-249 characters',
    );
  }
  return {
    topic: v.HC_KAFKA_TOPIC,
    internalTopic,
    partitions: v.HC_KAFKA_TOPIC_PARTITIONS,
    replicationFactor: v.HC_KAFKA_REPLICATION_FACTOR,
    idempotent: v.HC_KAFKA_IDEMPOTENT,
    clientId: v.HC_KAFKA_CLIENT_ID,
    ssl: v.HC_KAFKA_SSL || !!v.HC_KAFKA_SSL_CA_FILE,
    sslCaFile: v.HC_KAFKA_SSL_CA_FILE,
    sasl: mechanism && username && password ? { mechanism, username, password } : null,
    relayShards: v.HC_EVENT_RELAY_SHARDS,
    sessionTimeoutMs: v.HC_KAFKA_SESSION_TIMEOUT,
  };
}

/** A key that encrypts secrets at rest (issue 34): its id (stored with each value) and 32 bytes. */
export interface DataKey {
  id: string;
  key: Buffer;
}

/** The apps that encrypt or decrypt secrets at rest: production refuses them without HC_DATA_KEYS. */
export const DATA_KEY_APPS: readonly string[] = [
  'content-api',
  'webhook-dispatcher',
  'hc',
  // Issue 38: two-factor secrets.
  'auth-server',
];

/** The apps that send email: production refuses them without HC_SMTP_URL (issue 38). */
export const MAIL_APPS: readonly string[] = ['content-api', 'auth-server'];

/** The apps that open no database connection (static files only). */
export const DATABASELESS_APPS: readonly string[] = ['dashboard'];

/** An app's pool when neither APP_POOL_SIZES nor `HC_DATABASE_POOL_SIZE` names one. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Apps whose own pool is smaller than DEFAULT_POOL_SIZE when `HC_DATABASE_POOL_SIZE` is unset:
 * mcp-gateway (its tools call content-api) and event-relay (one lease connection, one spare).
 */
export const APP_POOL_SIZES: Readonly<Record<string, number>> = {
  'mcp-gateway': 2,
  'event-relay': 2,
};

/** The apps that run dry runs, on a pool of their own of `HC_DRY_RUN_POOL_SIZE` connections. */
export const DRY_RUN_APPS: readonly string[] = ['content-api', 'design-service'];

/**
 * The database connections one process of `app` opens at most (docs/scaling.md): its pool
 * (`HC_DATABASE_POOL_SIZE` over the app's own default) and its dry runs' pool.
 */
export function appDatabaseConnections(
  app: string | undefined,
  s: Settings,
): { pool: number; dryRun: number } {
  if (app && DATABASELESS_APPS.includes(app)) return { pool: 0, dryRun: 0 };
  return {
    pool: s.databasePoolSize ?? APP_POOL_SIZES[app ?? ''] ?? DEFAULT_POOL_SIZE,
    dryRun: app && DRY_RUN_APPS.includes(app) ? s.values.HC_DRY_RUN_POOL_SIZE : 0,
  };
}

/**
 * The app whose refusals an operator command's boot check applies (`checkSettings`'s `app`):
 * `hc` for every command (they seal and open content-api's secrets, so HC_DATA_KEYS; they send
 * no email, so no HC_SMTP_URL), none for `hc db grants`, which only grants and so needs no data
 * key. deploy/test checks the Jobs' environments with it.
 */
export function cliSettingsApp(command: string): string | undefined {
  return command === 'db grants' ? undefined : 'hc';
}

/**
 * `HC_DATA_KEYS`: `id:base64` entries (32-byte keys, base64 or base64url), comma-separated; the
 * first encrypts, every one decrypts (rotation: put the new key first, keep the old ones until
 * `hc data reencrypt` has run).
 */
export function parseDataKeys(text: string): DataKey[] {
  const keys = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_=-]+)$/.exec(entry);
      const key = m ? Buffer.from(m[2], 'base64') : Buffer.alloc(0);
      if (!m || key.length !== 32) {
        throw new Error(
          'HC_DATA_KEYS must be id:key entries, comma-separated, each key 32 bytes in base64 (openssl rand -base64 32)',
        );
      }
      return { id: m[1], key };
    });
  if (keys.length === 0) throw new Error('HC_DATA_KEYS names no key');
  if (new Set(keys.map((k) => k.id)).size !== keys.length)
    throw new Error('HC_DATA_KEYS names a key id twice');
  return keys;
}

/** Redis AUTH and TLS (issue 34; applied by createRedis of @hc/data): what cannot work. */
function redisChecks(v: SettingValues, errors: string[]): void {
  const tlsFiles = [
    'HC_REDIS_TLS_CA_FILE',
    'HC_REDIS_TLS_CERT_FILE',
    'HC_REDIS_TLS_KEY_FILE',
  ] as const;
  const url = v.HC_REDIS_URL;
  if (url && !/^rediss?:\/\//.test(url)) {
    errors.push('HC_REDIS_URL must start with redis:// or rediss:// (TLS)');
  }
  if (!url?.startsWith('rediss://')) {
    for (const name of tlsFiles)
      if (v[name]) errors.push(`${name} needs a rediss:// HC_REDIS_URL (TLS)`);
  }
  if (!v.HC_REDIS_TLS_CERT_FILE !== !v.HC_REDIS_TLS_KEY_FILE) {
    errors.push('HC_REDIS_TLS_CERT_FILE and HC_REDIS_TLS_KEY_FILE go together');
  }
  if (v.HC_REDIS_USERNAME && !v.HC_REDIS_PASSWORD) {
    errors.push('HC_REDIS_USERNAME needs HC_REDIS_PASSWORD');
  }
}

/**
 * `HC_INTERNAL_API_URL` as an origin (a trailing `/` or `/v1` is dropped: the API's paths carry
 * their `/v1`); default content-api on this machine.
 */
function internalApiUrl(v: SettingValues): string {
  const raw = v.HC_INTERNAL_API_URL;
  if (!raw) return `http://127.0.0.1:${v.HC_CONTENT_API_PORT}`;
  return new URL(raw).origin;
}

/** Issue 36: the internal origin is an http(s) origin; the token is long enough to be a secret. */
function internalChecks(v: SettingValues, errors: string[]): void {
  const raw = v.HC_INTERNAL_API_URL;
  if (raw) {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (
      !url ||
      !/^https?:$/.test(url.protocol) ||
      url.username ||
      url.password ||
      url.search ||
      url.hash ||
      !/^\/(v1\/?)?$/.test(url.pathname)
    ) {
      errors.push(
        `HC_INTERNAL_API_URL must be content-api's http(s) origin, such as http://content-api:3000 (got "${raw}")`,
      );
    }
  }
  const token = v.HC_INTERNAL_TOKEN;
  if (token !== null && (token.length < 32 || /\s/.test(token))) {
    errors.push(
      'HC_INTERNAL_TOKEN must be at least 32 characters without spaces (openssl rand -base64 32)',
    );
  }
}

export const APP_NAMES = [
  'content-api',
  'auth-server',
  'mcp-gateway',
  'webhook-dispatcher',
  'design-service',
  'reader-site',
  'event-relay',
  'dashboard',
] as const;
export type AppName = (typeof APP_NAMES)[number];

export function portVariable(app: AppName): `HC_${string}_PORT` {
  return `HC_${app.toUpperCase().replace(/-/g, '_')}_PORT` as `HC_${string}_PORT`;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `10s,30s,2m,5m` → milliseconds. */
export function parseDurations(raw: string): number[] {
  return SETTING_DEFINITIONS.HC_WEBHOOK_RETRY_DELAYS.parse(raw, 'HC_WEBHOOK_RETRY_DELAYS');
}

/** The settings cannot be used: every problem, each naming the setting to fix. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`settings: ${problems.join('; ')}`);
    this.name = 'SettingsError';
  }
}

/**
 * Reads and validates every setting (SETTING_DEFINITIONS). Throws a SettingsError naming each
 * setting that cannot be read; unknown names and production refusals are `checkSettings`'s.
 */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const { values: v, errors } = parseSettingValues(env);
  const publicUrl = stripSlash(v.HC_PUBLIC_URL);
  const apiBaseUrl = stripSlash(v.HC_API_BASE_URL ?? `${publicUrl}/v1`);
  for (const [name, url] of [
    ['HC_PUBLIC_URL', publicUrl],
    ['HC_API_BASE_URL', apiBaseUrl],
  ] as const) {
    if (!URL.canParse(url)) errors.push(`${name} must be an absolute URL (got "${url}")`);
  }
  if (v.HC_EVENT_TRANSPORT === 'kafka' && v.HC_KAFKA_BROKERS.length === 0) {
    errors.push('HC_EVENT_TRANSPORT=kafka needs HC_KAFKA_BROKERS');
  }
  if (v.HC_IMAGE_STORAGE === 's3' && !v.HC_S3_BUCKET) {
    errors.push('HC_IMAGE_STORAGE=s3 needs HC_S3_BUCKET');
  }
  const kafka = kafkaSettings(v, errors);
  const databaseTls = databaseTlsSettings(v, errors);
  redisChecks(v, errors);
  internalChecks(v, errors);
  if (v.HC_DATA_KEYS) {
    try {
      parseDataKeys(v.HC_DATA_KEYS);
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  if (errors.length) throw new SettingsError(errors);
  const ports = Object.fromEntries(
    APP_NAMES.map((app) => [app, v[portVariable(app) as SettingName]]),
  ) as Record<AppName, number>;
  const edgePort = v.HC_PORT ?? 8080;
  const readerPort = v.HC_READER_PORT ?? edgePort + 1;
  const readerUrl = stripSlash(v.HC_READER_URL ?? `http://localhost:${readerPort}`);
  if (!URL.canParse(readerUrl))
    throw new SettingsError([`HC_READER_URL must be an absolute URL (got "${readerUrl}")`]);
  if (new URL(readerUrl).origin === new URL(publicUrl).origin)
    throw new SettingsError([
      'HC_READER_URL must be another origin than HC_PUBLIC_URL (reader pages hold tenant HTML)',
    ]);
  const readerDomain = (v.HC_READER_DOMAIN ?? '')
    .trim()
    .toLowerCase()
    .replace(/^\.+|\.+$/g, '');
  return {
    values: v,
    production: v.NODE_ENV === 'production',
    imageStorage: imageStorageSettings(v),
    databaseUrl: v.HC_DATABASE_URL,
    databasePoolSize: v.HC_DATABASE_POOL_SIZE,
    databaseTls,
    publicUrl,
    apiOrigin: new URL(apiBaseUrl).origin,
    apiBaseUrl,
    authUrl: stripSlash(v.HC_AUTH_URL ?? publicUrl),
    mcpUrl: stripSlash(v.HC_MCP_URL ?? `${publicUrl}/mcp`),
    dashboardUrl: stripSlash(v.HC_DASHBOARD_URL ?? publicUrl),
    internalApiUrl: internalApiUrl(v),
    internalToken: v.HC_INTERNAL_TOKEN,
    edgePort,
    readerUrl,
    readerPort,
    readerDomain: readerDomain || null,
    embedHosts: v.HC_EMBED_HOSTS.map((h) => h.toLowerCase()),
    ports,
    eventTransport: v.HC_EVENT_TRANSPORT,
    kafkaBrokers: v.HC_KAFKA_BROKERS,
    kafka,
    redisUrl: v.HC_REDIS_URL,
    dataDir: v.HC_DATA_DIR,
    outboundAllowlist: v.HC_OUTBOUND_ALLOWLIST,
    webhookRetryDelaysMs: v.HC_WEBHOOK_RETRY_DELAYS,
    webhookLog: v.HC_WEBHOOK_LOG,
    webhookLogRetentionMs: v.HC_WEBHOOK_LOG_RETENTION,
    auditRetentionDays: v.HC_AUDIT_RETENTION_DAYS,
    trustProxy: v.HC_TRUST_PROXY,
    forceHttps: v.HC_FORCE_HTTPS,
    logLevel: v.LOG_LEVEL,
    smtpUrl: v.HC_SMTP_URL,
    emailFrom: v.HC_EMAIL_FROM ?? `Help Center <no-reply@${new URL(publicUrl).hostname}>`,
    analyticsRollupTimer: v.HC_ANALYTICS_ROLLUP_TIMER,
    signup: v.HC_SIGNUP ?? (v.NODE_ENV === 'production' ? 'invitation' : 'open'),
  };
}

function imageStorageSettings(v: SettingValues): ImageStorageSettings {
  if (v.HC_IMAGE_STORAGE === 'local') return { driver: 'local' };
  const bucket = v.HC_S3_BUCKET ?? '';
  const region = v.HC_S3_REGION;
  const endpoint = v.HC_S3_ENDPOINT ? stripSlash(v.HC_S3_ENDPOINT) : null;
  const forcePathStyle = v.HC_S3_FORCE_PATH_STYLE;
  const publicUrl = stripSlash(
    v.HC_S3_PUBLIC_URL ||
      (endpoint
        ? forcePathStyle
          ? `${endpoint}/${bucket}`
          : endpoint.replace('://', `://${bucket}.`)
        : `https://${bucket}.s3.${region}.amazonaws.com`),
  );
  return { driver: 's3', bucket, region, endpoint, publicUrl, forcePathStyle };
}

/** Words that mark a value copied from `.env.example` rather than chosen. */
const PLACEHOLDER = /change-?me|placeholder|replace_with|example-secret|^secret$|^password$/i;

function urlPassword(raw: string | null): string {
  if (!raw || !URL.canParse(raw)) return '';
  return decodeURIComponent(new URL(raw).password);
}

/**
 * Production refusals (NODE_ENV=production): the development defaults that are fine on one
 * machine and dangerous anywhere else. Each message names the setting to fix.
 */
export function productionProblems(s: Settings, app?: string): string[] {
  if (!s.production) return [];
  const v = s.values;
  const problems: string[] = [];
  if (app && DATA_KEY_APPS.includes(app) && !v.HC_DATA_KEYS) {
    problems.push(
      'HC_DATA_KEYS is unset: webhook secrets, the upload-URL key and two-factor secrets would be encrypted with a key file under HC_DATA_DIR on this machine; give every replica the same HC_DATA_KEYS from a Secret',
    );
  }
  if (app === 'mcp-gateway' && !s.internalToken) {
    problems.push(
      "HC_INTERNAL_TOKEN is unset: content-api would count every agent's calls under this pod's address (one per-address budget for all) and redirect them to https; give mcp-gateway and content-api the same HC_INTERNAL_TOKEN from a Secret",
    );
  }
  if (s.internalToken && PLACEHOLDER.test(s.internalToken)) {
    problems.push('HC_INTERNAL_TOKEN is a placeholder from .env.example; set a real secret');
  }
  const db = new URL(s.databaseUrl);
  // The dashboard serves static files and opens no database (its pod gets no database URL;
  // issue 36 found production refusing it for the default it never uses).
  const usesDatabase = !(app && DATABASELESS_APPS.includes(app));
  if (usesDatabase && decodeURIComponent(db.username) === 'root' && !db.password) {
    problems.push(
      'HC_DATABASE_URL uses the development default (user root without a password); give the service its own database user and password',
    );
  }
  for (const name of ['HC_DATABASE_URL', 'HC_REDIS_URL', 'HC_SMTP_URL'] as const) {
    if (PLACEHOLDER.test(urlPassword(v[name]))) {
      problems.push(`${name} carries a placeholder password from .env.example; set a real one`);
    }
  }
  if (app && MAIL_APPS.includes(app) && !s.smtpUrl) {
    problems.push(
      'HC_SMTP_URL is unset: sign-up, password reset, invitation and comment emails would be written to files under HC_DATA_DIR; set HC_SMTP_URL',
    );
  }
  if (!s.redisUrl) {
    problems.push(
      'HC_REDIS_URL is unset: rate limits would be per-process counters, so each replica would allow the whole budget; set HC_REDIS_URL',
    );
  }
  if (new URL(s.publicUrl).protocol === 'http:' && !s.forceHttps) {
    problems.push(
      'HC_PUBLIC_URL is plain http and HC_FORCE_HTTPS is false; serve https and set HC_FORCE_HTTPS=true',
    );
  }
  return problems;
}

/** What `checkSettings` found: warnings to log, and the settings when nothing refused. */
export interface SettingsReport {
  settings: Settings;
  warnings: string[];
}

/**
 * The boot check every app runs (runApp, the CLI): reads and validates the settings, reports
 * unknown `HC_*` names as warnings, and in production throws a SettingsError for each
 * development default still in place.
 */
export function checkSettings(
  env: NodeJS.ProcessEnv = process.env,
  /** The app that starts (its own refusals: HC_DATA_KEYS for DATA_KEY_APPS). */
  app?: string,
  /** How the TLS files named by the settings are read (deploy/test: from the pod's volumes). */
  read: ReadTextFile = readTextFile,
): SettingsReport {
  const s = loadSettings(env);
  // The dashboard opens no database: the files of the shared settings are not its to read.
  if (!(app && DATABASELESS_APPS.includes(app))) {
    const problems = [
      ...databaseUrlProblems(s.databaseUrl, s.databaseTls),
      ...databaseTlsFileProblems(s.databaseTls, read),
    ];
    if (problems.length) throw new SettingsError(problems);
  }
  const warnings = unknownSettings(env).map(
    (name) => `${name} is not a setting this version reads (misspelt? see .env.example)`,
  );
  const refusals = productionProblems(s, app);
  if (refusals.length) throw new SettingsError(refusals);
  return { settings: s, warnings };
}

/**
 * The database TLS settings of `env` alone, for @hc/data's connections (which also open outside
 * an app: tests, tools); throws a SettingsError naming what cannot work, as the boot check does.
 */
export function databaseTlsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTls {
  const { values, errors } = parseSettingValues(env);
  const problems = errors.filter((e) => e.startsWith('HC_DATABASE_'));
  const tls = databaseTlsSettings(values, problems);
  problems.push(...databaseUrlProblems(values.HC_DATABASE_URL, tls));
  if (problems.length) throw new SettingsError(problems);
  return tls;
}

let cached: Settings | null = null;

/** The process's settings, read once. Tests that change the environment call `resetSettings()`. */
export function settings(): Settings {
  cached ??= loadSettings();
  return cached;
}

/** Installs settings already read and checked (the boot check), so they are read once. */
export function useSettings(s: Settings): void {
  cached = s;
}

export function resetSettings(): void {
  cached = null;
}

/**
 * A site's reader address (issue #14): `{scheme}://{subdomain}.{HC_READER_DOMAIN}` in
 * production, `{HC_READER_URL}/hc/{subdomain}` on one machine. Sites' `url` and
 * `_links.view.url` point here, never at the platform origin.
 */
export function readerSiteUrl(subdomain: string, s: Settings = settings()): string {
  if (s.readerDomain) {
    const reader = new URL(s.readerUrl);
    return `${reader.protocol}//${subdomain}.${s.readerDomain}`;
  }
  return `${s.readerUrl}/hc/${subdomain}`;
}
