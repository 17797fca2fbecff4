// `npm run bench -- reader` (issues #10, #28): reader-site pages in four servers of the same
// run, on one database of 10,000 articles:
//  - cached: the built reader-site as it ships with Redis (rendered public pages kept,
//    docs/caching.md; sites kept in memory while subscribed to the writers' announcements, so a
//    hit sends no SQL), pages kept 10 minutes instead of 60 s so that a run measures hits, not
//    expiries;
//  - cached-no-redis: the same without HC_REDIS_URL (each hit reads the site and its version);
//  - uncached: the same build with HC_READER_CACHE_ENTRIES=0 and no Redis, every page rendered;
//  - bare: node:http + mysql2 rendering the same page with the product's own repositories (same
//    statements) and pure rendering functions, without Nest, Express or TypeORM
//    (reader-bare-server.cjs). Its page must be the product's within 5 % of the bytes.
// For each page: req/s, p50/p99 latency at 32 connections, server CPU time per request, SQL
// statements per request (count-queries.cjs) and page bytes, median of BENCH_RUNS runs after an
// uncounted warm-up, the servers' order rotating from run to run; then each target of issue #28
// beside its figure. Article pages are asked for by anonymous readers (a new visitor each
// request) over a hot set of articles that fits the cache; their views are counted by the page's
// beacon, measured in a row of its own.
//
// Settings: BENCH_DURATION seconds per run (default 5), BENCH_RUNS (3), BENCH_HOT_ARTICLES (500),
// BENCH_WARMUP (seconds of uncounted load per server before each page's runs, 2),
// HC_BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/hc_bench_reader), HC_TEST_REDIS_URL.
'use strict';

const path = require('node:path');
const h = require('./harness.cjs');
const { seedSite, SEARCH_WORDS } = require('./content-seed.cjs');
const { testServices } = require('../../libs/testing/src/jest/test-env.cjs');

const { DURATION, RUNS, DB_URL } = h.benchSettings('hc_bench_reader', 5, 3);
const HOT = Number(process.env.BENCH_HOT_ARTICLES || 500);
const WARMUP = Number(process.env.BENCH_WARMUP || 2);
const CONNECTIONS = 32;
const LOAD_AT_START = require('node:os')
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(', ');
const UA = h.BROWSER_UA;

let visitor = 0;
const { log } = h;
const SERVERS = {
  app: 'reader-site',
  portVar: 'HC_READER_SITE_PORT',
  bare: path.join(__dirname, 'reader-bare-server.cjs'),
};
/** A new reader each request (visitor cookie; the bare server hashes it too). */
const load = (server, make) =>
  h.load(
    server,
    (i) => {
      const id = (++visitor).toString(16).padStart(32, '0');
      const r = make(i);
      return { ...r, headers: { 'user-agent': UA, cookie: `hc_vid=${id}`, ...(r.headers ?? {}) } };
    },
    { connections: CONNECTIONS, duration: DURATION },
  );

/** A fresh, migrated database with one public site of 10,000 articles. */
async function seed() {
  const conn = await h.freshDatabase(DB_URL);
  log('seeding 10,000 articles…');
  const seeded = await seedSite(conn, { name: 'reader', articles: 10000, keys: 1 });
  await conn.query(
    'ANALYZE TABLE articles, article_translations, article_categories, article_stats',
  );
  const [[{ subdomain }]] = await conn.query('SELECT subdomain FROM sites WHERE id = ?', [
    seeded.siteId,
  ]);
  const [published] = await conn.query(
    'SELECT id FROM articles WHERE site_id = ? AND published = 1 ORDER BY id',
    [seeded.siteId],
  );
  await conn.end();
  return { base: `/hc/${subdomain}`, ids: published.map((r) => r.id) };
}

/** Asks `server` for each path once (fills the cache) and returns each page's ETag. */
async function warm(server, paths) {
  const etags = new Map();
  for (const p of paths) {
    const res = await fetch(server.url + p, { headers: { 'user-agent': UA } });
    await res.arrayBuffer();
    if (res.headers.get('etag')) etags.set(p, res.headers.get('etag'));
  }
  return etags;
}

async function main() {
  const { base, ids } = await seed();
  const hot = ids.filter((_, n) => n % Math.max(1, Math.floor(ids.length / HOT)) === 0);
  const hotPath = (i) => `${base}/articles/${hot[(i * 7919) % hot.length]}`;
  const words = SEARCH_WORDS;
  const servers = {
    // A kept page lives HC_READER_CACHE_TTL (60 s by default); the runs of one page take longer,
    // so the hot set is kept 10 minutes here and every request of a cached run is a hit.
    cached: await h.startServer('nest', {
      ...SERVERS,
      dbUrl: DB_URL,
      label: 'cached',
      env: { HC_READER_CACHE_TTL: '10m', HC_REDIS_URL: testServices().redisUrl },
    }),
    'cached-no-redis': await h.startServer('nest', {
      ...SERVERS,
      dbUrl: DB_URL,
      label: 'cached-no-redis',
      env: { HC_READER_CACHE_TTL: '10m' },
    }),
    uncached: await h.startServer('nest', {
      ...SERVERS,
      dbUrl: DB_URL,
      label: 'uncached',
      env: { HC_READER_CACHE_ENTRIES: '0' },
    }),
    bare: await h.startServer('bare', { ...SERVERS, dbUrl: DB_URL }),
  };
  let etags = new Map();
  const scenarios = [
    {
      name: `article page (${hot.length} hot articles)`,
      on: ['cached', 'cached-no-redis', 'uncached', 'bare'],
      make: (i) => ({ path: hotPath(i) }),
    },
    {
      name: 'article page revalidated (If-None-Match, 304)',
      on: ['cached'],
      make: (i) => ({ path: hotPath(i), headers: { 'if-none-match': etags.get(hotPath(i)) } }),
    },
    {
      name: 'view beacon (a new reader each request)',
      on: ['uncached', 'bare'],
      make: (i) => ({ path: `${hotPath(i)}/view` }),
    },
    {
      name: 'search page (10,000 articles)',
      on: ['uncached', 'bare'],
      make: (i) => ({ path: `${base}/search?q=${words[i % words.length]}` }),
    },
    { name: 'home page', on: ['cached', 'uncached', 'bare'], make: () => ({ path: base }) },
  ];
  try {
    log(`warming the cache with ${hot.length} article pages and the home page…`);
    etags = await warm(servers.cached, [...hot.map((_, n) => hotPath(n)), base]);
    await warm(servers['cached-no-redis'], [...hot.map((_, n) => hotPath(n)), base]);
    const rows = [];
    for (const s of scenarios) {
      const runs = Object.fromEntries(s.on.map((k) => [k, []]));
      // Warm-up, not counted: the JIT and the pools settle, the cache holds the hot set.
      for (const k of s.on)
        await h.load(servers[k], s.make, { connections: CONNECTIONS, duration: WARMUP });
      for (let r = 0; r < RUNS; r++) {
        const order = s.on.map((_, n) => s.on[(n + r) % s.on.length]);
        for (const k of order) runs[k].push(await load(servers[k], s.make));
      }
      const results = {};
      for (const k of s.on) {
        const res = await fetch(servers[k].url + s.make(1).path, {
          headers: { 'user-agent': UA, ...(s.make(1).headers ?? {}) },
        });
        results[k] = { ...h.summarize(runs[k]), bytes: Buffer.byteLength(await res.text()) };
      }
      rows.push({ name: s.name, results });
      log(`${s.name}: done`);
    }
    process.stdout.write(report(rows) + '\n');
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

function report(rows) {
  const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
  const met = (ok) => (ok ? 'met' : 'NOT met');
  const out = [
    `reader-site cached with Redis and without (HC_READER_CACHE_TTL=10m), uncached (HC_READER_CACHE_ENTRIES=0, no Redis) and bare (node:http + mysql2 + the product's repositories and render functions), ${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS} runs`,
    '',
    '| page | server | req/s | p50 / p99 ms | CPU ms/req | SQL statements/req | bytes | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    for (const [k, x] of Object.entries(r.results)) {
      out.push(
        `| ${r.name} | ${k} | ${f(x.rps, 0)} | ${x.p50} / ${x.p99} | ${f(x.cpu, 2)} | ${f(x.queries, 1)} | ${x.bytes} | ${x.failed} |`,
      );
    }
  }
  out.push('', 'Targets (issue #28):');
  for (const r of rows) {
    const { cached, uncached, bare } = r.results;
    const poll = r.results['cached-no-redis'];
    const parts = [];
    if (cached && uncached) {
      const ratio = cached.rps / uncached.rps;
      parts.push(
        `cached ÷ uncached ${f(ratio, 2)}× req/s (target ≥ 5×: ${met(ratio >= 5)}), cached p99 ${cached.p99} ms (target < 50 ms: ${met(cached.p99 < 50)}), a hit ${f(cached.cpu, 2)} ms CPU and ${f(cached.queries, 2)} SQL statements`,
      );
    }
    if (poll && cached)
      parts.push(
        `without Redis a hit costs ${f(poll.cpu, 2)} ms CPU and ${f(poll.queries, 2)} statements (${f(poll.rps, 0)} req/s, p99 ${poll.p99} ms)`,
      );
    if (uncached && bare) {
      const efficiency = bare.cpu / uncached.cpu;
      const bytes = uncached.bytes ? Math.abs(uncached.bytes - bare.bytes) / uncached.bytes : 0;
      parts.push(
        `uncached ÷ bare per CPU ${f(efficiency * 100, 0)} % (target ≥ 50 %: ${met(efficiency >= 0.5)}; uncached ${f(uncached.cpu, 2)} ms, bare ${f(bare.cpu, 2)} ms), same work: ${uncached.bytes} vs ${bare.bytes} bytes (${f(bytes * 100, 1)} % apart, within 5 %: ${met(bytes <= 0.05)}), ${f(uncached.queries, 1)} vs ${f(bare.queries, 1)} statements`,
      );
    }
    if (parts.length) out.push(`- ${r.name}: ${parts.join('; ')}`);
  }
  out.push('', `Machine load average at the start: ${LOAD_AT_START}`, h.loadLine());
  return out.join('\n');
}

h.runMain(main);
