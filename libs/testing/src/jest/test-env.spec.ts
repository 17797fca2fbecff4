import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestServices } from '../services';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const testEnvModule = require('./test-env.cjs') as {
  testEnv(tier: string, options?: object): Record<string, string>;
  applyTestEnv(tier: string, options: object, target: Record<string, string>): void;
  testServices(env: Record<string, string>): TestServices;
};
const { testEnv, applyTestEnv, testServices } = testEnvModule;

/** What a shell that ran the stack for its own deployment carries (issue #17). */
const STRAY = {
  HC_DATABASE_URL: 'mysql://nobody@10.255.255.1:3306/x',
  HC_PORT: '1',
  HC_PUBLIC_URL: 'https://elsewhere.example',
  HC_READER_URL: 'https://reader.elsewhere.example',
  HC_DATA_DIR: '/nonexistent/hc',
  HC_REDIS_URL: 'redis://10.255.255.1:6379',
  HC_EVENT_TRANSPORT: 'kafka',
  HC_OUTBOUND_ALLOWLIST: 'elsewhere.example',
  HC_WEBHOOK_RETRY_DELAYS: '1h',
  HC_CONTENT_API_PORT: '1',
  HC_A_SETTING_ADDED_LATER: 'x',
};
const SERVICES = {
  HC_TEST_DATABASE_URL: 'mysql://ci:pw@db.internal:3307/',
  HC_TEST_REDIS_URL: 'redis://cache.internal:6380',
  HC_CHROMIUM_PATH: '/opt/chromium/chrome',
  HC_KCAT_PATH: '/opt/kcat/kcat',
};

describe('the tests own settings (test-env.cjs)', () => {
  const caller = { PATH: '/usr/bin', HOME: '/home/ann', ...STRAY, ...SERVICES };

  it.each(['unit', 'integration', 'e2e', 'bench'])(
    'the %s tier keeps none of the caller HC_* values but the test services',
    (tier) => {
      const env = testEnv(tier, { env: caller, run: 'r1', worker: '2' });
      for (const [name, value] of Object.entries(STRAY)) expect(env[name]).not.toBe(value);
      expect(env).toMatchObject({ PATH: '/usr/bin', HOME: '/home/ann', ...SERVICES });
    },
  );

  it('integration workers get a database and a data directory each, on the test server', () => {
    const one = testEnv('integration', { env: caller, run: 'r1', worker: '1' });
    const two = testEnv('integration', { env: caller, run: 'r1', worker: '2' });
    expect(one.HC_DATABASE_URL).toBe('mysql://ci:pw@db.internal:3307/hc_t_r1_1');
    expect(two.HC_DATABASE_URL).toBe('mysql://ci:pw@db.internal:3307/hc_t_r1_2');
    expect(one.HC_DATA_DIR).not.toBe(two.HC_DATA_DIR);
    expect(one.HC_PUBLIC_URL).toBe('http://localhost:8080');
    expect(one.HC_OUTBOUND_ALLOWLIST).toBe('');
  });

  it('the e2e stack gets its own database, retry delays and allow-list', () => {
    const env = testEnv('e2e', { env: caller, run: 'r9' });
    expect(env).toMatchObject({
      HC_DATABASE_URL: 'mysql://ci:pw@db.internal:3307/hc_e2e_r9',
      HC_PUBLIC_URL: '',
      HC_WEBHOOK_RETRY_DELAYS: '1s,1s,1s,1s',
      HC_OUTBOUND_ALLOWLIST: '127.0.0.1,localhost',
    });
  });

  it('applies in place: stray names are deleted, the harness values kept', () => {
    const target: Record<string, string> = { ...caller, HC_TEST_RUN: 'r1', HC_E2E_URL: 'u' };
    applyTestEnv('scrub', {}, target);
    for (const name of Object.keys(STRAY)) expect(target).not.toHaveProperty(name);
    expect(target).toMatchObject({ ...SERVICES, HC_TEST_RUN: 'r1', HC_E2E_URL: 'u' });
  });

  it('finds the services from the test settings, with local defaults', () => {
    expect(testServices({ ...SERVICES, PATH: '' })).toMatchObject({
      databaseUrl: SERVICES.HC_TEST_DATABASE_URL,
      redisUrl: SERVICES.HC_TEST_REDIS_URL,
      chromiumPath: SERVICES.HC_CHROMIUM_PATH,
      chromiumFound: false,
      kcatPath: SERVICES.HC_KCAT_PATH,
      kcatFound: false,
    });
    expect(testServices({ PATH: '' })).toMatchObject({
      databaseUrl: 'mysql://root@127.0.0.1:3306/',
      redisUrl: 'redis://127.0.0.1:6379',
      kcatFound: false,
    });
  });

  it('looks kcat up on PATH', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc-kcat-'));
    try {
      fs.writeFileSync(path.join(dir, 'kcat'), '#!/bin/sh\n', { mode: 0o755 });
      expect(testServices({ PATH: dir })).toMatchObject({
        kcatPath: path.join(dir, 'kcat'),
        kcatFound: true,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
