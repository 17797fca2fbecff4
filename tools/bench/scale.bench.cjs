// `npm run bench -- scale` (issue #28): how the cost of search and of the article list grows with
// the data. Three databases, seeded directly in SQL (batch INSERTs in the shape content-api
// writes, content-seed.cjs), each served by its own built reader-site (page cache off,
// HC_READER_CACHE_ENTRIES=0, so every page is rendered) and content-api:
//  - small: one site of 1,000 articles (the baseline of the growth column);
//  - big: one site of 100,000 articles;
//  - many: 1,000 sites of 100 articles each (requests rotate over the sites).
// For each page and database: req/s and p50/p99 at 8 connections, server CPU ms and SQL
// statements per request, the request's latency alone (p50 at 1 connection, where the database's
// share shows: latency minus CPU is time spent waiting, mostly on MySQL), and the growth of CPU
// and latency against the small database, measured in the same run (runs rotate the databases).
//
// Settings: BENCH_DURATION seconds per run (default 4), BENCH_RUNS (2), BENCH_SCALE_BIG (100000),
// BENCH_SCALE_SITES (1000), HC_BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/hc_bench_scale;
// _small, _big and _many are appended; all dropped at the end).
'use strict';

const h = require('./harness.cjs');
const { seedSite, SEARCH_WORDS } = require('./content-seed.cjs');

const { DURATION, RUNS, DB_URL } = h.benchSettings('hc_bench_scale', 4, 2);
const BIG = Number(process.env.BENCH_SCALE_BIG || 100000);
const SITES = Number(process.env.BENCH_SCALE_SITES || 1000);
const CONNECTIONS = 8;
const UA = h.BROWSER_UA;
const { log } = h;
const WORDS = SEARCH_WORDS;

const dbUrl = (suffix) => DB_URL.replace(/\/([^/?]+)(\?|$)/, `/$1_${suffix}$2`);

/** A fresh database with `sites` sites of `articles` articles; each site's paths and key. */
async function seed(name, sites, articles, categories) {
  const url = dbUrl(name);
  const conn = await h.freshDatabase(url);
  const t0 = Date.now();
  const seeded = [];
  // Keys: the per-credential limit is 300 requests a minute; a single site rotates many.
  const keys = sites === 1 ? 400 : 1;
  for (let s = 0; s < sites; s++) {
    const site = await seedSite(conn, { name: `${name}${s}`, articles, keys, categories });
    const [[{ subdomain }]] = await conn.query('SELECT subdomain FROM sites WHERE id = ?', [
      site.siteId,
    ]);
    const [cats] = await conn.query('SELECT id FROM categories WHERE site_id = ? ORDER BY id', [
      site.siteId,
    ]);
    seeded.push({
      base: `/hc/${subdomain}`,
      tokens: site.tokens,
      categories: cats.map((c) => c.id),
    });
  }
  await conn.query(
    'ANALYZE TABLE articles, article_translations, article_categories, article_stats',
  );
  await conn.end();
  log(
    `${name}: ${sites} site(s) × ${articles} articles seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  return {
    name,
    url,
    sites: seeded,
    articles: sites * articles,
    pages: Math.max(1, Math.min(100, Math.floor(articles / 100))),
  };
}

const site = (db, i) => db.sites[i % db.sites.length];

const SCENARIOS = [
  {
    name: 'reader search page',
    app: 'reader',
    make: (db, i) => ({ path: `${site(db, i).base}/search?q=${WORDS[i % WORDS.length]}` }),
  },
  {
    name: 'reader category page (article list, up to 200)',
    app: 'reader',
    make: (db, i) => {
      const s = site(db, i);
      return { path: `${s.base}/categories/${s.categories[i % s.categories.length]}` };
    },
  },
  {
    name: 'content-api GET /articles?search=',
    app: 'api',
    make: (db, i) => ({
      path: `/v1/articles?search=${WORDS[i % WORDS.length]}`,
      headers: {
        apikey: site(db, i).tokens[Math.floor(i / db.sites.length) % site(db, i).tokens.length],
      },
    }),
  },
  {
    name: 'content-api GET /articles (page of 100)',
    app: 'api',
    make: (db, i) => ({
      path: `/v1/articles?limit=100&page=${(i % db.pages) + 1}`,
      headers: {
        apikey: site(db, i).tokens[Math.floor(i / db.sites.length) % site(db, i).tokens.length],
      },
    }),
  },
];

async function main() {
  const dbs = [
    // 5 categories: 200 articles in each, as many as a category page lists.
    await seed('small', 1, 1000, 5),
    await seed('big', 1, BIG, 20),
    await seed('many', SITES, 100, 1),
  ];
  const servers = {};
  for (const db of dbs) {
    servers[`reader ${db.name}`] = await h.startServer('nest', {
      app: 'reader-site',
      portVar: 'HC_READER_SITE_PORT',
      dbUrl: db.url,
      label: `reader ${db.name}`,
      env: { HC_READER_CACHE_ENTRIES: '0' },
    });
    servers[`api ${db.name}`] = await h.startServer('nest', {
      app: 'content-api',
      portVar: 'HC_CONTENT_API_PORT',
      dbUrl: db.url,
      label: `api ${db.name}`,
    });
  }
  const rows = [];
  try {
    for (const s of SCENARIOS) {
      const runs = Object.fromEntries(dbs.map((d) => [d.name, { load: [], alone: [] }]));
      // Warm-up, not counted: the JIT and the pools settle.
      for (const db of dbs)
        await h.load(
          servers[`${s.app} ${db.name}`],
          (i) => ({
            ...s.make(db, i),
            headers: { 'user-agent': UA, ...(s.make(db, i).headers ?? {}) },
          }),
          { connections: CONNECTIONS, duration: 2 },
        );
      for (let r = 0; r < RUNS; r++) {
        for (let n = 0; n < dbs.length; n++) {
          const db = dbs[(n + r) % dbs.length];
          const server = servers[`${s.app} ${db.name}`];
          const make = (i) => {
            const req = s.make(db, i);
            return { ...req, headers: { 'user-agent': UA, ...(req.headers ?? {}) } };
          };
          runs[db.name].load.push(
            await h.load(server, make, { connections: CONNECTIONS, duration: DURATION }),
          );
          runs[db.name].alone.push(
            await h.load(server, make, { connections: 1, duration: Math.max(2, DURATION / 2) }),
          );
        }
      }
      const result = {};
      for (const db of dbs) {
        const load = h.summarize(runs[db.name].load);
        const alone = h.summarize(runs[db.name].alone);
        const res = await fetch(servers[`${s.app} ${db.name}`].url + s.make(db, 1).path, {
          headers: { 'user-agent': UA, ...(s.make(db, 1).headers ?? {}) },
        });
        result[db.name] = {
          load,
          alone,
          bytes: Buffer.byteLength(await res.text()),
          status: res.status,
        };
      }
      rows.push({ name: s.name, result });
      log(`${s.name}: done`);
    }
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    for (const db of dbs) await h.dropDatabase(db.url);
  }
  process.stdout.write(report(rows, dbs) + '\n');
}

function report(rows, dbs) {
  const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
  const label = {
    small: `1 site × ${dbs[0].articles.toLocaleString('en-US')}`,
    big: `1 site × ${dbs[1].articles.toLocaleString('en-US')}`,
    many: `${dbs[2].sites.length.toLocaleString('en-US')} sites × 100`,
  };
  const out = [
    `Scale: built reader-site (page cache off) and content-api per database, ${CONNECTIONS} connections (and 1 for "alone"), ${DURATION} s per run, median of ${RUNS} runs; growth is against the small database in the same run`,
    '',
    '| request | articles | req/s | p50 / p99 ms | CPU ms/req | SQL/req | alone p50 ms | alone p50 − CPU ms | CPU growth | alone growth | bytes | failed |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const small = r.result.small;
    for (const db of dbs) {
      const x = r.result[db.name];
      out.push(
        `| ${r.name} | ${label[db.name]} | ${f(x.load.rps, 0)} | ${x.load.p50} / ${x.load.p99} | ${f(x.load.cpu, 2)} | ${f(x.load.queries, 1)} | ${x.alone.p50} | ${f(x.alone.p50 - x.alone.cpu, 1)} | ${f(x.load.cpu / small.load.cpu, 2)}× | ${f(x.alone.p50 / small.alone.p50, 2)}× | ${x.bytes}${x.status === 200 ? '' : ` (${x.status})`} | ${x.load.failed + x.alone.failed} |`,
      );
    }
  }
  out.push('', h.loadLine());
  return out.join('\n');
}

h.runMain(main);
