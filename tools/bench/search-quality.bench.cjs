// `npm run bench -- search-quality` (issue 40): how well and how fast search finds help articles.
//
// Quality: the judged collection of search-corpus.cjs (160 articles × en, de, fr = 480 help
// texts, 360 queries in six classes) in one site, seeded with multi-row INSERTs in the shape
// content-api writes. Every engine answers every query (at most 15 matches, spec 4.4); per class
// and language: success@1 and success@3 (the judged article among the first 1 or 3), MRR (1 / its
// rank, 0 when not found) and nDCG@10 (grade 2 for the article, 1 for the other articles of the
// same subject). Engines, in the same run: `today` (the FULLTEXT search as it was before issue 40,
// `fullTextQuery` + MATCH … AGAINST in BOOLEAN MODE) as the baseline, and every engine below it.
//
// Latency: one site of BENCH_SEARCH_ARTICLES (100,000) English articles of the same vocabulary,
// the collection's English queries at one connection, each engine in turn after a warm-up;
// p50/p99 per engine. Target (issue 40): p99 < 50 ms.
//
// Settings: BENCH_SEARCH_ARTICLES (100000), BENCH_RUNS (rounds over the latency queries, 2),
// HC_BENCH_DATABASE_URL (mysql://root@127.0.0.1:3306/hc_bench_search; _quality and _large are
// appended; both dropped at the end).
'use strict';

const path = require('node:path');
const h = require('./harness.cjs');
const { poolFromUrl } = require('./bare-db.cjs');
const { seedSite } = require('./content-seed.cjs');
const corpus = require('./search-corpus.cjs');

const { RUNS, DB_URL, DIST } = h.benchSettings('hc_bench_search', 0, 2);
const LARGE = Number(process.env.BENCH_SEARCH_ARTICLES || 100000);
const MAX = 15; // spec 4.4
const { log } = h;
const dbUrl = (suffix) => DB_URL.replace(/\/([^/?]+)(\?|$)/, `/$1_${suffix}$2`);
const lib = (name, file) => require(path.join(DIST, 'libs', name, 'src', file));

/** Today's search (before issue 40): every usable word required as a prefix, FULLTEXT order. */
function todayEngine() {
  const { fullTextQuery } = lib('content', 'index.js');
  const { SearchPlanner, searchMatch } = lib('data', 'index.js');
  let planner;
  return {
    name: 'today',
    async search(db, siteId, lang, text) {
      planner ??= new SearchPlanner(db);
      const query = fullTextQuery(text);
      if (!query) return [];
      const match = searchMatch(await planner.plan(siteId, lang), query);
      const rows = await db.query(
        `SELECT t.article_id AS id, MATCH(t.title, t.search_text) AGAINST (? IN BOOLEAN MODE) AS score
         FROM article_translations t JOIN articles a ON a.id = t.article_id
         WHERE t.site_id = ? AND t.lang = ? AND t.released = 1 ${match.where}
           AND a.site_id = ? AND a.published = 1 AND a.visibility = 'public' AND a.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM article_categories ac JOIN categories c ON c.id = ac.category_id
             WHERE ac.article_id = a.id AND c.privacy <> 'public')
         ${match.having}
         ORDER BY score DESC, a.updated_at DESC, a.id DESC LIMIT ?`,
        [query, siteId, lang, ...match.whereParams, siteId, MAX],
      );
      return rows.map((r) => Number(r.id));
    },
  };
}

/** Issue 40's search: the term index (`ArticleSearch` of libs/data), built as the writes build it. */
function forgivingEngine() {
  const data = lib('data', 'index.js');
  let search;
  return {
    name: 'forgiving',
    async prepare(db, site, synonyms) {
      // The index of every stored translation, built as the migration builds it (one pass,
      // multi-row INSERTs), into the empty table in one transaction without unique and foreign
      // key checks: MariaDB then loads it in bulk, sorted, as a dump reload does.
      const conn = await db.pool.getConnection();
      try {
        await conn.query('SET unique_checks = 0, foreign_key_checks = 0');
        await conn.query('START TRANSACTION');
        await data.reindexTranslations(
          { query: async (sql, params) => (await conn.query(sql, params))[0] },
          { fresh: true },
        );
        await conn.query('COMMIT');
        await conn.query('SET unique_checks = 1, foreign_key_checks = 1');
        await conn.query('ANALYZE TABLE search_terms, search_vocabulary');
      } finally {
        conn.release();
      }
      for (const [lang, groups] of Object.entries(synonyms)) {
        await data.writeSynonyms(db, site.siteId, lang, groups);
      }
      search = new data.ArticleSearch(db);
    },
    async search(db, siteId, lang, text) {
      const r = await search.search(siteId, { text, lang, requireEnglish: false, max: MAX });
      return r.ids;
    },
  };
}

/** The engines measured, the baseline first. */
function engines() {
  return [todayEngine(), forgivingEngine()];
}

/** A mysql2 pool as the `query(sql, params)` the product's repositories call (rows only). */
function queryable(pool) {
  return {
    query: async (sql, params) => (await pool.query(sql, params))[0],
    pool,
  };
}

/**
 * Inserts `articles` (each {translations: {lang: {title, html, text}}}) into the site, 1,000 at
 * a time in multi-row INSERTs; returns their ids in order.
 */
async function insertArticles(conn, site, articles, catId) {
  const ids = [];
  const now = Date.now();
  for (let start = 0; start < articles.length; start += 1000) {
    const part = articles.slice(start, start + 1000);
    const at = (i) => new Date(now - (start + i) * 1000);
    const [res] = await conn.query(
      `INSERT INTO articles (site_id, author_id, category_id, published, shared_with, created_at, updated_at) VALUES ?`,
      [part.map((_, i) => [site.siteId, site.userId, catId, 1, '[]', at(i), at(i)])],
    );
    const first = res.insertId;
    const tr = [];
    part.forEach((a, i) => {
      for (const [lang, t] of Object.entries(a.translations)) {
        tr.push([first + i, lang, site.siteId, t.title, `a-${start + i}-${lang}`, 0, t.html]);
        tr[tr.length - 1].push(t.text, 1, at(i), at(i));
      }
    });
    await conn.query(
      `INSERT INTO article_translations (article_id, lang, site_id, title, slug, has_custom_slug, content, search_text,
         released, created_at, updated_at) VALUES ?`,
      [tr],
    );
    await conn.query(
      'INSERT INTO article_categories (article_id, category_id, site_id, sort) VALUES ?',
      [part.map((_, i) => [first + i, catId, site.siteId, 0])],
    );
    await conn.query('INSERT INTO article_stats (article_id, site_id, views) VALUES ?', [
      part.map((_, i) => [first + i, site.siteId, (start + i) % 997]),
    ]);
    part.forEach((_, i) => ids.push(first + i));
  }
  return ids;
}

/** A fresh database with one site in `languages` holding `articles`. */
async function seed(name, languages, articles) {
  const url = dbUrl(name);
  const conn = await h.freshDatabase(url);
  const t0 = Date.now();
  const site = await seedSite(conn, { name, articles: 0, keys: 0, categories: 1 });
  await conn.query('UPDATE sites SET languages = ? WHERE id = ?', [
    JSON.stringify(languages),
    site.siteId,
  ]);
  const [[cat]] = await conn.query('SELECT id FROM categories WHERE site_id = ?', [site.siteId]);
  const ids = await insertArticles(conn, site, articles, cat.id);
  await conn.query('ANALYZE TABLE articles, article_translations, article_categories');
  await conn.end();
  log(`${name}: ${articles.length} articles seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { url, site, ids };
}

/** success@1, success@3, MRR and nDCG@10 of one ranked answer against a judged query. */
function judge(ranked, q) {
  const at = ranked.indexOf(q.target);
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => {
    dcg += ((q.grades.get(id) ?? 0) > 0 ? 2 ** q.grades.get(id) - 1 : 0) / Math.log2(i + 2);
  });
  const ideal = [...q.grades.values()].sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  return {
    s1: at === 0 ? 1 : 0,
    s3: at >= 0 && at < 3 ? 1 : 0,
    rr: at >= 0 ? 1 / (at + 1) : 0,
    ndcg: idcg ? dcg / idcg : 0,
  };
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function quality(all) {
  const articles = corpus.collection();
  const qs = corpus.queries(articles);
  const db = await seed('quality', corpus.LANGS, articles);
  const pool = poolFromUrl(db.url);
  const conn = queryable(pool);
  const byIndex = new Map(db.ids.map((id, i) => [id, i]));
  const rows = [];
  try {
    for (const engine of all) {
      if (engine.prepare) await engine.prepare(conn, db.site, corpus.synonyms());
      const scores = [];
      for (const q of qs) {
        const ids = await engine.search(conn, db.site.siteId, q.lang, q.text);
        scores.push({
          q,
          ...judge(
            ids.map((id) => byIndex.get(id)),
            q,
          ),
        });
      }
      const groups = new Map();
      for (const s of scores) {
        for (const key of [s.q.cls, `${s.q.cls} ${s.q.lang}`, 'all']) {
          if (!groups.has(key)) groups.set(key, []);
          groups.get(key).push(s);
        }
      }
      for (const [key, list] of groups) {
        rows.push({
          engine: engine.name,
          key,
          n: list.length,
          s1: mean(list.map((s) => s.s1)),
          s3: mean(list.map((s) => s.s3)),
          mrr: mean(list.map((s) => s.rr)),
          ndcg: mean(list.map((s) => s.ndcg)),
        });
      }
    }
  } finally {
    await pool.end();
    await h.dropDatabase(db.url);
  }
  return rows;
}

async function latency(all) {
  const articles = [];
  for (let i = 0; i < LARGE; i++) articles.push({ translations: { en: corpus.largeArticle(i) } });
  const db = await seed('large', ['en'], articles);
  const pool = poolFromUrl(db.url);
  const conn = queryable(pool);
  const qs = corpus.queries(corpus.collection()).filter((q) => q.lang === 'en');
  const out = [];
  try {
    for (const engine of all) {
      if (engine.prepare) {
        const t0 = Date.now();
        await engine.prepare(conn, db.site, { en: corpus.synonyms().en });
        log(`${engine.name}: prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
      for (const q of qs.slice(0, 20)) await engine.search(conn, db.site.siteId, 'en', q.text);
      const times = [];
      for (let run = 0; run < RUNS; run++) {
        for (const q of qs) {
          const t = process.hrtime.bigint();
          await engine.search(conn, db.site.siteId, 'en', q.text);
          times.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
      }
      out.push({ engine: engine.name, n: times.length, p50: pct(times, 50), p99: pct(times, 99) });
    }
  } finally {
    await pool.end();
    await h.dropDatabase(db.url);
  }
  return out;
}

const f2 = (n) => n.toFixed(2);

async function main() {
  const all = engines();
  const q = await quality(all);
  const keys = [...new Set(q.map((r) => r.key))].sort((a, b) =>
    a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b),
  );
  console.log(
    `\nQuality (${corpus.collection().length} articles × ${corpus.LANGS.join(', ')}; at most ${MAX} matches)\n`,
  );
  console.log('| class | queries | engine | success@1 | success@3 | MRR | nDCG@10 |');
  console.log('| ----- | ------: | ------ | --------: | --------: | --: | ------: |');
  for (const key of keys) {
    for (const r of q.filter((x) => x.key === key)) {
      console.log(
        `| ${key} | ${r.n} | ${r.engine} | ${f2(r.s1)} | ${f2(r.s3)} | ${f2(r.mrr)} | ${f2(r.ndcg)} |`,
      );
    }
  }
  const l = await latency(all);
  console.log(`\nLatency (one site of ${LARGE.toLocaleString('en')} articles, one connection)\n`);
  console.log('| engine | searches | p50 ms | p99 ms |');
  console.log('| ------ | -------: | -----: | -----: |');
  for (const r of l) console.log(`| ${r.engine} | ${r.n} | ${f2(r.p50)} | ${f2(r.p99)} |`);
  console.log(`\n${h.loadLine()}`);
}

if (require.main === module) h.runMain(main);
module.exports = { seed, insertArticles, queryable, engines };
