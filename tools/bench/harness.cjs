// What the HTTP benchmarks share: start a server (the built app or its bare baseline) on a free
// port, drive it with autocannon, and measure its CPU per request from /proc (utime + stime),
// which is steadier than wall clock on a shared machine.
'use strict';

const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { execSync, spawn } = require('node:child_process');
const autocannon = require('autocannon');

const DIST = path.resolve(__dirname, '../../dist');
/** A browser's User-Agent: reader pages count views and searches of browsers, not bots. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const TICK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
const log = (...a) => process.stderr.write(a.join(' ') + '\n');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTicks(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function waitReady(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health/ready`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready`);
}

/**
 * Starts `kind` 'nest' (the built app `app`, its port in `portVar`) or 'bare' (the `bare`
 * script, port in PORT) against `dbUrl`; `nodeArgs` go before the script (`-r <preload>`), `env`
 * adds settings (HC_READER_CACHE_ENTRIES=0). `label` names it in the results (default `kind`).
 */
async function startServer(
  kind,
  { app, portVar, bare, dbUrl, nodeArgs = [], env: extra = {}, label },
) {
  const port = await freePort();
  // Every server counts its SQL statements (count-queries.cjs) for the queries/request column.
  const queryFile = path.join(os.tmpdir(), `hc-bench-queries-${process.pid}-${port}`);
  const env = {
    ...process.env,
    HC_DATABASE_URL: dbUrl,
    LOG_LEVEL: 'error',
    PORT: String(port),
    [portVar]: String(port),
    BENCH_QUERY_COUNT_FILE: queryFile,
    ...extra,
  };
  const script = kind === 'nest' ? path.join(DIST, 'apps', app, 'src/main.js') : bare;
  // BENCH_SERVER_STDOUT=1 shows the server's log lines (the cause of a 500 under load).
  const preload = ['-r', path.join(__dirname, 'count-queries.cjs')];
  const child = spawn(process.execPath, [...preload, ...nodeArgs, script], {
    env,
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  const name = label ?? kind;
  const queries = () => Number(fs.readFileSync(queryFile, 'utf8')) || 0;
  const stop = async () => {
    await stopChild(child, `${name} server`);
    fs.rmSync(queryFile, { force: true });
    fs.rmSync(`${queryFile}.tmp`, { force: true });
  };
  return { kind: name, url, child, queries, stop };
}

const STOP_GRACE_MS = 20_000;

/**
 * SIGTERM, then wait for the exit. Safe to call twice: a child that already ended (by a code or
 * by a signal, when `exitCode` stays null) resolves at once. A server that outlives the grace
 * period is reported and killed, so a benchmark always ends.
 */
function stopChild(child, label) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      log(`${label} did not exit within ${STOP_GRACE_MS / 1000} s of SIGTERM; killing it`);
      child.kill('SIGKILL');
    }, STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Waits until the server has finished the work a previous run left queued. */
async function idle(server) {
  let last = cpuTicks(server.child.pid);
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuTicks(server.child.pid);
    if (now - last <= 1) return;
    last = now;
  }
}

/** One load run; `make(i)` returns {method, path, headers, body} for request i. */
async function load(server, make, { connections, duration }) {
  let i = 0;
  const first = make(0);
  await idle(server);
  const before = cpuTicks(server.child.pid);
  const queriesBefore = await settledQueries(server);
  const result = await autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 120,
    requests: [
      {
        method: first.method ?? 'GET',
        path: first.path,
        setupRequest: (req) => {
          const r = make(i++);
          return {
            ...req,
            method: r.method ?? 'GET',
            path: r.path,
            headers: { ...req.headers, ...(r.headers ?? {}) },
            body: r.body,
          };
        },
      },
    ],
  });
  await idle(server);
  const cpuMs = ((cpuTicks(server.child.pid) - before) * 1000) / TICK;
  // Work is per request sent: those still in flight when a run ends are answered after it, and
  // their CPU and statements fall in its window (dividing by the answered ones alone overstated
  // a slow server's cost by up to connections ÷ answers).
  const total = result.requests.sent || result['2xx'] + result.non2xx;
  const queries = (await settledQueries(server)) - queriesBefore;
  return {
    queriesPerReq: total ? queries / total : NaN,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerReq: total ? cpuMs / total : NaN,
    // A 304 is the answer a revalidation asks for.
    ok: result['2xx'] + result['3xx'],
    failed: result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  };
}

/** The server's SQL statement count once its preload has written the latest total. */
async function settledQueries(server) {
  await new Promise((r) => setTimeout(r, 150));
  return server.queries();
}

/** The line every benchmark ends its report with: the machine's load while it ran. */
function loadLine() {
  const avg = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  return `Machine load average at the end: ${avg} (${os.cpus().length} cores)`;
}

/** Runs a benchmark's `main` and exits (0, or 1 with the error), so it always ends by itself. */
function runMain(main) {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${err.stack || err}\n`);
      process.exit(1);
    },
  );
}

/** Drops the database named in `url`, if it exists (a fresh one is made by migrateDatabase). */
async function dropDatabase(url) {
  const mysql = require('mysql2/promise');
  const u = new URL(url);
  const conn = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
  });
  await conn.query(`DROP DATABASE IF EXISTS \`${u.pathname.slice(1)}\``);
  await conn.end();
}

/** Drops the database at `url` and makes it again with every migration of the build. */
async function migrateFresh(url) {
  await dropDatabase(url);
  const { migrateDatabase } = require(path.join(DIST, 'libs/data/src/data-source.js'));
  await migrateDatabase(url);
}

/** A fresh, migrated database at `url` and one connection to it for seeding (UTC, utf8mb4). */
async function freshDatabase(url) {
  const mysql = require('mysql2/promise');
  await migrateFresh(url);
  return mysql.createConnection({ uri: url, timezone: 'Z', charset: 'utf8mb4_unicode_ci' });
}

/**
 * The settings every benchmark reads: BENCH_DURATION seconds per run (default `duration`),
 * BENCH_RUNS runs (default `runs`) and HC_BENCH_DATABASE_URL (else the test server's database
 * `database`); with the build's folder.
 */
function benchSettings(database, duration, runs) {
  const { testDatabaseUrl } = require('../../libs/testing/src/jest/test-env.cjs');
  return {
    DIST,
    DURATION: Number(process.env.BENCH_DURATION || duration),
    RUNS: Number(process.env.BENCH_RUNS || runs),
    DB_URL: process.env.HC_BENCH_DATABASE_URL || testDatabaseUrl(database),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Medians of several runs of `load`. */
function summarize(runs) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpu: median(runs.map((r) => r.cpuMsPerReq)),
    queries: median(runs.map((r) => r.queriesPerReq)),
    failed: runs.reduce((n, r) => n + r.failed, 0),
  };
}

module.exports = {
  DIST,
  BROWSER_UA,
  TICK,
  log,
  freePort,
  cpuTicks,
  waitReady,
  startServer,
  stopChild,
  idle,
  load,
  median,
  summarize,
  loadLine,
  runMain,
  dropDatabase,
  migrateFresh,
  freshDatabase,
  benchSettings,
};
