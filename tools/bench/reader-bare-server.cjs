// The baseline of the reader benchmark: bare node:http + mysql2 answering the same pages as
// reader-site with the same queries (site, live design, article and its translations, comments,
// the view insert and counter behind the page's beacon (`…/view`), search and its insert, home
// lists) and a minimal escaped page.
// Not a product; measurement only.
'use strict';

const http = require('node:http');
const { createHash } = require('node:crypto');
const { poolFromUrl } = require('./bare-db.cjs');

const pool = poolFromUrl(process.env.HC_DATABASE_URL);
const q = async (sql, params) => (await pool.query(sql, params))[0];
const esc = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const LISTED = `a.site_id = ? AND a.published = 1 AND a.deleted_at IS NULL AND a.visibility = 'public'`;

async function site(subdomain) {
  const rows = await q(
    'SELECT id, name, default_language, visibility, suspended, ip_allowlist FROM sites WHERE subdomain = ? AND deleted_at IS NULL',
    [subdomain],
  );
  return rows[0];
}

async function design(siteId) {
  const rows = await q(
    `SELECT v.document FROM design_sites d JOIN design_versions v ON v.id = d.live_version_id WHERE d.site_id = ?`,
    [siteId],
  );
  return rows[0] ? JSON.parse(rows[0].document) : {};
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main>${body}</main></body></html>`;
}

const reader = (req) =>
  createHash('sha256')
    .update(
      `${req.socket.remoteAddress}|${req.headers['user-agent'] ?? ''}|${req.headers.cookie ?? ''}`,
    )
    .digest('hex');

async function handle(req, res) {
  const u = new URL(req.url, 'http://x');
  const m = /^\/hc\/([^/]+)(\/.*)?$/.exec(u.pathname);
  if (u.pathname === '/health/ready') return res.end('ok');
  if (!m) return ((res.statusCode = 404), res.end());
  const s = await site(m[1]);
  if (!s) return ((res.statusCode = 404), res.end());
  const rest = m[2] ?? '/';
  const art = /^\/articles\/(\d+)(\/view)?$/.exec(rest);
  // The beacon renders nothing: no design, no comments.
  const doc = art?.[2] ? {} : await design(s.id);
  let html;
  if (art) {
    const id = Number(art[1]);
    const [rows, trs, comments] = await Promise.all([
      q('SELECT id, published, deleted_at, visibility FROM articles WHERE site_id = ? AND id = ?', [
        s.id,
        id,
      ]),
      q(
        'SELECT lang, title, content, released FROM article_translations WHERE site_id = ? AND article_id = ?',
        [s.id, id],
      ),
      art[2]
        ? []
        : q(
            `SELECT id, author_name, body FROM comments WHERE site_id = ? AND article_id = ? AND status = 'published'`,
            [s.id, id],
          ),
    ]);
    const a = rows[0];
    const t = trs.find((x) => x.lang === s.default_language && x.released);
    if (!a || !a.published || a.deleted_at || !t) return ((res.statusCode = 404), res.end());
    if (art[2]) {
      // The view beacon: the view row and counter of a first view, no page.
      const day = new Date().toISOString().slice(0, 10);
      const r = await q(
        'INSERT IGNORE INTO reader_views (site_id, article_id, lang, day, reader_key, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [s.id, id, t.lang, day, reader(req), new Date()],
      );
      if (r.affectedRows === 1) {
        await q(
          'INSERT INTO article_stats (article_id, site_id, views) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE views = views + 1',
          [id, s.id],
        );
      }
      return ((res.statusCode = 204), res.end());
    }
    html = page(
      t.title,
      `<h1>${esc(t.title)}</h1>${t.content}${comments.map((c) => `<p>${esc(c.body)}</p>`).join('')}`,
    );
  } else if (rest.startsWith('/search')) {
    const words = (u.searchParams.get('q') ?? '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3);
    const boolean = words.map((w) => `+${w}*`).join(' ');
    const found = boolean
      ? await q(
          `SELECT a.id, t.title FROM article_translations t JOIN articles a ON a.id = t.article_id
           WHERE t.site_id = ? AND t.lang = ? AND t.released = 1 AND MATCH(t.title, t.search_text) AGAINST (? IN BOOLEAN MODE)
             AND ${LISTED} ORDER BY MATCH(t.title, t.search_text) AGAINST (? IN BOOLEAN MODE) DESC LIMIT 15`,
          [s.id, s.default_language, boolean, s.id, boolean],
        )
      : [];
    await q(
      'INSERT INTO reader_searches (site_id, lang, query, normalized_query, results_count, reader_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [
        s.id,
        s.default_language,
        u.searchParams.get('q') ?? '',
        words.join(' '),
        found.length,
        reader(req),
        new Date(),
      ],
    );
    html = page(
      'Search',
      found.map((a) => `<a href="/hc/${m[1]}/articles/${a.id}">${esc(a.title)}</a>`).join(''),
    );
  } else {
    const [cats, popular] = await Promise.all([
      q(
        `SELECT id, name FROM categories WHERE site_id = ? AND privacy = 'public' ORDER BY position`,
        [s.id],
      ),
      // The reader site's popular list: the site's 500 most viewed (stats index), then listed.
      q(
        `SELECT a.id, t.title FROM (SELECT article_id, views FROM article_stats WHERE site_id = ? ORDER BY views DESC LIMIT 500) st
         JOIN articles a ON a.id = st.article_id
         JOIN article_translations t ON t.article_id = a.id AND t.lang = ? AND t.released = 1
         WHERE ${LISTED} ORDER BY st.views DESC, a.updated_at DESC, a.id DESC LIMIT 5`,
        [s.id, s.default_language, s.id],
      ),
    ]);
    html = page(
      doc.meta?.title ?? s.name,
      cats
        .map(
          (c) => `<h2>${esc((typeof c.name === 'string' ? JSON.parse(c.name) : c.name).en)}</h2>`,
        )
        .join('') +
        popular.map((a) => `<a href="/hc/${m[1]}/articles/${a.id}">${esc(a.title)}</a>`).join(''),
    );
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(html);
}

http
  .createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
