// The baseline of the reader benchmark (issue #28 item 1): the same pages as reader-site, the
// same work, without the framework. node:http and a mysql2 pool run the product's own
// repositories (the built SiteRepository, ContentRepository and DesignRepository, so the very
// statements reader-site sends, and its rows turned into the same shapes), the product's pure
// page assembly and rendering (`composePage`, `articlePageParts`, `mayRead`, the render
// functions) and its activity buffer for views and searches, all from dist (`npm run build`).
// What it leaves out is what the comparison measures: Nest, Express and its middleware
// (security headers, guards), TypeORM, and the page cache.
// Not a product; measurement only.
'use strict';

const http = require('node:http');
const path = require('node:path');
const { createHash, randomBytes } = require('node:crypto');
const { poolFromUrl } = require('./bare-db.cjs');

const DIST = path.resolve(__dirname, '../../dist');
const app = (file) => require(path.join(DIST, 'apps/reader-site/src', file));
const { SiteRepository } = app('site/site.repository.js');
const { ContentRepository } = app('pages/content.repository.js');
const { DesignRepository } = app('pages/design.repository.js');
const { ActivityRepository } = app('activity/activity.repository.js');
const { withLanguage, refId } = app('pages/reader-request.js');
const { mayRead } = app('pages/may-read.js');
const { articlePageParts } = app('pages/article-page.service.js');
const { SEARCH_MAX } = app('pages/listing-pages.service.js');
const { composePage, pageData, pageLanguage } = app('render/reader-page.js');
const { ActivityBuffer } = require(path.join(DIST, 'libs/data/src'));
const { fullTextQuery } = require(path.join(DIST, 'libs/content/src'));

const pool = poolFromUrl(process.env.HC_DATABASE_URL);
/** What the repositories need of a DataSource: `query` (rows), a transaction, the database name. */
const db = {
  options: { database: new URL(process.env.HC_DATABASE_URL).pathname.slice(1) },
  query: async (sql, params) => (await pool.query(sql, params))[0],
  async transaction(work) {
    const conn = await pool.getConnection();
    try {
      await conn.beginTransaction();
      const result = await work({
        query: async (sql, params) => (await conn.query(sql, params))[0],
      });
      await conn.commit();
      return result;
    } catch (err) {
      await conn.rollback().catch(() => undefined);
      throw err;
    } finally {
      conn.release();
    }
  },
};
const sites = new SiteRepository(db);
const content = new ContentRepository(db);
const design = new DesignRepository(db);
// Views and searches buffered and written in batches every second, as reader-site does.
const buffer = new ActivityBuffer(db, null);
buffer.start();
const activity = new ActivityRepository(db, buffer);

/** The visitor key the product derives from its cookie (`readerKey`), without setting one. */
const readerKey = (req) => {
  const vid = /(?:^|;\s*)hc_vid=([a-f0-9]{32})/.exec(req.headers.cookie ?? '')?.[1];
  const id =
    vid ??
    createHash('sha256')
      .update(`${req.socket.remoteAddress}|${req.headers['user-agent'] ?? ''}`)
      .digest('hex')
      .slice(0, 32);
  return createHash('sha256').update(id).digest('hex');
};

/** What `articlePageParts` and `articleHead` read of a request. */
const requestLike = (req, u) => ({
  protocol: 'http',
  get: (name) => req.headers[name.toLowerCase()],
  query: Object.fromEntries(u.searchParams),
});

function send(res, status, html, csp) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  if (csp) res.setHeader('content-security-policy', csp);
  res.end(html);
}

async function handle(req, res) {
  const u = new URL(req.url, 'http://x');
  if (u.pathname === '/health/ready') return res.end('ok');
  const m = /^\/hc\/([^/]+)(\/.*)?$/.exec(u.pathname);
  const site = m && (await sites.bySubdomain(m[1]));
  if (!site || site.suspended || site.visibility !== 'public') return send(res, 404, '');
  const segments = (m[2] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  const where = withLanguage(
    { subdomain: m[1], host: null, base: `/hc/${m[1]}`, lang: null, langPrefix: '', segments },
    site,
  );
  const admitted = { site, path: where, session: null };
  const lang = pageLanguage(site, where);
  const [route, ref, ...rest] = where.segments;
  const render = async (page, subject, extra = {}) => {
    const [stored, overrides] = await Promise.all([
      design.version(site.id, 'live'),
      content.textOverrides(site.id, lang),
    ]);
    const { html, csp } = await composePage({
      site,
      path: where,
      page,
      subject,
      preview: false,
      stored,
      overrides,
      data: pageData(content, site, lang, subject),
      member: null,
      nonce: randomBytes(16).toString('base64'),
      csrf: '',
      extra,
    });
    send(res, 200, html, csp);
  };
  if (route === 'articles' && ref) {
    const id = refId(ref);
    const article = id === null ? null : await content.article(site.id, id);
    const translation =
      article && mayRead(article, admitted, null)
        ? article.translations.find((t) => t.released && t.lang === lang)
        : undefined;
    if (rest.length === 1 && rest[0] === 'view') {
      // The view beacon: the view buffered like the product's, no page.
      if (translation) await activity.recordView(site.id, article.id, lang, readerKey(req));
      res.statusCode = 204;
      return res.end();
    }
    if (!translation) return send(res, 404, '');
    const comments = await content.comments(site.id, article.id, lang);
    const { subject, extra } = await articlePageParts(requestLike(req, u), admitted, {
      article,
      translation,
      comments,
      accessQuery: '',
      notice: null,
      categories: () => content.categories(site.id),
    });
    return render('article', subject, extra);
  }
  if (route === 'search') {
    const query = [...(u.searchParams.get('q') ?? '').trim()].slice(0, 190).join('');
    const boolean = query ? fullTextQuery(query) : '';
    const results = boolean
      ? await content.search(site.id, lang, boolean, site.defaultLanguage !== 'en', SEARCH_MAX)
      : [];
    if (query) await activity.recordSearch(site.id, lang, query, results.length, readerKey(req));
    return render(
      'search',
      { kind: 'search', query, results: query ? results : null },
      { path: `/search${query ? `?q=${encodeURIComponent(query)}` : ''}` },
    );
  }
  if (route === undefined) return render('home', { kind: 'home' });
  return send(res, 404, '');
}

http
  .createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
