// `npm run bench -- cli` (issue 35 item 4): the wall and CPU time of a writing operator command,
// `npm run -s hc -- user create`, on a migrated database with the build current, beside two
// baselines measured in the same run, in turn: `node -e 0` (Node's own start-up) and
// `npm run -s hc -- --help` (npm's and the dispatcher's, no command run). The target is a
// median wall time under 0.6 s. CPU is the children's utime + stime (/proc/self/stat), which a
// busy machine moves less than the wall clock.
//
// Settings: BENCH_RUNS (default 9), HC_BENCH_DATABASE_URL
// (mysql://root@127.0.0.1:3306/hc_bench_cli, dropped and migrated first).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const mysql = require('mysql2/promise');
const h = require('./harness.cjs');

const { RUNS, DB_URL } = h.benchSettings('hc_bench_cli', 0, 9);
const ROOT = path.resolve(__dirname, '../..');
const TARGET_S = 0.6;
const env = { ...process.env, HC_DATABASE_URL: DB_URL };

/** Children's CPU seconds so far (cutime + cstime: fields 16 and 17 of /proc/self/stat). */
function childCpu() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / h.TICK;
}

/** One run of `cmd args`: wall and CPU seconds; fails on a non-zero exit. */
function timed(cmd, args) {
  const cpu = childCpu();
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd: ROOT, env, encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall, cpu: childCpu() - cpu };
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let n = 0;
const COMMANDS = {
  'node -e 0': () => timed(process.execPath, ['-e', '0']),
  'npm run -s hc -- --help': () => timed(npm, ['run', '-s', 'hc', '--', '--help']),
  'npm run -s hc -- user create': () =>
    timed(npm, [
      'run',
      '-s',
      'hc',
      '--',
      'user',
      'create',
      '--email',
      `bench-${process.pid}-${n++}@example.com`,
      '--password',
      'long-enough-1',
    ]),
};

async function main() {
  const url = new URL(DB_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/';
  const admin = await mysql.createConnection(url.toString());
  await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin.end();
  timed(npm, ['run', '-s', 'hc', '--', 'migrate']);
  // One unmeasured round: the build check, the file cache and the first user's account.
  for (const run of Object.values(COMMANDS)) run();
  const results = Object.fromEntries(Object.keys(COMMANDS).map((k) => [k, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [label, run] of Object.entries(COMMANDS)) results[label].push(run());
  }
  const load = require('node:os')
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  process.stdout.write(
    `${new Date().toISOString()}, ${RUNS} runs each, in turn; load average ${load}\n\n` +
      '| command | wall s (median) | wall s (min–max) | CPU s (median) |\n' +
      '| --- | ---: | ---: | ---: |\n',
  );
  for (const [label, runs] of Object.entries(results)) {
    const walls = runs.map((r) => r.wall);
    const fmt = (x) => x.toFixed(3);
    process.stdout.write(
      `| \`${label}\` | ${fmt(h.median(walls))} | ${fmt(Math.min(...walls))}–${fmt(Math.max(...walls))} | ${fmt(h.median(runs.map((r) => r.cpu)))} |\n`,
    );
  }
  const create = h.median(results['npm run -s hc -- user create'].map((r) => r.wall));
  const verdict = create < TARGET_S ? 'under' : 'OVER';
  process.stdout.write(
    `\nhc user create: ${create.toFixed(3)} s, ${verdict} the ${TARGET_S} s target\n`,
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack || err}\n`);
    process.exit(1);
  },
);
