/**
 * The settings of operator-contract.md, read from the environment once per process. Every
 * service reads the same names; each default works on one machine.
 */
export interface Settings {
  databaseUrl: string;
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
  edgePort: number;
  ports: Record<AppName, number>;
  eventTransport: 'outbox' | 'kafka';
  kafkaBrokers: string[];
  redisUrl: string | null;
  dataDir: string;
  /** Where image files go: `local` (under dataDir, one machine) or `s3` (several replicas). */
  imageStorage: ImageStorageSettings;
  outboundAllowlist: string[];
  webhookRetryDelaysMs: number[];
  trustProxy: string;
  forceHttps: boolean;
  logLevel: string;
  /** `HC_SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`): comment emails go out by SMTP; unset, they are logged. */
  smtpUrl: string | null;
  /** `HC_EMAIL_FROM`: the sender of service emails (default `Help Center <no-reply@{public host}>`). */
  emailFrom: string;
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

export const APP_NAMES = [
  'content-api',
  'auth-server',
  'mcp-gateway',
  'webhook-dispatcher',
  'design-service',
  'reader-site',
] as const;
export type AppName = (typeof APP_NAMES)[number];

const DEFAULT_PORTS: Record<AppName, number> = {
  'content-api': 3000,
  'auth-server': 3001,
  'mcp-gateway': 3002,
  'webhook-dispatcher': 3003,
  'design-service': 3004,
  'reader-site': 3005,
};

export function portVariable(app: AppName): string {
  return `HC_${app.toUpperCase().replace(/-/g, '_')}_PORT`;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function parsePort(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number`);
  return n;
}

/** `10s,30s,2m,5m` → milliseconds. */
export function parseDurations(raw: string): number[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(part);
      if (!m)
        throw new Error(`HC_WEBHOOK_RETRY_DELAYS: cannot read "${part}" (use e.g. 10s,30s,2m,5m)`);
      const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's'] ?? 1000;
      return Math.round(Number(m[1]) * unit);
    });
}

function parseBool(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false`);
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const publicUrl = stripSlash(env.HC_PUBLIC_URL || 'http://localhost:8080');
  const apiBaseUrl = stripSlash(env.HC_API_BASE_URL || `${publicUrl}/v1`);
  const ports = Object.fromEntries(
    APP_NAMES.map((app) => [
      app,
      parsePort(portVariable(app), env[portVariable(app)], DEFAULT_PORTS[app]),
    ]),
  ) as Record<AppName, number>;
  const transport = env.HC_EVENT_TRANSPORT || 'outbox';
  if (transport !== 'outbox' && transport !== 'kafka') {
    throw new Error('HC_EVENT_TRANSPORT must be outbox or kafka');
  }
  const kafkaBrokers = list(env.HC_KAFKA_BROKERS);
  if (transport === 'kafka' && kafkaBrokers.length === 0) {
    throw new Error('HC_EVENT_TRANSPORT=kafka needs HC_KAFKA_BROKERS');
  }
  return {
    imageStorage: imageStorageSettings(env),
    databaseUrl: env.HC_DATABASE_URL || 'mysql://root@127.0.0.1:3306/helpcenter',
    publicUrl,
    apiOrigin: new URL(apiBaseUrl).origin,
    apiBaseUrl,
    authUrl: stripSlash(env.HC_AUTH_URL || publicUrl),
    mcpUrl: stripSlash(env.HC_MCP_URL || `${publicUrl}/mcp`),
    dashboardUrl: stripSlash(env.HC_DASHBOARD_URL || publicUrl),
    edgePort: parsePort('HC_PORT', env.HC_PORT, 8080),
    ports,
    eventTransport: transport,
    kafkaBrokers,
    redisUrl: env.HC_REDIS_URL || null,
    dataDir: env.HC_DATA_DIR || './var',
    outboundAllowlist: list(env.HC_OUTBOUND_ALLOWLIST),
    webhookRetryDelaysMs: parseDurations(env.HC_WEBHOOK_RETRY_DELAYS || '10s,30s,2m,5m'),
    trustProxy: env.HC_TRUST_PROXY || 'loopback',
    forceHttps: parseBool('HC_FORCE_HTTPS', env.HC_FORCE_HTTPS, false),
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.HC_SMTP_URL || null,
    emailFrom: env.HC_EMAIL_FROM || `Help Center <no-reply@${new URL(publicUrl).hostname}>`,
  };
}

function imageStorageSettings(env: NodeJS.ProcessEnv): ImageStorageSettings {
  const driver = env.HC_IMAGE_STORAGE || 'local';
  if (driver === 'local') return { driver };
  if (driver !== 's3') throw new Error('HC_IMAGE_STORAGE must be local or s3');
  const bucket = env.HC_S3_BUCKET;
  if (!bucket) throw new Error('HC_IMAGE_STORAGE=s3 needs HC_S3_BUCKET');
  const region = env.HC_S3_REGION || 'us-east-1';
  const endpoint = env.HC_S3_ENDPOINT ? stripSlash(env.HC_S3_ENDPOINT) : null;
  const forcePathStyle = parseBool('HC_S3_FORCE_PATH_STYLE', env.HC_S3_FORCE_PATH_STYLE, false);
  const publicUrl = stripSlash(
    env.HC_S3_PUBLIC_URL ||
      (endpoint
        ? forcePathStyle
          ? `${endpoint}/${bucket}`
          : endpoint.replace('://', `://${bucket}.`)
        : `https://${bucket}.s3.${region}.amazonaws.com`),
  );
  return { driver, bucket, region, endpoint, publicUrl, forcePathStyle };
}

let cached: Settings | null = null;

/** The process's settings, read once. Tests that change the environment call `resetSettings()`. */
export function settings(): Settings {
  cached ??= loadSettings();
  return cached;
}

export function resetSettings(): void {
  cached = null;
}
