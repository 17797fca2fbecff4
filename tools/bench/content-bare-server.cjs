// The baseline of the content benchmark: bare node:http + mysql2 doing the same queries as
// content-api for the same routes (credential lookup, article loads, list, search, export,
// create, bulk), with the least JavaScript around them. Not a product; measurement only.
'use strict';

const http = require('node:http');
const { createHash } = require('node:crypto');
const { poolFromUrl } = require('./bare-db.cjs');

const pool = poolFromUrl(process.env.HC_DATABASE_URL);
const q = async (sql, params, conn = pool) => (await conn.query(sql, params))[0];

const AUTH = `SELECT k.id AS key_id, k.user_id, k.scope, k.cap_design, k.cap_notes, u.account_id AS user_account_id,
  m.role, m.notes_access, s.id AS site_id, s.uuid AS site_uuid, s.account_id AS site_account_id, s.name AS site_name,
  s.subdomain, s.domain, s.default_language, s.languages, s.visibility, s.suspended, s.ip_allowlist, s.plan,
  s.staging_preview, s.template_editor, s.created_at AS site_created_at
  FROM api_keys k JOIN sites s ON s.id = k.site_id AND s.deleted_at IS NULL JOIN users u ON u.id = k.user_id
  LEFT JOIN memberships m ON m.site_id = k.site_id AND m.user_id = k.user_id
  WHERE k.token_hash = ? AND k.revoked_at IS NULL LIMIT 1`;

const pad = (n) => (n < 10 ? `0${n}` : String(n));
const fmtA = (d) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

async function load(siteId, ids, conn = pool) {
  if (!ids.length) return [];
  const [rows, trs] = await Promise.all([
    q(
      `SELECT a.id, a.site_id, a.external_id, a.author_id, a.category_id, a.type, a.published, a.visibility,
         a.share_token, a.shared_with, a.created_at, a.updated_at, a.deleted_at,
         u.name AS author_name, u.avatar_url AS author_avatar, s.views, s.thumbs_up, s.thumbs_down, s.love,
         (SELECT GROUP_CONCAT(ac.category_id ORDER BY ac.sort, ac.category_id)
            FROM article_categories ac WHERE ac.article_id = a.id) AS category_ids,
         (SELECT GROUP_CONCAT(sc.locale) FROM staged_copies sc WHERE sc.site_id = a.site_id AND sc.article_id = a.id) AS staged_locales,
         (SELECT MAX(sc.updated_at) FROM staged_copies sc WHERE sc.site_id = a.site_id AND sc.article_id = a.id) AS staged_copy_at,
         (SELECT ss.updated_at FROM staged_shared ss WHERE ss.article_id = a.id) AS staged_shared_at
       FROM articles a LEFT JOIN users u ON u.id = a.author_id LEFT JOIN article_stats s ON s.article_id = a.id
       WHERE a.site_id = ? AND a.id IN (?)`,
      [siteId, ids],
      conn,
    ),
    q(
      `SELECT article_id, lang, title, slug, has_custom_slug, content, meta_title, meta_description, audio_file, released
       FROM article_translations WHERE site_id = ? AND article_id IN (?)`,
      [siteId, ids],
      conn,
    ),
  ]);
  const byId = new Map();
  for (const r of rows)
    byId.set(r.id, {
      r,
      t: [],
      c: r.category_ids ? String(r.category_ids).split(',').map(Number) : [],
    });
  for (const t of trs) byId.get(t.article_id)?.t.push(t);
  return ids.map((id) => byId.get(id)).filter(Boolean);
}

function toJson(site, { r, t, c }) {
  const m = (f) => Object.fromEntries(t.filter((x) => x[f]).map((x) => [x.lang, x[f]]));
  const main = t[0];
  return {
    id: r.id,
    external_id: r.external_id,
    title: m('title'),
    slug: m('slug'),
    content: Object.fromEntries(t.map((x) => [x.lang, x.content])),
    author:
      r.author_id === null
        ? null
        : { id: r.author_id, name: r.author_name, avatar: r.author_avatar },
    category_id: r.category_id,
    categories: c,
    type: r.type,
    published: Boolean(r.published),
    has_staged_changes: Boolean(r.staged_locales),
    staged_locales: r.staged_locales ? String(r.staged_locales).split(',').sort() : [],
    staged_updated_at: r.staged_locales
      ? (r.staged_copy_at > r.staged_shared_at || !r.staged_shared_at
          ? r.staged_copy_at
          : r.staged_shared_at
        ).toISOString()
      : null,
    visibility: r.visibility,
    share_token: r.share_token,
    views: r.views ?? 0,
    audio_file: main?.audio_file ?? null,
    metadata: { title: m('meta_title'), description: m('meta_description') },
    ratings: { thumbs_up: r.thumbs_up ?? 0, thumbs_down: r.thumbs_down ?? 0, love: r.love ?? 0 },
    published_translations: t.filter((x) => x.released).map((x) => x.lang),
    shared_with: typeof r.shared_with === 'string' ? JSON.parse(r.shared_with) : r.shared_with,
    created_at: fmtA(r.created_at),
    updated_at: fmtA(r.updated_at),
    _links: {
      view: {
        method: 'GET',
        url: `http://localhost:8080/hc/${site.subdomain}/articles/${r.id}-${main?.slug ?? ''}`,
      },
    },
  };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** A page of article views with the list's paging meta. */
function sendPage(res, site, views, page, limit, total) {
  return send(res, 200, {
    status: 'success',
    articles: views.map((v) => toJson(site, v)),
    meta: {
      page,
      per_page: limit,
      total_pages: Math.max(1, Math.ceil(total / limit)),
      items_count: total,
    },
  });
}

const slugOf = (s) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 190) || 'article';

async function create(site, userId, item) {
  const title = item.title.en;
  const content = (item.content && item.content.en) || '';
  const conn = await pool.getConnection();
  let id;
  try {
    await conn.beginTransaction();
    const now = new Date();
    const ins = await q(
      `INSERT INTO articles (site_id, external_id, author_id, category_id, type, published, visibility, share_token, shared_with, created_at, updated_at)
       VALUES (?, NULL, ?, NULL, 'article', ?, 'public', NULL, '[]', ?, ?)`,
      [site.site_id, userId, Boolean(item.published), now, now],
      conn,
    );
    id = ins.insertId;
    const base = slugOf(title);
    const taken = new Set(
      (
        await q(
          'SELECT slug FROM article_translations WHERE site_id = ? AND lang = ? AND slug LIKE ? AND article_id <> ?',
          [site.site_id, 'en', `${base}%`, id],
          conn,
        )
      ).map((x) => x.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    await q(
      `INSERT INTO article_translations (article_id, lang, site_id, title, slug, has_custom_slug, content, search_text, meta_title, meta_description, released, created_at, updated_at)
       VALUES (?, 'en', ?, ?, ?, 0, ?, ?, NULL, NULL, 1, ?, ?)`,
      [
        id,
        site.site_id,
        title,
        slug,
        content,
        content
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
        now,
        now,
      ],
      conn,
    );
    const data = {
      type: 'article',
      id,
      category_id: null,
      title,
      slug,
      published: Boolean(item.published),
      visibility: 'public',
      locale: 'en',
      updated_at: fmtA(now),
    };
    await q(
      'INSERT INTO outbox (site_id, event, payload, occurred_at) VALUES (?, ?, ?, ?)',
      [
        site.site_id,
        item.published ? 'article.published' : 'article.created',
        JSON.stringify({ helpcenter_id: site.site_uuid, data }),
        now,
      ],
      conn,
    );
    await conn.commit();
  } catch (err) {
    await conn.rollback();
    throw err;
  } finally {
    conn.release();
  }
  return toJson(site, (await load(site.site_id, [id]))[0]);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

async function handle(req, res) {
  const u = new URL(req.url, 'http://x');
  if (u.pathname === '/health/ready') return send(res, 200, { status: 'ok' });
  const key = req.headers.apikey;
  if (!key) return send(res, 401, { status: 'unauthorized' });
  const [site] = await q(AUTH, [createHash('sha256').update(key).digest('hex')]);
  if (!site) return send(res, 401, { status: 'unauthorized' });
  const p = u.searchParams;
  if (req.method === 'GET' && u.pathname.startsWith('/v1/articles/')) {
    const [a] = await load(site.site_id, [Number(u.pathname.slice(13))]);
    if (!a || a.r.deleted_at)
      return send(res, 404, { status: 'error', code: 'not_found', message: 'Article not found.' });
    return send(res, 200, { status: 'success', article: toJson(site, a) });
  }
  if (req.method === 'GET' && u.pathname === '/v1/articles') {
    const limit = Number(p.get('limit') || 100);
    const page = Number(p.get('page') || 1);
    const search = p.get('search');
    if (search) {
      const query = search
        .split(/\s+/)
        .map((w) => `+${w}*`)
        .join(' ');
      const ids = (
        await q(
          `SELECT t.article_id AS id, MATCH(t.title, t.search_text) AGAINST (? IN BOOLEAN MODE) AS score
           FROM article_translations t JOIN articles a ON a.id = t.article_id
           WHERE t.site_id = ? AND t.lang = ? AND t.released = 1 AND MATCH(t.title, t.search_text) AGAINST (? IN BOOLEAN MODE)
             AND a.site_id = ? AND a.published = 1 AND a.visibility = 'public' AND a.deleted_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM article_categories ac JOIN categories c ON c.id = ac.category_id WHERE ac.article_id = a.id AND c.privacy <> 'public')
           ORDER BY score DESC, a.updated_at DESC, a.id DESC LIMIT 15`,
          [query, site.site_id, 'en', query, site.site_id],
        )
      ).map((r) => r.id);
      const pageIds = ids.slice((page - 1) * limit, page * limit);
      return sendPage(res, site, await load(site.site_id, pageIds), page, limit, ids.length);
    }
    const [rows, count] = await Promise.all([
      q(
        'SELECT a.id FROM articles a WHERE a.site_id = ? AND a.deleted_at IS NULL ORDER BY a.updated_at DESC, a.id DESC LIMIT ? OFFSET ?',
        [site.site_id, limit, (page - 1) * limit],
      ),
      q('SELECT COUNT(*) AS n FROM articles a WHERE a.site_id = ? AND a.deleted_at IS NULL', [
        site.site_id,
      ]),
    ]);
    const views = await load(
      site.site_id,
      rows.map((r) => r.id),
    );
    return sendPage(res, site, views, page, limit, count[0].n);
  }
  if (req.method === 'GET' && u.pathname === '/v1/export') {
    const cursor = Number(p.get('cursor') || 0);
    const limit = Number(p.get('limit') || 100);
    const [ids, cats] = await Promise.all([
      q(
        'SELECT id FROM articles WHERE site_id = ? AND id > ? AND deleted_at IS NULL ORDER BY id LIMIT ?',
        [site.site_id, cursor, limit + 1],
      ),
      cursor === 0
        ? q(
            'SELECT id, site_id, parent_id, name, description, icon, position, privacy, article_sort, created_at, updated_at FROM categories WHERE site_id = ? ORDER BY parent_id IS NOT NULL, parent_id, position, id',
            [site.site_id],
          )
        : null,
    ]);
    const more = ids.length > limit;
    const pageIds = (more ? ids.slice(0, limit) : ids).map((r) => r.id);
    const views = await load(site.site_id, pageIds);
    const body = { status: 'success', snapshot: { generated_at: new Date().toISOString() } };
    if (cats)
      body.categories = cats.map((c) => ({
        id: c.id,
        parent: c.parent_id,
        name: typeof c.name === 'string' ? JSON.parse(c.name) : c.name,
        description: [],
        icon: c.icon,
        position: c.position,
        privacy: c.privacy,
        created_at: fmtA(c.created_at),
        updated_at: fmtA(c.updated_at),
      }));
    body.articles = views.map((v) => toJson(site, v));
    body.cursor = { next: more ? pageIds[pageIds.length - 1] : null, has_more: more };
    return send(res, 200, body);
  }
  if (req.method === 'POST' && u.pathname === '/v1/articles') {
    const body = await readBody(req);
    return send(res, 201, {
      status: 'success',
      action: 'created',
      article: await create(site, site.user_id, body),
    });
  }
  if (req.method === 'POST' && u.pathname === '/v1/articles/bulk') {
    const body = await readBody(req);
    const results = [];
    for (const [index, item] of body.articles.entries())
      results.push({
        index,
        status: 'created',
        article: await create(site, site.user_id, item),
        images: null,
      });
    return send(res, 207, {
      status: 'success',
      results,
      meta: { total: results.length, created: results.length, updated: 0, failed: 0 },
    });
  }
  send(res, 404, { message: 'Not Found' });
}

http
  .createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { message: String(err && err.message) }));
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
