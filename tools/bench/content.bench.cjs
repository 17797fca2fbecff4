// `npm run bench -- content` (issue #3): content-api against a bare node:http + mysql2 server
// doing the same queries, in the same run. For each scenario: req/s, p50/p99 latency at 32
// connections and server CPU time per request (utime+stime from /proc), median of three runs
// alternating the two servers; then the export walk at 1k / 10k / 100k articles.
//
// Then POST /articles with the audit log's recording on and off (issue 24): a second content-api
// of the same build with recording turned off (tools/bench/audit-off.cjs), alternating runs.
//
// Settings: BENCH_DURATION seconds per run (default 5), BENCH_RUNS (3), BENCH_EXPORT_MAX
// (100000; the largest export size), HC_BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/hc_bench_content),
// BENCH_CONTENT_ONLY=audit (only the recording comparison: no read seeding, scenarios or walk).
'use strict';

const path = require('node:path');
const h = require('./harness.cjs');
const mysql = require('mysql2/promise');
const { seedSite, VOCAB } = require('./content-seed.cjs');

const { DURATION, RUNS, DB_URL } = h.benchSettings('hc_bench_content', 5, 3);
const EXPORT_MAX = Number(process.env.BENCH_EXPORT_MAX || 100000);
// The export sizes live in a database of their own: InnoDB FULLTEXT indexes are table-wide, so
// 111,000 more articles would change what "search at 10,000 articles" measures.
const EXPORT_DB_URL = DB_URL.replace(/\/([^/]+)$/, '/$1_export');
const CONNECTIONS = 32;
const AUDIT_ONLY = process.env.BENCH_CONTENT_ONLY === 'audit';
/** Issue 24: the cost of recording may be at most this share of a create's server CPU. */
const AUDIT_MAX_COST = 0.1;

const { TICK, log, cpuTicks, median, summarize } = h;
const SERVERS = {
  app: 'content-api',
  portVar: 'HC_CONTENT_API_PORT',
  bare: path.join(__dirname, 'content-bare-server.cjs'),
};
const startServer = (kind, dbUrl = DB_URL) => h.startServer(kind, { ...SERVERS, dbUrl });
const load = (server, make, connections = CONNECTIONS, duration = DURATION) =>
  h.load(server, make, { connections, duration });

async function main() {
  if (AUDIT_ONLY) {
    log('seeding a writes site…');
    const conn = await h.freshDatabase(DB_URL);
    const writes = await seedSite(conn, { name: 'writes', articles: 0, keys: 4000 });
    await conn.end();
    await auditCost(writes);
    return;
  }
  log('seeding 10,000 articles (reads), a writes site, and the export sizes…');
  let t0 = Date.now();
  const conn = await h.freshDatabase(DB_URL);
  const reads = await seedSite(conn, { name: 'reads', articles: 10000, keys: 4000 });
  const writes = await seedSite(conn, { name: 'writes', articles: 0, keys: 4000 });
  await conn.query(
    'ANALYZE TABLE articles, article_translations, article_categories, article_stats',
  );
  await conn.end();
  const sizes = [1000, 10000, EXPORT_MAX].filter((n, i, a) => a.indexOf(n) === i && n > 0);
  const exportConn = await h.freshDatabase(EXPORT_DB_URL);
  const exportSites = {};
  for (const n of sizes) {
    exportSites[n] = await seedSite(exportConn, { name: `export${n}`, articles: n, keys: 50 });
  }
  await exportConn.query(
    'ANALYZE TABLE articles, article_translations, article_categories, article_stats',
  );
  await exportConn.end();
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // Rotate keys (per-credential limits are 300 requests / 120 writes a minute) and client
  // addresses (per-IP limits of bulk and export; X-Forwarded-For is believed from loopback).
  const pick = (tokens, i) => tokens[i % tokens.length];
  const ip = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const ids = reads.articleIds;
  const words = [VOCAB[17], VOCAB[250], VOCAB[1000], VOCAB[1500], VOCAB[1999]];
  let seq = 0;
  const article = () => ({
    title: { en: `Bench article ${process.pid}-${seq++}` },
    content: { en: '<p>Benchmark body text with a few words.</p><p>Second paragraph.</p>' },
  });

  const scenarios = [
    {
      name: 'GET /articles/{id}',
      make: (i) => ({
        method: 'GET',
        path: `/v1/articles/${ids[(i * 7919) % ids.length]}`,
        headers: { apikey: pick(reads.tokens, i) },
      }),
    },
    {
      name: 'GET /articles (page of 100)',
      make: (i) => ({
        method: 'GET',
        path: `/v1/articles?limit=100&page=${(i % 100) + 1}`,
        headers: { apikey: pick(reads.tokens, i) },
      }),
    },
    {
      name: 'search (10,000 articles)',
      make: (i) => ({
        method: 'GET',
        path: `/v1/articles?search=${words[i % words.length]}`,
        headers: { apikey: pick(reads.tokens, i) },
      }),
    },
    {
      name: 'search (10,000 articles), 1 connection',
      connections: 1,
      make: (i) => ({
        method: 'GET',
        path: `/v1/articles?search=${words[i % words.length]}`,
        headers: { apikey: pick(reads.tokens, i) },
      }),
    },
    {
      name: 'GET /export (page of 100)',
      make: (i) => ({
        method: 'GET',
        path: `/v1/export?limit=100&cursor=${ids[(i * 97) % (ids.length - 100)]}`,
        headers: { apikey: pick(reads.tokens, i), 'x-forwarded-for': ip(i) },
      }),
    },
    {
      name: 'POST /articles',
      make: (i) => ({
        method: 'POST',
        path: '/v1/articles',
        headers: { apikey: pick(writes.tokens, i), 'content-type': 'application/json' },
        body: JSON.stringify(article()),
      }),
    },
    {
      name: 'POST /articles/bulk (50)',
      // One bulk of 50 takes about 50 single creates; run long enough for many to finish.
      duration: Math.max(DURATION, 20),
      make: (i) => ({
        method: 'POST',
        path: '/v1/articles/bulk',
        headers: {
          apikey: pick(writes.tokens, i),
          'content-type': 'application/json',
          'x-forwarded-for': ip(i),
        },
        body: JSON.stringify({ articles: Array.from({ length: 50 }, article) }),
      }),
    },
  ];

  const nest = await startServer('nest');
  const bare = await startServer('bare');
  const stops = [nest, bare];
  const rows = [];
  try {
    for (const s of scenarios) {
      const runs = { nest: [], bare: [] };
      for (let r = 0; r < RUNS; r++) {
        for (const server of r % 2 ? [bare, nest] : [nest, bare])
          runs[server.kind].push(await load(server, s.make, s.connections, s.duration));
      }
      const row = { name: s.name, nest: summarize(runs.nest), bare: summarize(runs.bare) };
      rows.push(row);
      log(`${s.name}: done`);
    }

    const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
    const out = [];
    out.push(
      `content-api vs bare node:http + mysql2, ${CONNECTIONS} connections unless stated, ${DURATION} s per run, median of ${RUNS} runs`,
    );
    out.push('');
    out.push(
      '| scenario | req/s nest | req/s bare | ratio | p50 / p99 ms nest | p50 / p99 ms bare | CPU ms/req nest | CPU ms/req bare | CPU ratio (bare/nest) | failed |',
    );
    out.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      out.push(
        `| ${r.name} | ${f(r.nest.rps, 0)} | ${f(r.bare.rps, 0)} | ${f((100 * r.nest.rps) / r.bare.rps, 0)} % | ${r.nest.p50} / ${r.nest.p99} | ${r.bare.p50} / ${r.bare.p99} | ${f(r.nest.cpu, 2)} | ${f(r.bare.cpu, 2)} | ${f((100 * r.bare.cpu) / r.nest.cpu, 0)} % | ${r.nest.failed}/${r.bare.failed} |`,
      );
    }
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;

    // Export walk: every page with limit=200 from cursor 0, wall time and server CPU.
    await nest.stop();
    await bare.stop();
    const exportNest = await startServer('nest', EXPORT_DB_URL);
    const exportBare = await startServer('bare', EXPORT_DB_URL);
    stops.push(exportNest, exportBare);
    const walks = [];
    for (const n of sizes) {
      const site = exportSites[n];
      const res = { n };
      for (const server of [exportNest, exportBare]) {
        const times = [];
        const cpus = [];
        for (let r = 0; r < RUNS; r++) {
          const before = cpuTicks(server.child.pid);
          const start = process.hrtime.bigint();
          let cursor = 0;
          let pages = 0;
          let count = 0;
          for (;;) {
            const resp = await fetch(`${server.url}/v1/export?limit=200&cursor=${cursor}`, {
              headers: {
                apikey: site.tokens[(pages + r * 7) % site.tokens.length],
                'x-forwarded-for': ip(pages + r * 100000 + n),
              },
            });
            if (resp.status !== 200)
              throw new Error(`export walk: ${resp.status} ${await resp.text()}`);
            const body = await resp.json();
            count += body.articles.length;
            pages += 1;
            if (!body.cursor.has_more) break;
            cursor = body.cursor.next;
          }
          if (count !== n) throw new Error(`export walk saw ${count} of ${n}`);
          times.push(Number(process.hrtime.bigint() - start) / 1e6);
          cpus.push(((cpuTicks(server.child.pid) - before) * 1000) / TICK);
        }
        res[server.kind] = { ms: median(times), cpuMs: median(cpus) };
      }
      walks.push(res);
      log(`export walk ${n}: done`);
    }

    out.push('');
    out.push('Export walk (limit=200, sequential):');
    out.push('');
    out.push(
      '| articles | wall ms nest | wall ms bare | server CPU ms nest | server CPU ms bare | CPU ms per 1k articles nest |',
    );
    out.push('|---|---|---|---|---|---|');
    for (const w of walks) {
      out.push(
        `| ${w.n} | ${f(w.nest.ms, 0)} | ${f(w.bare.ms, 0)} | ${f(w.nest.cpuMs, 0)} | ${f(w.bare.cpuMs, 0)} | ${f((w.nest.cpuMs * 1000) / w.n, 0)} |`,
      );
    }
    process.stdout.write(out.join('\n') + '\n');
  } finally {
    for (const server of stops) await server.stop();
  }
  await auditCost(writes);
}

let articleSeq = 0;
/** A POST /articles request with a rotated key (120 writes a minute per credential). */
const createArticle = (writes) => (i) => ({
  method: 'POST',
  path: '/v1/articles',
  headers: { apikey: writes.tokens[i % writes.tokens.length], 'content-type': 'application/json' },
  body: JSON.stringify({
    title: { en: `Audit bench ${process.pid}-${articleSeq++}` },
    content: { en: '<p>Benchmark body text with a few words.</p><p>Second paragraph.</p>' },
  }),
});

/**
 * Issue 24: POST /articles on two servers of the same build against the same database, one
 * recording audit entries (the product) and one with recording off, alternating runs. Checks
 * that each did what it says (entries written or not) and prints the cost in CPU per request.
 */
async function auditCost(writes) {
  const db = await mysql.createConnection({ uri: DB_URL, timezone: 'Z' });
  // Counted in the database: a request still in flight when a run ends is written but not counted
  // by the load generator.
  const count = async (event) =>
    Number((await db.query('SELECT COUNT(*) AS n FROM outbox WHERE event = ?', [event]))[0][0].n);
  const counts = async () => ({
    entries: await count('audit.recorded'),
    created: await count('article.created'),
  });
  const on = await startServer('nest');
  const off = await h.startServer('nest', {
    ...SERVERS,
    dbUrl: DB_URL,
    nodeArgs: ['-r', path.join(__dirname, 'audit-off.cjs')],
  });
  const runs = { on: [], off: [] };
  const written = { on: 0, off: 0 };
  const created = { on: 0, off: 0 };
  try {
    for (let r = 0; r < RUNS; r++) {
      for (const [name, server] of r % 2
        ? [
            ['off', off],
            ['on', on],
          ]
        : [
            ['on', on],
            ['off', off],
          ]) {
        const before = await counts();
        runs[name].push(await load(server, createArticle(writes)));
        const after = await counts();
        written[name] += after.entries - before.entries;
        created[name] += after.created - before.created;
      }
    }
  } finally {
    await on.stop();
    await off.stop();
    await db.end();
  }
  const a = summarize(runs.on);
  const b = summarize(runs.off);
  if (written.off !== 0 || created.off === 0) {
    throw new Error(`recording off wrote ${written.off} entries for ${created.off} creates`);
  }
  if (written.on !== created.on) {
    throw new Error(`recording on wrote ${written.on} entries for ${created.on} creates`);
  }
  const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
  const cost = (a.cpu - b.cpu) / b.cpu;
  process.stdout.write(
    [
      '',
      `POST /articles with audit recording on and off (issue 24), ${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS} runs`,
      '',
      '| recording | req/s | p50 / p99 ms | CPU ms/req | creates | audit entries written | failed |',
      '|---|---|---|---|---|---|---|',
      `| on | ${f(a.rps, 0)} | ${a.p50} / ${a.p99} | ${f(a.cpu, 2)} | ${created.on} | ${written.on} | ${a.failed} |`,
      `| off | ${f(b.rps, 0)} | ${b.p50} / ${b.p99} | ${f(b.cpu, 2)} | ${created.off} | ${written.off} | ${b.failed} |`,
      '',
      `cost of recording: ${f(100 * cost)} % CPU per create (${f(100 * (1 - a.rps / b.rps))} % req/s); target at most ${100 * AUDIT_MAX_COST} %: ${cost <= AUDIT_MAX_COST ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack || err}\n`);
    process.exit(1);
  },
);
