// `npm run bench -- reader` (issue #10): reader-site pages against a bare node:http + mysql2
// server running the same queries (reader-bare-server.cjs), in the same run. For each page:
// req/s, p50/p99 latency at 32 connections, server CPU time per request and page bytes,
// median of three runs alternating the two servers. 10,000 articles; every article view is a
// new reader, so each one writes its view row and counter like a real first visit.
//
// Settings: BENCH_DURATION seconds per run (default 5), BENCH_RUNS (3),
// HC_BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/hc_bench_reader).
'use strict';

const path = require('node:path');
const h = require('./harness.cjs');
const mysql = require('mysql2/promise');
const { testDatabaseUrl } = require('../../libs/testing/src/jest/test-env.cjs');
const { seedSite, VOCAB } = require('./content-seed.cjs');

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const DURATION = Number(process.env.BENCH_DURATION || 5);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const DB_URL = process.env.HC_BENCH_DATABASE_URL || testDatabaseUrl('hc_bench_reader');
const CONNECTIONS = 32;
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let visitor = 0;
const { log } = h;
const SERVERS = {
  app: 'reader-site',
  portVar: 'HC_READER_SITE_PORT',
  bare: path.join(__dirname, 'reader-bare-server.cjs'),
};
const startServer = (kind) => h.startServer(kind, { ...SERVERS, dbUrl: DB_URL });
/** A new reader each request (cookie for reader-site; the bare server hashes it too). */
const load = (server, make) =>
  h.load(
    server,
    (i) => {
      const id = (++visitor).toString(16).padStart(32, '0');
      return { ...make(i), headers: { 'user-agent': UA, cookie: `hc_vid=${id}` } };
    },
    { connections: CONNECTIONS, duration: DURATION },
  );

async function main() {
  const { migrateDatabase } = require(path.join(DIST, 'libs/data/src/data-source.js'));
  const u = new URL(DB_URL);
  const admin = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
  });
  await admin.query(`DROP DATABASE IF EXISTS \`${u.pathname.slice(1)}\``);
  await admin.end();
  await migrateDatabase(DB_URL);
  const conn = await mysql.createConnection({
    uri: DB_URL,
    timezone: 'Z',
    charset: 'utf8mb4_unicode_ci',
  });
  log('seeding 10,000 articles…');
  const seeded = await seedSite(conn, { name: 'reader', articles: 10000, keys: 1 });
  await conn.query(
    'ANALYZE TABLE articles, article_translations, article_categories, article_stats',
  );
  const [[{ subdomain }]] = await conn.query('SELECT subdomain FROM sites WHERE id = ?', [
    seeded.siteId,
  ]);
  const [published] = await conn.query(
    'SELECT id FROM articles WHERE site_id = ? AND published = 1',
    [seeded.siteId],
  );
  await conn.end();
  const ids = published.map((r) => r.id);
  const words = [VOCAB[17], VOCAB[250], VOCAB[1000], VOCAB[1500], VOCAB[1999]];
  const base = `/hc/${subdomain}`;
  const scenarios = [
    {
      name: 'article page (first view of a reader)',
      make: (i) => ({ path: `${base}/articles/${ids[(i * 7919) % ids.length]}` }),
    },
    {
      name: 'search page (10,000 articles)',
      make: (i) => ({ path: `${base}/search?q=${words[i % words.length]}` }),
    },
    { name: 'home page', make: () => ({ path: base }) },
  ];
  const nest = await startServer('nest');
  const bare = await startServer('bare');
  try {
    const rows = [];
    for (const s of scenarios) {
      const runs = { nest: [], bare: [] };
      for (let r = 0; r < RUNS; r++) {
        for (const server of r % 2 ? [bare, nest] : [nest, bare])
          runs[server.kind].push(await load(server, s.make));
      }
      const bytes = {};
      for (const server of [nest, bare]) {
        bytes[server.kind] = Buffer.byteLength(
          await (
            await fetch(server.url + s.make(1).path, { headers: { 'user-agent': UA } })
          ).text(),
        );
      }
      rows.push({
        name: s.name,
        nest: h.summarize(runs.nest),
        bare: h.summarize(runs.bare),
        bytes,
      });
      log(`${s.name}: done`);
    }
    const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
    const out = [
      `reader-site vs bare node:http + mysql2, ${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS} runs`,
      '',
      '| page | req/s nest | req/s bare | ratio | p50 / p99 ms nest | p50 / p99 ms bare | CPU ms/req nest | CPU ms/req bare | bytes nest | bytes bare | failed |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    for (const r of rows) {
      out.push(
        `| ${r.name} | ${f(r.nest.rps, 0)} | ${f(r.bare.rps, 0)} | ${f(r.nest.rps / r.bare.rps, 2)} | ${r.nest.p50} / ${r.nest.p99} | ${r.bare.p50} / ${r.bare.p99} | ${f(r.nest.cpu, 2)} | ${f(r.bare.cpu, 2)} | ${r.bytes.nest} | ${r.bytes.bare} | ${r.nest.failed + r.bare.failed} |`,
      );
    }
    process.stdout.write(out.join('\n') + '\n');
  } finally {
    for (const server of [nest, bare]) await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.stack || err}\n`);
    process.exit(1);
  },
);
