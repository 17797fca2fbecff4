#!/usr/bin/env node
// `npm run bench [-- <name>]`: runs tools/bench/<name>.bench.cjs (all of them without a name).
// Each benchmark prints its figures beside a baseline measured in the same run. Like the tests,
// benchmarks ignore the caller's HC_* settings: each sets its own (HC_BENCH_DATABASE_URL, or a
// database on the HC_TEST_DATABASE_URL server).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { buildIfStale } = require('./build.cjs');
const { testEnv } = require('../../libs/testing/src/jest/test-env.cjs');

const DIR = path.resolve(__dirname, '../bench');

async function main() {
  const available = fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.bench.cjs'))
    .map((f) => f.replace(/\.bench\.cjs$/, ''))
    .sort();
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !available.includes(w));
  if (unknown.length || available.length === 0) {
    process.stderr.write(`benchmarks: ${available.join(', ') || '(none yet)'}\n`);
    process.exit(unknown.length ? 2 : 0);
  }
  await buildIfStale();
  let ok = true;
  for (const name of wanted.length ? wanted : available) {
    process.stdout.write(`\n### ${name}\n`);
    const r = spawnSync(process.execPath, [path.join(DIR, `${name}.bench.cjs`)], {
      stdio: 'inherit',
      env: testEnv('bench'),
    });
    ok = ok && r.status === 0;
  }
  process.exit(ok ? 0 : 1);
}

void main();
