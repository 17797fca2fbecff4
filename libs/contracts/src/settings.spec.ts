import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isKnownSetting, SETTING_DEFINITIONS } from './setting-definitions';
import { checkSettings, loadSettings, SettingsError } from './settings';

/** A production environment with every development default fixed. */
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
