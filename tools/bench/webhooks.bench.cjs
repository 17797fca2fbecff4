// `npm run bench -- webhooks` (issues #5, #20): the built webhook-dispatcher delivering to a local
// receiver, with 1, 10 and 100 webhooks per site, through each transport in the same run:
//  - outbox: the dispatcher claims outbox rows itself;
//  - kafka: the built event-relay publishes the outbox to a Kafka-protocol broker (librdkafka's
//    mock cluster inside `kcat`, HC_KCAT_PATH) and the dispatcher consumes the topic in its group,
//    so commit-to-receipt includes relay, broker and consumer.
//  - throughput: events committed to the outbox in batches as fast as possible; deliveries per
//    second from the first commit to the last receipt;
//  - latency: events committed one at a time at a steady pace (open loop: a commit does not wait
//    for the previous one); commit-to-receipt p50/p99.
// Same-run baseline: a bare node:http client POSTing the same signed bodies to the same receiver
// at the same concurrency (no database, no claiming), i.e. what the HTTP part alone costs here.
//  - delivery log (issue 23): throughput through the outbox with HC_WEBHOOK_LOG=false and =true,
//    two dispatchers on two databases, runs alternating between them so both see the same
//    machine; the log's cost is the drop in deliveries per second (summed runs) from off to on.
//
//  - fairness (issue 34): one site's receivers answer just inside the attempt timeout while another
//    site's commit-to-receipt is measured, beside the same measurement without the slow site in
//    the same run; see `fairness` below.
//
//  - push (issue #28): commit-to-receipt at a steady rate and throughput with events committed by
//    the product's own writer, polling only (the baseline) against the Redis wake-up (outbox and
//    Kafka transports); see `push` below.
//
// Settings: BENCH_WEBHOOKS_PARTS (`transports,push,log,fairness` by default; any subset, comma-separated),
// BENCH_LOG_ROUNDS (rounds of log off/on runs, default 4), BENCH_PUSH_ROUNDS (rounds of the push
// part's configurations, default 2), BENCH_DELIVERIES (deliveries per throughput
// run, default 10000), BENCH_LATENCY_SECONDS
// (5), BENCH_SPARSE_RATE (the push part's sparse stream, 10 deliveries/s), BENCH_LATENCY_RATE
// (deliveries per second offered in the latency run, 200; events per
// second = that / webhooks per site), BENCH_SLOW_MS (the fairness part's slow answers, 9,500 ms),
// HC_BENCH_DATABASE_URL
// (mysql://root@127.0.0.1:3306/hc_bench_webhooks; dropped and recreated).
'use strict';

const http = require('node:http');
const path = require('node:path');
const { createHmac, randomUUID } = require('node:crypto');
const { spawn } = require('node:child_process');
const mysql = require('mysql2/promise');
const { testDatabaseUrl, testServices } = require('../../libs/testing/src/jest/test-env.cjs');
const {
  stopChild,
  cpuTicks,
  TICK,
  log,
  freePort,
  dropDatabase,
  migrateFresh,
} = require('./harness.cjs');

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const DB_URL = process.env.HC_BENCH_DATABASE_URL || testDatabaseUrl('hc_bench_webhooks');
const DELIVERIES = Number(process.env.BENCH_DELIVERIES || 10000);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS || 5);
const LATENCY_RATE = Number(process.env.BENCH_LATENCY_RATE || 200);
/** The push part's sparse stream: events far enough apart that the dispatcher goes idle between them. */
const SPARSE_RATE = Number(process.env.BENCH_SPARSE_RATE || 10);
const FANOUTS = [1, 10, 100];
const PARTS = (process.env.BENCH_WEBHOOKS_PARTS || 'transports,push,log,fairness').split(',');
const REDIS_URL = testServices().redisUrl;
const LOG_ROUNDS = Number(process.env.BENCH_LOG_ROUNDS || 4);
/** The push part's rounds: each configuration runs once per round, the order reversed each time. */
const PUSH_ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS || 2);
const SECRET = 'bench-secret-0123456789abcdef';
/** The dispatcher's attempt timeout (DISPATCHER.timeoutMs, spec 6 and 8: 10 seconds). */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** The fairness part's slow receivers answer this late: near the timeout, never past it. */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS || 9_500);

/** utime + stime of a process, in milliseconds. */
const cpuMs = (pid) => (cpuTicks(pid) * 1000) / TICK;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Counts receipts per event number and the time of each. Paths under `/slow/` (the fairness
 * part's slow site) are answered after SLOW_MS and counted apart, in `slow`.
 */
function startReceiver() {
  const receipts = new Map();
  let total = 0;
  let last = 0;
  const slow = { open: 0, answered: 0 };
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/slow/')) {
      slow.open++;
      req.resume();
      setTimeout(() => {
        slow.open--;
        slow.answered++;
        res.writeHead(200).end();
      }, SLOW_MS);
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      total++;
      last = now;
      try {
        const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id;
        const list = receipts.get(id);
        if (list) list.push(now);
        else receipts.set(id, [now]);
      } catch {
        /* baseline bodies are counted only */
      }
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        receipts,
        slow,
        get total() {
          return total;
        },
        get last() {
          return last;
        },
        reset() {
          receipts.clear();
          total = 0;
        },
        close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
      }),
    ),
  );
}

/** The bench database's URL with `suffix` added to the database name. */
function databaseUrl(suffix = '') {
  const u = new URL(DB_URL);
  u.pathname = `${u.pathname}${suffix}`;
  return u.toString();
}

/** A fresh, migrated database at `url` and a pool on it. */
async function connect(url = DB_URL) {
  await migrateFresh(url);
  return mysql.createPool({ uri: url, connectionLimit: 4, timezone: 'Z' });
}

/** Starts a built app (`webhook-dispatcher` or `event-relay`) and waits until it is ready. */
async function startApp(app, receiverPort, transportEnv, extraNodeArgs = []) {
  const port = await freePort();
  const nodeArgs = [
    ...(process.env.BENCH_DISPATCHER_NODE_ARGS || '').split(' ').filter(Boolean),
    ...extraNodeArgs,
  ];
  const portVar = `HC_${app.toUpperCase().replace(/-/g, '_')}_PORT`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(DIST, `apps/${app}/src/main.js`)], {
    env: {
      ...process.env,
      HC_DATABASE_URL: DB_URL,
      [portVar]: String(port),
      HC_OUTBOUND_ALLOWLIST: `127.0.0.1:${receiverPort}`,
      LOG_LEVEL: 'error',
      ...transportEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, stop: () => stopChild(child, 'dispatcher') };
    await sleep(100);
  }
  throw new Error(`${app} did not become ready`);
}

let siteSeq = 0;
async function makeSite(pool, receiverPort, webhooks, prefix = '') {
  const siteId = 1_000_000 + ++siteSeq;
  const rows = [];
  for (let i = 0; i < webhooks; i++)
    rows.push([
      siteId,
      `http://127.0.0.1:${receiverPort}${prefix}/s${siteId}/w${i}`,
      SECRET,
      new Date(),
    ]);
  await pool.query('INSERT INTO webhooks (site_id, url, secret, created_at) VALUES ?', [rows]);
  return { siteId, uuid: randomUUID() };
}

let eventSeq = 0;
function outboxRow(site) {
  const id = ++eventSeq;
  // The same article event the dispatcher's specs deliver (built by `npm run bench` first).
  const { articleEvent } = require(
    path.join(DIST, 'apps/webhook-dispatcher/src/testing/article-event.js'),
  );
  const payload = { helpcenter_id: site.uuid, data: articleEvent(id) };
  return {
    id,
    payload,
    row: [site.siteId, 'article.updated', JSON.stringify(payload), new Date()],
  };
}

async function insertEvents(pool, rows) {
  await pool.query('INSERT INTO outbox (site_id, event, payload, occurred_at) VALUES ?', [rows]);
}

async function waitFor(predicate, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

async function throughput(pool, receiver, webhooks, pid, relayPid, commit = null) {
  const cpu = () => cpuMs(pid) + (relayPid ? cpuMs(relayPid) : 0);
  const cpuBefore = cpu();
  const site = await makeSite(pool, receiver.port, webhooks);
  const events = Math.max(1, Math.round(DELIVERIES / webhooks));
  receiver.reset();
  const ids = [];
  const batches = [];
  for (let i = 0; i < events; i += 200) {
    const batch = [];
    for (let j = i; j < Math.min(events, i + 200); j++) {
      const e = outboxRow(site);
      ids.push(e.id);
      batch.push(e);
    }
    batches.push(batch);
  }
  const started = performance.now();
  if (commit) {
    // The product's writer: one statement per event, so four transactions at a time keep the
    // producer ahead of the dispatcher.
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < batches.length) await commit(site, batches[next++]);
      }),
    );
  } else {
    for (const batch of batches)
      await insertEvents(
        pool,
        batch.map((e) => e.row),
      );
  }
  const committedIn = (performance.now() - started) / 1000;
  const expected = events * webhooks;
  const done = await waitFor(() => receiver.total >= expected, 300_000);
  const seconds = (receiver.last - started) / 1000;
  const lost = ids.filter((id) => (receiver.receipts.get(id)?.length ?? 0) < webhooks).length;
  return {
    cpuPerDelivery: (cpu() - cpuBefore) / receiver.total,
    webhooks,
    events,
    deliveries: receiver.total,
    seconds,
    perSecond: receiver.total / seconds,
    committedPerSecond: events / committedIn,
    complete: done && lost === 0,
  };
}

/** Commits one event with a plain INSERT (the writer of the transports part). */
const plainCommit = (pool) => (site, events) =>
  insertEvents(
    pool,
    events.map((e) => e.row),
  );

/**
 * Commit-to-receipt at a steady LATENCY_RATE deliveries per second. Open loop: each event is
 * committed at its time whether or not the previous commit has returned, so a slow commit does
 * not lower the rate offered; an event's commit time is when its COMMIT returned.
 */
async function latency(pool, receiver, webhooks, commit = plainCommit(pool), rate = LATENCY_RATE) {
  const site = await makeSite(pool, receiver.port, webhooks);
  // One event through first, not counted: a consumer that is still joining its group (Kafka)
  // or a pool that is still connecting is not what this measures.
  receiver.reset();
  await commit(site, [outboxRow(site)]);
  await waitFor(() => receiver.total >= webhooks, 60_000);
  receiver.reset();
  const committed = new Map();
  const eventsPerSecond = rate / webhooks;
  const count = Math.max(1, Math.round(LATENCY_SECONDS * eventsPerSecond));
  const interval = 1000 / eventsPerSecond;
  const commits = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const e = outboxRow(site);
    commits.push(commit(site, [e]).then(() => committed.set(e.id, performance.now())));
    const wait = t0 + (i + 1) * interval - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(commits);
  const lastCommit = Math.max(...committed.values());
  await waitFor(() => receiver.total >= count * webhooks, 120_000);
  const samples = [];
  for (const [id, at] of committed)
    for (const r of receiver.receipts.get(id) ?? []) samples.push(r - at);
  samples.sort((a, b) => a - b);
  return {
    webhooks,
    rate,
    achieved: (count * webhooks) / ((lastCommit - t0) / 1000),
    complete: samples.length === count * webhooks,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    samples: samples.length,
    sampleList: samples,
  };
}

/** The HTTP part alone: signed POSTs from a bare client, 64 at a time, one connection each. */
async function baseline(receiver, total) {
  receiver.reset();
  const body = JSON.stringify({
    event: 'article.updated',
    occurred_at: '2026-01-01T00:00:00+00:00',
    site_id: 1,
    helpcenter_id: 'x',
    data: { type: 'site', id: 0, visibility: 'public' },
  });
  let sent = 0;
  const started = performance.now();
  const one = () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: receiver.port,
          method: 'POST',
          path: '/baseline',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-service-signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
            'x-service-delivery': randomUUID(),
          },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (sent < total) {
        sent++;
        await one();
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** Throughput and latency for each fan-out through one transport. */
async function measure(pool, receiver, transport, transportEnv) {
  const relay =
    transport === 'kafka' ? await startApp('event-relay', receiver.port, transportEnv) : null;
  const dispatcher = await startApp('webhook-dispatcher', receiver.port, transportEnv);
  const rows = [];
  try {
    for (const w of FANOUTS) {
      const t = await throughput(pool, receiver, w, dispatcher.child.pid, relay?.child.pid);
      const l = await latency(pool, receiver, w);
      rows.push({ transport, t, l });
      log(`  ${transport}: ${w} webhook(s)/site done`);
    }
  } finally {
    await dispatcher.stop();
    await relay?.stop();
  }
  return rows;
}

/**
 * Issue 23: what the delivery log costs. Two outbox dispatchers run side by side, each on a
 * database of its own, one with HC_WEBHOOK_LOG=false and one with =true; the idle one only polls.
 * Throughput runs alternate between them (which goes first changes every run), so both see the
 * same machine, and each setting's rate is its deliveries over its seconds summed over the rounds.
 */
async function logCost(receiver) {
  const sides = {};
  for (const setting of ['off', 'on']) {
    const url = databaseUrl(`_log_${setting}`);
    const pool = await connect(url);
    const dispatcher = await startApp('webhook-dispatcher', receiver.port, {
      HC_DATABASE_URL: url,
      HC_EVENT_TRANSPORT: 'outbox',
      HC_WEBHOOK_LOG: setting === 'on' ? 'true' : 'false',
    });
    sides[setting] = { url, pool, dispatcher };
  }
  const totals = new Map(); // `${webhooks} ${setting}` -> { deliveries, seconds, cpu, complete }
  try {
    let n = 0;
    for (let round = 0; round < LOG_ROUNDS; round++) {
      for (const w of FANOUTS) {
        const order = n++ % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
        for (const setting of order) {
          const { pool, dispatcher } = sides[setting];
          const t = await throughput(pool, receiver, w, dispatcher.child.pid);
          const k = `${w} ${setting}`;
          const sum = totals.get(k) ?? { deliveries: 0, seconds: 0, cpu: 0, complete: true };
          totals.set(k, {
            deliveries: sum.deliveries + t.deliveries,
            seconds: sum.seconds + t.seconds,
            cpu: sum.cpu + t.cpuPerDelivery * t.deliveries,
            complete: sum.complete && t.complete,
          });
        }
      }
      log(`  log off/on: round ${round + 1}/${LOG_ROUNDS} done`);
    }
  } finally {
    for (const { url, pool, dispatcher } of Object.values(sides)) {
      await dispatcher.stop();
      await pool.end();
      await dropDatabase(url);
    }
  }
  return FANOUTS.map((w) => {
    const pick = (setting) => {
      const t = totals.get(`${w} ${setting}`);
      return { ...t, perSecond: t.deliveries / t.seconds, cpuPerDelivery: t.cpu / t.deliveries };
    };
    return { webhooks: w, off: pick('off'), on: pick('on') };
  });
}

/** Statements and transactions (COMMITs) the apps sent so far, from count-queries.cjs's files. */
function sqlCounts(files) {
  const read = (f) => {
    try {
      return Number(require('node:fs').readFileSync(f, 'utf8')) || 0;
    } catch {
      return 0;
    }
  };
  return {
    statements: files.reduce((n, f) => n + read(f), 0),
    transactions: files.reduce((n, f) => n + read(`${f}.commits`), 0),
  };
}

/**
 * Issue #28, push not poll: commit-to-receipt at a steady LATENCY_RATE deliveries per second and
 * throughput, with events committed by the product's own writer (`writeOutbox` in a TypeORM
 * transaction, so whatever a commit announces is announced here as in the apps), through:
 *  - outbox, polling only (no Redis): the baseline, the dispatcher finds an event at its next poll;
 *  - outbox with Redis (HC_REDIS_URL on writer and dispatcher);
 *  - kafka with Redis (the relay is the one woken; the dispatcher consumes the topic).
 * One webhook per site, so deliveries per second = events per second. Every run of a
 * configuration starts on a fresh database, and the configurations take turns over
 * PUSH_ROUNDS rounds, the order reversed every round: on this shared machine the first run of a
 * sequence was the fastest whichever configuration it was (the previous run's purge and page
 * flushing continue into the next), so a fixed order measured the order. The apps count their SQL
 * statements (count-queries.cjs): statements and transactions per delivery do not move with the
 * machine's load.
 */
async function push(receiver, kafka) {
  // Read by the writer's settings on first use: set before the product's modules load.
  process.env.HC_REDIS_URL = REDIS_URL;
  const { createDataSource } = require(path.join(DIST, 'libs/data/src/data-source.js'));
  const { writeOutbox } = require(path.join(DIST, 'libs/events/src'));
  const url = databaseUrl('_push');
  const sqlDir = require('node:fs').mkdtempSync(path.join(require('node:os').tmpdir(), 'hc-sql-'));
  const counting = ['--require', path.join(__dirname, 'count-queries.cjs')];
  const countFile = (app) => path.join(sqlDir, app);
  const configs = [
    // HC_REDIS_URL is set in this process (for the writer); the baseline's apps must not see it.
    {
      name: 'outbox, polling only (baseline)',
      env: { HC_EVENT_TRANSPORT: 'outbox', HC_REDIS_URL: '' },
    },
    {
      name: 'outbox, Redis wake-up',
      env: { HC_EVENT_TRANSPORT: 'outbox', HC_REDIS_URL: REDIS_URL },
    },
    ...(kafka
      ? [{ name: 'kafka, Redis wake-up', env: { ...kafka.env, HC_REDIS_URL: REDIS_URL } }]
      : []),
  ];
  const runs = new Map(configs.map((c) => [c, []]));
  for (let round = 0; round < PUSH_ROUNDS; round++) {
    for (const c of round % 2 === 0 ? configs : [...configs].reverse()) {
      const pool = await connect(url);
      const ds = createDataSource({ url, poolSize: 8 });
      await ds.initialize();
      const commit = (site, events) =>
        ds.transaction(async (m) => {
          for (const e of events) await writeOutbox(m, site.siteId, 'article.updated', e.payload);
        });
      const env = (app) => ({
        ...c.env,
        HC_DATABASE_URL: url,
        BENCH_QUERY_COUNT_FILE: countFile(app),
      });
      const apps = ['webhook-dispatcher'];
      const relay =
        c.env.HC_EVENT_TRANSPORT === 'kafka'
          ? await startApp('event-relay', receiver.port, env('event-relay'), counting)
          : null;
      if (relay) apps.push('event-relay');
      const dispatcher = await startApp(
        'webhook-dispatcher',
        receiver.port,
        env('webhook-dispatcher'),
        counting,
      );
      const files = apps.map(countFile);
      try {
        // Settle: the subscriptions are made, the first poll is behind us.
        await sleep(1000);
        const l = await latency(pool, receiver, 1, commit);
        const sparse = await latency(pool, receiver, 1, commit, SPARSE_RATE);
        await sleep(300); // the counts on file are at most 100 ms old
        const before = sqlCounts(files);
        const t = await throughput(
          pool,
          receiver,
          1,
          dispatcher.child.pid,
          relay?.child.pid,
          commit,
        );
        await sleep(300);
        const after = sqlCounts(files);
        t.statementsPerDelivery = (after.statements - before.statements) / t.deliveries;
        t.transactionsPerDelivery = (after.transactions - before.transactions) / t.deliveries;
        runs.get(c).push({ l, sparse, t, load: require('node:os').loadavg()[0] });
        log(`  push: ${c.name}, round ${round + 1}/${PUSH_ROUNDS} done`);
      } finally {
        await dispatcher.stop();
        await relay?.stop();
        await ds.destroy();
        await pool.end();
      }
    }
  }
  await dropDatabase(url);
  require('node:fs').rmSync(sqlDir, { recursive: true, force: true });
  return configs.map((c) => ({ name: c.name, ...pooled(runs.get(c)) }));
}

/** One configuration's rounds as one row: latency samples pooled, throughput summed. */
function pooled(runs) {
  const latencyOf = (pick) => {
    const samples = runs.flatMap((r) => pick(r).sampleList).sort((a, b) => a - b);
    const first = pick(runs[0]);
    return {
      rate: first.rate,
      achieved: runs.reduce((n, r) => n + pick(r).achieved, 0) / runs.length,
      complete: runs.every((r) => pick(r).complete),
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      samples: samples.length,
    };
  };
  const sum = (f) => runs.reduce((n, r) => n + f(r.t), 0);
  const deliveries = sum((t) => t.deliveries);
  return {
    l: latencyOf((r) => r.l),
    sparse: latencyOf((r) => r.sparse),
    t: {
      perSecond: deliveries / sum((t) => t.seconds),
      committedPerSecond: sum((t) => t.events) / sum((t) => t.events / t.committedPerSecond),
      cpuPerDelivery: sum((t) => t.cpuPerDelivery * t.deliveries) / deliveries,
      statementsPerDelivery: sum((t) => t.statementsPerDelivery * t.deliveries) / deliveries,
      transactionsPerDelivery: sum((t) => t.transactionsPerDelivery * t.deliveries) / deliveries,
      perRun: runs.map((r) => r.t.perSecond),
      complete: runs.every((r) => r.t.complete),
    },
    loads: runs.map((r) => r.load),
  };
}

function pushReport(rows, fmt) {
  const out = [
    `Push, not poll (issue #28): 1 webhook per site, events committed by the product's writer (writeOutbox, one transaction each) at a steady ${LATENCY_RATE} deliveries/s for ${LATENCY_SECONDS} s; throughput ${DELIVERIES} deliveries committed in transactions of 200, four at a time; ${PUSH_ROUNDS} round(s), each configuration on a fresh database, the order reversed every round (latency samples pooled, throughput summed). Targets: p50 < 50 ms, p99 < 250 ms, ≥ 2,000 deliveries/s.`,
    '',
    '| transport | deliveries/s offered (committed) | samples | p50 ms | p99 ms | sparse p50 ms | sparse p99 ms | deliveries/s (each round) | committed/s | CPU ms/delivery | SQL statements/delivery | transactions/delivery | load average (1 min) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const { name, l, sparse, t, loads } of rows) {
    out.push(
      `| ${name} | ${fmt(l.rate)} (${fmt(l.achieved)}) | ${fmt(l.samples)}${l.complete ? '' : ' (incomplete)'} | ${fmt(l.p50, 1)} | ${fmt(l.p99, 1)} | ${fmt(sparse.p50, 1)} | ${fmt(sparse.p99, 1)} | ${fmt(t.perSecond)} (${t.perRun.map((n) => fmt(n)).join(', ')})${t.complete ? '' : ' (incomplete)'} | ${fmt(t.committedPerSecond)} | ${fmt(t.cpuPerDelivery, 2)} | ${fmt(t.statementsPerDelivery, 2)} | ${fmt(t.transactionsPerDelivery, 3)} | ${loads.map((n) => n.toFixed(1)).join(', ')} |`,
    );
  }
  out.push('');
  out.push(
    `Sparse: ${SPARSE_RATE} deliveries/s for ${LATENCY_SECONDS} s, so the dispatcher is idle between events and, without a wake-up, finds each at its next poll. SQL statements and transactions per delivery: sent by the dispatcher (and the relay) during the throughput run.`,
  );
  const base = rows[0];
  for (const r of rows) {
    const latencyMet = r.l.p50 < 50 && r.l.p99 < 250;
    const throughputMet = r.t.perSecond >= 2000;
    out.push('');
    out.push(
      `${r.name}${r === base ? '' : ` (baseline p50 ${fmt(base.l.p50, 1)} ms, p99 ${fmt(base.l.p99, 1)} ms)`}: latency target ${latencyMet ? 'met' : 'NOT met'}, throughput target ${throughputMet ? 'met' : 'NOT met'}.`,
    );
  }
  return out;
}

/**
 * Issue 34 item 6, one site cannot starve another: a quiet site's commit-to-receipt (LATENCY_RATE
 * / 4 deliveries per second for LATENCY_SECONDS, one webhook) measured twice by one outbox
 * dispatcher: first alone (the baseline), then while a slow site's 100 webhooks (1,000
 * deliveries) are answered SLOW_MS late, just inside the attempt timeout. Before the fair shares
 * the slow site took every slot and the quiet site waited for its backlog (1,000 / 64 slots ×
 * 9.5 s, minutes); the promise is that its p99 stays within one attempt timeout of the baseline.
 */
async function fairness(receiver) {
  const url = databaseUrl('_fair');
  const pool = await connect(url);
  const dispatcher = await startApp('webhook-dispatcher', receiver.port, {
    HC_DATABASE_URL: url,
    HC_EVENT_TRANSPORT: 'outbox',
  });
  const rate = Math.max(1, Math.round(LATENCY_RATE / 4));
  try {
    const alone = await latency(pool, receiver, 1, plainCommit(pool), rate);
    log('  fairness: baseline done');
    const slow = await makeSite(pool, receiver.port, 100, '/slow');
    await insertEvents(
      pool,
      Array.from({ length: 10 }, () => outboxRow(slow).row),
    );
    // The slow site holds what it can before the quiet site's run starts.
    await waitFor(() => receiver.slow.open >= 32, 30_000);
    const openAtStart = receiver.slow.open;
    const beside = await latency(pool, receiver, 1, plainCommit(pool), rate);
    const openAtEnd = receiver.slow.open;
    log('  fairness: beside the slow site done');
    return { rate, alone, beside, openAtStart, openAtEnd, answered: receiver.slow.answered };
  } finally {
    // Graceful: the slow attempts in flight finish (SLOW_MS) before the dispatcher exits.
    await dispatcher.stop();
    await pool.end();
    await dropDatabase(url);
  }
}

function fairnessReport(r, fmt) {
  const extra = r.beside.p99 - r.alone.p99;
  return [
    `Fair shares (issue 34): one outbox dispatcher; a quiet site (1 webhook) offered ${fmt(r.rate)} deliveries/s for ${LATENCY_SECONDS} s, alone (baseline) and while a slow site's 100 webhooks answer ${fmt(SLOW_MS)} ms late (1,000 deliveries due; attempt timeout ${fmt(ATTEMPT_TIMEOUT_MS)} ms).`,
    '',
    '| quiet site | samples | p50 ms | p99 ms | slow attempts in flight (start, end) |',
    '|---|---:|---:|---:|---|',
    `| alone (baseline) | ${fmt(r.alone.samples)}${r.alone.complete ? '' : ' (incomplete)'} | ${fmt(r.alone.p50, 1)} | ${fmt(r.alone.p99, 1)} | – |`,
    `| beside the slow site | ${fmt(r.beside.samples)}${r.beside.complete ? '' : ' (incomplete)'} | ${fmt(r.beside.p50, 1)} | ${fmt(r.beside.p99, 1)} | ${r.openAtStart}, ${r.openAtEnd} |`,
    '',
    `Slowest quiet-site samples beside the slow site (ms): ${r.beside.sampleList
      .slice(-5)
      .map((n) => fmt(n))
      .join(', ')}.`,
    '',
    `The slow site's p99 cost to the quiet site: ${fmt(extra, 1)} ms, ${extra <= ATTEMPT_TIMEOUT_MS && r.beside.complete ? 'within' : 'NOT within'} one attempt timeout (${fmt(ATTEMPT_TIMEOUT_MS)} ms).`,
  ];
}

/** A Kafka-protocol broker for the Kafka rows, from the built test helper (kcat's mock cluster). */
async function startKafka() {
  const { startMockKafka } = require(path.join(DIST, 'libs/testing/src/mock-kafka.js'));
  const mock = await startMockKafka();
  const topic = `helpcenter.events.bench-${Date.now()}`;
  await mock.createTopic(topic);
  await mock.createTopic(`${topic}.internal`);
  return {
    mock,
    env: {
      HC_EVENT_TRANSPORT: 'kafka',
      HC_KAFKA_BROKERS: mock.bootstrap,
      HC_KAFKA_TOPIC: topic,
      // The mock cluster refuses the idempotent producer; a real cluster keeps it on.
      HC_KAFKA_IDEMPOTENT: 'false',
    },
  };
}

async function main() {
  const receiver = await startReceiver();
  const pool = await connect();
  const kafka = PARTS.includes('transports') || PARTS.includes('push') ? await startKafka() : null;
  const fmt = (n, d = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  try {
    log(`webhooks bench: ${DELIVERIES} deliveries per throughput run`);
    const out = [];
    if (PARTS.includes('transports')) out.push(...(await transports(pool, receiver, kafka, fmt)));
    if (PARTS.includes('push')) {
      const rows = await push(receiver, kafka);
      if (out.length) out.push('');
      out.push(...pushReport(rows, fmt));
    }
    if (PARTS.includes('log')) {
      const rows = await logCost(receiver);
      if (out.length) out.push('');
      out.push(
        `Delivery log (issue 23), outbox transport, ${LOG_ROUNDS} rounds of alternating runs, ${DELIVERIES} deliveries each:`,
      );
      out.push('');
      out.push(
        '| webhooks per site | deliveries (each setting) | deliveries/s log off | deliveries/s log on | log cost | dispatcher CPU ms/delivery off | on |',
      );
      out.push('|---:|---:|---:|---:|---:|---:|---:|');
      for (const { webhooks, off, on } of rows) {
        const incomplete = off.complete && on.complete ? '' : ' (incomplete)';
        out.push(
          `| ${webhooks} | ${fmt(off.deliveries)}${incomplete} | ${fmt(off.perSecond)} | ${fmt(on.perSecond)} | ${fmt((1 - on.perSecond / off.perSecond) * 100, 1)} % | ${fmt(off.cpuPerDelivery, 2)} | ${fmt(on.cpuPerDelivery, 2)} |`,
        );
      }
      const rate = (setting) =>
        rows.reduce((n, r) => n + r[setting].deliveries, 0) /
        rows.reduce((n, r) => n + r[setting].seconds, 0);
      const offAll = rate('off');
      const onAll = rate('on');
      out.push('');
      out.push(
        `Log cost over all fan-outs: ${fmt((1 - onAll / offAll) * 100, 1)} % of delivery throughput (target at most 15 %).`,
      );
    }
    if (PARTS.includes('fairness')) {
      const r = await fairness(receiver);
      if (out.length) out.push('');
      out.push(...fairnessReport(r, fmt));
    }
    out.push('');
    out.push(
      `Machine load average during the run: ${require('node:os')
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')} (${require('node:os').cpus().length} cores)`,
    );
    process.stdout.write(out.join('\n') + '\n');
  } finally {
    await kafka?.mock.stop();
    await pool.end();
    await receiver.close();
    await dropDatabase(DB_URL);
  }
}

/** Both transports at every fan-out beside the bare baseline (issues #5, #20). */
async function transports(pool, receiver, kafka, fmt) {
  const base = await baseline(receiver, DELIVERIES);
  const rows = [
    ...(await measure(pool, receiver, 'outbox', { HC_EVENT_TRANSPORT: 'outbox' })),
    ...(await measure(pool, receiver, 'kafka', kafka.env)),
  ];
  const out = [];
  out.push(
    `Baseline (bare node:http client, 64 concurrent, new connection each): ${fmt(base)} POST/s`,
  );
  out.push('');
  out.push(
    '| transport | webhooks per site | events | deliveries | deliveries/s | vs baseline | CPU ms/delivery (dispatcher + relay) | latency rate (deliveries/s) | p50 ms | p99 ms |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { transport, t, l } of rows) {
    out.push(
      `| ${transport} | ${t.webhooks} | ${fmt(t.events)} | ${fmt(t.deliveries)}${t.complete ? '' : ' (incomplete)'} | ${fmt(t.perSecond)} | ${fmt((t.perSecond / base) * 100)} % | ${fmt(t.cpuPerDelivery, 2)} | ${fmt(l.rate)} | ${fmt(l.p50, 1)} | ${fmt(l.p99, 1)} |`,
    );
  }
  return out;
}

main().catch((err) => {
  log(err && err.stack ? err.stack : String(err));
  process.exit(1);
});
