// The tests' own settings, in one place (docs/development.md "Test settings"). Every tier starts
// from the caller's environment with every HC_* setting removed, except the test-specific ones
// that say where the shared services are (and the harness's own HC_TEST_*/HC_E2E_*/HC_BENCH_*
// values), then sets what it depends on. A new HC_* setting is therefore ignored by the tests
// automatically; when a tier needs a value for it, add it to the tier in `ownSettings` below.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../../..');

/** Test-specific settings: where the shared services are (README "Testing against existing services"). */
const SERVICE_SETTINGS = [
  'HC_TEST_DATABASE_URL',
  'HC_TEST_REDIS_URL',
  'HC_CHROMIUM_PATH',
  'HC_KCAT_PATH',
];

/** HC_* names the tests keep from the caller: the services above and the harness's own values. */
function isTestSetting(name) {
  return SERVICE_SETTINGS.includes(name) || /^HC_(TEST|E2E|BENCH)_/.test(name);
}

const CHROMIUM_CANDIDATES = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'],
  darwin: ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/opt/homebrew/bin/chromium'],
};

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `name` on PATH (or as given, when it contains a slash), or null. */
function which(name, env = process.env) {
  if (name.includes('/')) return executable(name) ? name : null;
  for (const dir of (env.PATH || '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return null;
}

/**
 * Where the shared services are: the database server (per-run databases are created on it),
 * Redis, the Chromium the browser test drives, and kcat (a Kafka broker for the Kafka tests).
 * `chromiumPath`/`kcatPath` are what the tests will run; `*Found` says whether it is there.
 */
function testServices(env = process.env) {
  const chromiumDefault = CHROMIUM_CANDIDATES[process.platform] || CHROMIUM_CANDIDATES.linux;
  const chromiumPath =
    env.HC_CHROMIUM_PATH || chromiumDefault.find((file) => executable(file)) || chromiumDefault[0];
  const kcatPath = which(env.HC_KCAT_PATH || 'kcat', env) || env.HC_KCAT_PATH || 'kcat';
  return {
    databaseUrl: env.HC_TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/',
    redisUrl: env.HC_TEST_REDIS_URL || 'redis://127.0.0.1:6379',
    chromiumPath,
    chromiumFound: executable(chromiumPath),
    kcatPath,
    kcatFound: which(kcatPath, env) !== null,
  };
}

/** The test database server's URL with `name` as the database. */
function testDatabaseUrl(name, env = process.env) {
  const url = new URL(testServices(env).databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A run id, so concurrent runs on one machine never share a database or a data directory. */
function newRunId() {
  return `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
}

/** Where a run keeps its files (removed by the tier's teardown). */
function runDataDir(tier, run) {
  return path.join(ROOT, 'var', `test-${tier}`, run);
}

/**
 * The settings a tier sets. `run` and `worker` name the run and the jest worker. NODE_ENV is a
 * setting too (production refuses development defaults): every tier runs as `test`.
 */
function tierSettings(tier, options = {}) {
  return { NODE_ENV: 'test', ...ownSettings(tier, options) };
}

/**
 * Issue 34: the data key of the test tiers. Test files move HC_DATA_DIR (a temporary one each)
 * while the rows a key sealed stay in the worker's database, and the stack's processes share it:
 * one fixed key, never a key file per directory. Not a secret (test data only).
 */
const TEST_DATA_KEYS = `test:${require('node:crypto').createHash('sha256').update('hc test data key').digest('base64')}`;

/** The HC_* values of each tier: a setting your tests need a fixed value for goes in its tier. */
function ownSettings(tier, { run, worker, env = process.env }) {
  switch (tier) {
    case 'scrub':
      return {};
    case 'bench':
      // Each benchmark sets its database (HC_BENCH_DATABASE_URL or one on the test server),
      // ports and transport for the processes it starts. Load comes from one address, which the
      // reader's per-address budget (issue 34) would otherwise refuse.
      return { HC_READER_RENDER_BUDGET: '100000000', HC_DATA_KEYS: TEST_DATA_KEYS };
    case 'unit':
      return { HC_PUBLIC_URL: 'http://localhost:8080' };
    case 'integration':
      // A database and a data directory per jest worker; apps listen on free ports
      // (startTestApp); outbound requests allowed only where a test allows them.
      return {
        HC_DATABASE_URL: testDatabaseUrl(`hc_t_${run}_${worker || '1'}`, env),
        HC_DATA_DIR: path.join(runDataDir('integration', run), `w${worker || '1'}`),
        HC_PUBLIC_URL: 'http://localhost:8080',
        HC_READER_URL: 'http://localhost:8081',
        HC_OUTBOUND_ALLOWLIST: '',
        HC_DATA_KEYS: TEST_DATA_KEYS,
      };
    case 'e2e':
      // The whole stack on free ports (HC_PUBLIC_URL and HC_READER_URL follow the edge's), its own
      // database and data directory; webhook receivers run on this machine.
      return {
        HC_DATABASE_URL: testDatabaseUrl(`hc_e2e_${run}`, env),
        HC_DATA_DIR: runDataDir('e2e', run),
        HC_PUBLIC_URL: '',
        HC_READER_URL: '',
        HC_WEBHOOK_RETRY_DELAYS: '1s,1s,1s,1s',
        HC_OUTBOUND_ALLOWLIST: '127.0.0.1,localhost',
        // Every suite reads reader pages from this one address (the per-address budget, issue 34,
        // is tested in reader-site's integration tier).
        HC_READER_RENDER_BUDGET: '1000000',
        HC_DATA_KEYS: TEST_DATA_KEYS,
      };
    default:
      throw new Error(`test-env: unknown tier ${tier}`);
  }
}

/** A new environment for `tier`: `base` without the caller's HC_* settings, plus the tier's. */
function testEnv(tier, options = {}) {
  const base = options.env || process.env;
  const env = {};
  for (const [name, value] of Object.entries(base)) {
    if (!name.startsWith('HC_') || isTestSetting(name)) env[name] = value;
  }
  return { ...env, ...tierSettings(tier, options) };
}

/** Applies `testEnv(tier)` to `target` (process.env) in place. */
function applyTestEnv(tier, options = {}, target = process.env) {
  const next = testEnv(tier, { ...options, env: target });
  for (const name of Object.keys(target)) if (!(name in next)) delete target[name];
  Object.assign(target, next);
  return target;
}

module.exports = {
  ROOT,
  SERVICE_SETTINGS,
  isTestSetting,
  testServices,
  testDatabaseUrl,
  newRunId,
  runDataDir,
  tierSettings,
  testEnv,
  applyTestEnv,
  which,
};
