import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isKnownSetting, SETTING_DEFINITIONS } from './setting-definitions';
import { appDatabaseConnections, checkSettings, loadSettings, SettingsError } from './settings';

/** A production environment with every development default fixed. */
const DATA_KEY = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

const PRODUCTION = {
  NODE_ENV: 'production',
  HC_DATABASE_URL: 'mysql://helpcenter:s3cr3t-from-vault@db.internal:3306/helpcenter',
  HC_REDIS_URL: 'redis://redis.internal:6379',
  HC_PUBLIC_URL: 'https://help.example.com',
  HC_FORCE_HTTPS: 'true',
};

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    checkSettings(env);
  } catch (err) {
    expect(err).toBeInstanceOf(SettingsError);
    return (err as SettingsError).message;
  }
  throw new Error('expected the settings to be refused');
}

describe('settings checked at boot', () => {
  it('starts in production once every development default is replaced', () => {
    const { settings, warnings } = checkSettings(PRODUCTION);
    expect(settings.production).toBe(true);
    expect(warnings).toEqual([]);
  });

  it.each([
    [
      'HC_DATABASE_URL',
      { HC_DATABASE_URL: undefined },
      /HC_DATABASE_URL .*root without a password/,
    ],
    [
      'HC_DATABASE_URL',
      { HC_DATABASE_URL: 'mysql://helpcenter:change-me@db.internal/helpcenter' },
      /HC_DATABASE_URL carries a placeholder password/,
    ],
    [
      'HC_REDIS_URL',
      { HC_REDIS_URL: 'redis://:change-me@redis.internal:6379' },
      /HC_REDIS_URL carries a placeholder password/,
    ],
    [
      'HC_SMTP_URL',
      { HC_SMTP_URL: 'smtp://mailer:change-me@smtp.internal:587' },
      /HC_SMTP_URL carries a placeholder password/,
    ],
    ['HC_REDIS_URL', { HC_REDIS_URL: undefined }, /HC_REDIS_URL is unset/],
    [
      'HC_FORCE_HTTPS',
      { HC_PUBLIC_URL: 'http://help.example.com', HC_FORCE_HTTPS: undefined },
      /HC_PUBLIC_URL is plain http and HC_FORCE_HTTPS is false/,
    ],
  ])('production refuses the development default of %s', (_name, change, message) => {
    const env: NodeJS.ProcessEnv = { ...PRODUCTION, ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete env[k];
    expect(refusal(env)).toMatch(message);
  });

  it('starts the dashboard without a database URL in production, and no app that opens one (issue 36)', () => {
    const env: NodeJS.ProcessEnv = { ...PRODUCTION };
    delete env.HC_DATABASE_URL;
    expect(checkSettings(env, 'dashboard').settings.production).toBe(true);
    for (const app of ['content-api', 'reader-site', 'event-relay', undefined])
      expect(() => checkSettings(env, app)).toThrow(/HC_DATABASE_URL .*root without a password/);
  });

  it('allows every development default outside production', () => {
    expect(checkSettings({}).settings.databaseUrl).toBe('mysql://root@127.0.0.1:3306/helpcenter');
  });

  it('names each setting that cannot be read, all at once', () => {
    expect(() =>
      loadSettings({ HC_FORCE_HTTPS: 'maybe', HC_CONTENT_API_PORT: '70000', LOG_LEVEL: 'loud' }),
    ).toThrow(
      /LOG_LEVEL must be.*HC_CONTENT_API_PORT must be .*HC_FORCE_HTTPS must be true or false/,
    );
  });

  it('reports unknown HC_* names but not test-only ones', () => {
    const { warnings } = checkSettings({
      HC_DATABSE_URL: 'mysql://x',
      HC_TEST_DATABASE_URL: 'mysql://y',
      HC_E2E_LOG: '1',
      PATH: '/bin',
    });
    expect(warnings).toEqual([expect.stringMatching(/^HC_DATABSE_URL is not a setting/)]);
  });

  it('gives every setting parsed and typed under values', () => {
    const s = loadSettings({ HC_WEBHOOK_RETRY_DELAYS: '1s,500ms' });
    expect(s.values.HC_WEBHOOK_RETRY_DELAYS).toEqual([1000, 500]);
    expect(s.values.HC_EVENT_TRANSPORT).toBe('outbox');
  });

  describe('the internal origin of service-to-service calls (issue 36)', () => {
    const TOKEN = 'k5mY0yqg7cQ1c0a1Yv3yW4N1kz9t2Jr8u6s5p4o3n2m=';

    it('defaults to content-api on this machine, never to the public base', () => {
      const s = loadSettings({
        HC_CONTENT_API_PORT: '4100',
        HC_API_BASE_URL: 'https://api.example.com/v1',
      });
      expect(s.internalApiUrl).toBe('http://127.0.0.1:4100');
      expect(s.apiBaseUrl).toBe('https://api.example.com/v1');
      expect(s.internalToken).toBeNull();
    });

    it.each(['http://content-api:3000', 'http://content-api:3000/', 'http://content-api:3000/v1'])(
      'reads %s as the origin http://content-api:3000',
      (value) => {
        expect(loadSettings({ HC_INTERNAL_API_URL: value }).internalApiUrl).toBe(
          'http://content-api:3000',
        );
      },
    );

    it.each([
      'content-api:3000',
      'ftp://content-api:3000',
      'http://content-api:3000/api',
      'http://user:pw@content-api:3000',
      'http://content-api:3000/?x=1',
    ])('refuses %s, naming the setting', (value) => {
      expect(() => loadSettings({ HC_INTERNAL_API_URL: value })).toThrow(
        `HC_INTERNAL_API_URL must be content-api's http(s) origin, such as http://content-api:3000 (got "${value}")`,
      );
    });

    it('refuses a token too short to be a secret', () => {
      expect(() => loadSettings({ HC_INTERNAL_TOKEN: 'short' })).toThrow(
        'HC_INTERNAL_TOKEN must be at least 32 characters without spaces (openssl rand -base64 32)',
      );
      expect(loadSettings({ HC_INTERNAL_TOKEN: TOKEN }).internalToken).toBe(TOKEN);
    });

    it('refuses mcp-gateway in production without the token, and the placeholder of .env.example', () => {
      expect(() => checkSettings(PRODUCTION, 'mcp-gateway')).toThrow(
        /HC_INTERNAL_TOKEN is unset: content-api would count every agent's calls under this pod's address/,
      );
      expect(
        checkSettings({ ...PRODUCTION, HC_INTERNAL_TOKEN: TOKEN }, 'mcp-gateway').warnings,
      ).toEqual([]);
      // The other apps start without it (content-api then believes no forwarded agent address).
      expect(checkSettings(PRODUCTION, 'design-service').settings.internalToken).toBeNull();
      expect(() =>
        checkSettings(
          { ...PRODUCTION, HC_INTERNAL_TOKEN: 'REPLACE_WITH_openssl_rand_-base64_32' },
          'mcp-gateway',
        ),
      ).toThrow(/HC_INTERNAL_TOKEN is a placeholder/);
    });
  });

  describe('the database pool and TLS (issue 36, managed databases)', () => {
    /** Files as the boot check reads them: only these exist. */
    const files: Record<string, string> = {
      '/etc/db/ca.pem': '-----BEGIN CERTIFICATE-----\n…',
      '/etc/db/client.pem': '-----BEGIN CERTIFICATE-----\n…',
      '/etc/db/client.key': '-----BEGIN PRIVATE KEY-----\n…',
      '/etc/db/empty.pem': '',
    };
    const read = (path: string) => {
      if (path in files) return files[path]!;
      throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
    };
    const DB = { HC_DATABASE_URL: 'mysql://hc:pw@db.internal:3306/helpcenter' };
    const check = (env: NodeJS.ProcessEnv, app?: string) =>
      checkSettings({ ...DB, ...env }, app, read);

    it('reads the pool size (unset: each app its own default) and refuses what is no pool', () => {
      expect(loadSettings({}).databasePoolSize).toBeNull();
      expect(loadSettings({ HC_DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
      for (const bad of ['0', 'ten', '2.5', '1001'])
        expect(() => loadSettings({ HC_DATABASE_POOL_SIZE: bad })).toThrow(
          'HC_DATABASE_POOL_SIZE must be a whole number from 1 to 1000',
        );
    });

    it('gives each app its own pool unless HC_DATABASE_POOL_SIZE names one for all, and the dry runs theirs', () => {
      const defaults = loadSettings({});
      expect(appDatabaseConnections('content-api', defaults)).toEqual({ pool: 10, dryRun: 2 });
      expect(appDatabaseConnections('mcp-gateway', defaults)).toEqual({ pool: 2, dryRun: 0 });
      expect(appDatabaseConnections('dashboard', defaults)).toEqual({ pool: 0, dryRun: 0 });
      const set = loadSettings({ HC_DATABASE_POOL_SIZE: '4', HC_DRY_RUN_POOL_SIZE: '1' });
      expect(appDatabaseConnections('event-relay', set)).toEqual({ pool: 4, dryRun: 0 });
      expect(appDatabaseConnections('design-service', set)).toEqual({ pool: 4, dryRun: 1 });
    });

    it('reads each ssl mode, also as MySQL spells it', () => {
      expect(loadSettings({}).databaseTls.mode).toBe('disabled');
      for (const [raw, mode] of [
        ['required', 'required'],
        ['REQUIRED', 'required'],
        ['VERIFY_IDENTITY', 'verify-identity'],
      ])
        expect(loadSettings({ ...DB, HC_DATABASE_SSL_MODE: raw }).databaseTls.mode).toBe(mode);
      const s = check({
        HC_DATABASE_SSL_MODE: 'verify-ca',
        HC_DATABASE_SSL_CA_FILE: '/etc/db/ca.pem',
        HC_DATABASE_SSL_CERT_FILE: '/etc/db/client.pem',
        HC_DATABASE_SSL_KEY_FILE: '/etc/db/client.key',
      }).settings;
      expect(s.databaseTls).toEqual({
        mode: 'verify-ca',
        caFile: '/etc/db/ca.pem',
        certFile: '/etc/db/client.pem',
        keyFile: '/etc/db/client.key',
      });
    });

    it.each([
      [
        { HC_DATABASE_SSL_MODE: 'preferred' },
        /HC_DATABASE_SSL_MODE must be disabled, required, verify-ca or verify-identity/,
      ],
      [
        { HC_DATABASE_SSL_MODE: 'verify-ca' },
        /HC_DATABASE_SSL_MODE=verify-ca needs HC_DATABASE_SSL_CA_FILE/,
      ],
      [
        { HC_DATABASE_SSL_MODE: 'required', HC_DATABASE_SSL_CA_FILE: '/etc/db/ca.pem' },
        /HC_DATABASE_SSL_CA_FILE is not checked with HC_DATABASE_SSL_MODE=required/,
      ],
      [
        { HC_DATABASE_SSL_CA_FILE: '/etc/db/ca.pem' },
        /HC_DATABASE_SSL_CA_FILE needs HC_DATABASE_SSL_MODE=required/,
      ],
      [
        { HC_DATABASE_SSL_MODE: 'required', HC_DATABASE_SSL_CERT_FILE: '/etc/db/client.pem' },
        /HC_DATABASE_SSL_CERT_FILE and HC_DATABASE_SSL_KEY_FILE go together/,
      ],
      [
        { HC_DATABASE_SSL_MODE: 'verify-identity', HC_DATABASE_URL: 'mysql://u:p@10.0.0.7/hc' },
        /HC_DATABASE_SSL_MODE=verify-identity needs the server's host name in HC_DATABASE_URL, the name its certificate carries \(got the address 10\.0\.0\.7\)/,
      ],
      [
        { HC_DATABASE_URL: 'mysql://u:p@db:25060/hc?ssl-mode=REQUIRED' },
        /HC_DATABASE_URL takes no query parameters \(such as \?ssl-mode=\): TLS is set by HC_DATABASE_SSL_MODE/,
      ],
    ])('refuses %j, naming the setting', (env, message) => {
      expect(() => check(env)).toThrow(message);
    });

    it('refuses at start a TLS file it cannot read or that holds no PEM, naming the setting', () => {
      expect(() =>
        check({
          HC_DATABASE_SSL_MODE: 'verify-identity',
          HC_DATABASE_SSL_CA_FILE: '/etc/db/nope.pem',
        }),
      ).toThrow('settings: HC_DATABASE_SSL_CA_FILE: cannot read /etc/db/nope.pem (ENOENT)');
      expect(() =>
        check({
          HC_DATABASE_SSL_MODE: 'required',
          HC_DATABASE_SSL_CERT_FILE: '/etc/db/empty.pem',
          HC_DATABASE_SSL_KEY_FILE: '/etc/db/client.key',
        }),
      ).toThrow('settings: HC_DATABASE_SSL_CERT_FILE: /etc/db/empty.pem holds no PEM block');
      // Read from the real file system by default.
      expect(() =>
        checkSettings({
          HC_DATABASE_SSL_MODE: 'verify-ca',
          HC_DATABASE_SSL_CA_FILE: '/nonexistent/ca.pem',
        }),
      ).toThrow(/HC_DATABASE_SSL_CA_FILE: cannot read \/nonexistent\/ca.pem \(ENOENT\)/);
      // The dashboard opens no database: not its files to read, nor its URL (it gets none).
      const env = {
        HC_DATABASE_SSL_MODE: 'verify-ca',
        HC_DATABASE_SSL_CA_FILE: '/etc/db/nope.pem',
      };
      expect(check(env, 'dashboard').warnings).toEqual([]);
      expect(
        checkSettings({ HC_DATABASE_SSL_MODE: 'verify-identity' }, 'dashboard', read).warnings,
      ).toEqual([]);
      expect(() =>
        checkSettings({ HC_DATABASE_SSL_MODE: 'verify-identity' }, 'reader-site', read),
      ).toThrow(/got the address 127\.0\.0\.1/);
    });
  });

  it('refuses content-api and auth-server in production without a mail server (issue 38)', () => {
    for (const app of ['content-api', 'auth-server'])
      expect(() => checkSettings({ ...PRODUCTION, HC_DATA_KEYS: DATA_KEY }, app)).toThrow(
        /HC_SMTP_URL is unset: sign-up, password reset, invitation and comment emails/,
      );
    const smtp = { HC_SMTP_URL: 'smtp://mailer:s3cr3t-mail@mail.internal:587' };
    expect(
      checkSettings({ ...PRODUCTION, ...smtp, HC_DATA_KEYS: DATA_KEY }, 'auth-server').warnings,
    ).toEqual([]);
    expect(checkSettings(PRODUCTION, 'reader-site').settings.smtpUrl).toBeNull();
  });

  it('reads who may sign up: invitation only by default in production, open elsewhere', () => {
    expect(checkSettings(PRODUCTION).settings.signup).toBe('invitation');
    expect(loadSettings({}).signup).toBe('open');
    expect(loadSettings({ HC_SIGNUP: 'Closed' }).signup).toBe('closed');
    expect(loadSettings({}).values.HC_SIGNUP_PLAN).toBe('starter');
    expect(() => loadSettings({ HC_SIGNUP: 'everyone' })).toThrow(
      'HC_SIGNUP must be open, invitation or closed',
    );
    expect(() => loadSettings({ HC_SIGNUP_PLAN: 'gold' })).toThrow(
      'HC_SIGNUP_PLAN must be starter, growth or catalyst',
    );
  });

  it('.env.example lists every setting, and nothing else', () => {
    const text = readFileSync(join(__dirname, '../../../.env.example'), 'utf8');
    const named = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...new Set(named)].sort()).toEqual(Object.keys(SETTING_DEFINITIONS).sort());
    for (const name of named) expect(isKnownSetting(name)).toBe(true);
    for (const [name, def] of Object.entries(SETTING_DEFINITIONS)) {
      expect(def.meaning.length).toBeGreaterThan(5);
      if (def.example) expect(text).toContain(`${name}=${def.example}`);
    }
  });
});
