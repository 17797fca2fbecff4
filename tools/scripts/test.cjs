#!/usr/bin/env node
// `npm test`: the whole suite. Type check, lint (zero warnings), format check, then every jest
// tier: unit, integration (real MySQL/MariaDB, a database per worker) and end-to-end (the whole
// stack started as `npm start` does). Ends with one "tests: N passed, N failed" line.
// Before anything runs, a preflight (preflight.cjs) checks what the selected tiers need and stops
// with what is missing and how to install it. `npm test -- integration e2e` selects tiers; other
// arguments go to jest (`npm test -- integration --testPathPatterns libs/http`).
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { preflight, report } = require('./preflight.cjs');

const ROOT = path.resolve(__dirname, '../..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

function step(title, command, args, extraEnv = {}) {
  const started = Date.now();
  process.stderr.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds}s)\n`);
  return result.status === 0;
}

const TIERS = ['unit', 'integration', 'e2e'];
/** Apps whose integration files run as their own database user. */
const APP_USER_SUITES = 'reader-site,webhook-dispatcher';

async function main() {
  const args = process.argv.slice(2);
  const only = args.filter((a) => TIERS.includes(a));
  const jestArgs = args.filter((a) => !TIERS.includes(a));
  const projects = only.length ? only : TIERS;
  if (!report(await preflight(projects), process.stderr)) {
    process.stderr.write(
      `\nnpm test: stopped before running anything; install or start what is missing above ` +
        `(\`npm run doctor\` checks again).\n`,
    );
    process.exit(1);
  }
  const checks = only.length === 0;
  // The typed client's types are generated from docs/openapi.json, not kept in git; a pull that
  // changed the document leaves them stale until this (or `npm install`) writes them again.
  let ok = step('client types', process.execPath, [path.join(__dirname, 'client-schema.cjs')]);
  if (checks) {
    ok = step('type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) && ok;
    // The module-boundary rule reads Nx's project graph; without a computed graph (a fresh clone)
    // it would skip itself, so compute it first.
    ok = step('project graph', bin('nx'), ['show', 'projects']) && ok;
    ok = step('lint', bin('eslint'), ['--max-warnings', '0', '.']) && ok;
    ok = step('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']) && ok;
  }
  // Issue 34: the reader site's and the dispatcher's integration files run as those apps' own
  // database users, granted exactly their rights (libs/testing/src/app-database-user.ts).
  const runs = [
    {
      title: 'tests',
      args: ['--selectProjects', ...projects, ...jestArgs],
      env: { HC_TEST_AS_APP_USERS: APP_USER_SUITES },
    },
  ];
  // The webhook e2e suite again with the Kafka transport (a kcat mock cluster; issue #20).
  if (projects.includes('e2e') && jestArgs.length === 0) {
    runs.push({
      title: 'webhook e2e with HC_EVENT_TRANSPORT=kafka',
      args: ['--selectProjects', 'e2e', '--testPathPatterns', 'e2e/webhooks'],
      env: { HC_TEST_EVENT_TRANSPORT: 'kafka' },
    });
  }
  let passed = 0;
  let failed = 0;
  for (const run of runs) {
    const reportFile = path.join(os.tmpdir(), `hc-jest-${process.pid}.json`);
    const jestOk = step(
      run.title,
      bin('jest'),
      [...run.args, '--json', '--outputFile', reportFile],
      run.env,
    );
    ok = jestOk && ok;
    try {
      const results = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
      passed += results.numPassedTests;
      failed += results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
      fs.rmSync(reportFile, { force: true });
    } catch {
      failed += 1;
    }
  }
  if (!ok && failed === 0) failed = 1;
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
  process.exit(ok ? 0 : 1);
}

void main();
