// Seeds the content benchmark's database with plain SQL in the shape content-api writes
// (articles, one English translation each, categories, stats, API keys).
'use strict';

const { createHash, randomBytes, randomUUID } = require('node:crypto');

// A deterministic vocabulary of pronounceable words (so searches match a known share).
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'ta',
  'vo',
  'zi',
  'pe',
  'su',
  'de',
  'fo',
  'gra',
  'bli',
  'stu',
  'ver',
];
const VOCAB = [];
for (const a of SYLLABLES)
  for (const b of SYLLABLES)
    for (const c of ['n', 'r', 's', 'l', 't', 'x', 'm', 'p']) VOCAB.push(a + b + c);

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** About 1 KB of article HTML and its text. */
function article(i) {
  const r = rng(i + 1);
  const word = () => VOCAB[Math.floor(r() * VOCAB.length)];
  const title = `Guide ${i}: ${word()} ${word()} ${word()}`;
  const paragraphs = [];
  for (let p = 0; p < 4; p++) {
    const words = [];
    for (let w = 0; w < 30; w++) words.push(word());
    paragraphs.push(words.join(' '));
  }
  const content = paragraphs
    .map((p, n) => (n === 1 ? `<h2>${p.slice(0, 40)}</h2>` : `<p>${p}.</p>`))
    .join('\n');
  return { title, content, text: paragraphs.join(' ') };
}

async function seedSite(conn, { name, articles, keys, categories = 20 }) {
  const now = new Date();
  const [acc] = await conn.query('INSERT INTO accounts (name, created_at) VALUES (?, ?)', [
    name,
    now,
  ]);
  const [user] = await conn.query(
    'INSERT INTO users (account_id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
    [acc.insertId, `${name}-${randomBytes(4).toString('hex')}@bench.test`, 'Bench Owner', 'x', now],
  );
  const subdomain = `${name}-${randomBytes(4).toString('hex')}`.toLowerCase();
  const [site] = await conn.query(
    `INSERT INTO sites (uuid, account_id, name, subdomain, default_language, languages, visibility, suspended,
       ip_allowlist, plan, staging_preview, template_editor, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'en', '["en"]', 'public', 0, '[]', 'catalyst', 0, 1, ?, ?)`,
    [randomUUID(), acc.insertId, name, subdomain, now, now],
  );
  const siteId = site.insertId;
  const userId = user.insertId;
  await conn.query(
    'INSERT INTO memberships (site_id, user_id, role, notes_access, created_at) VALUES (?, ?, ?, 1, ?)',
    [siteId, userId, 'owner', now],
  );
  const tokens = [];
  for (let start = 0; start < keys; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(keys, start + 1000); i++) {
      const token = 'hck_' + randomBytes(32).toString('base64url');
      tokens.push(token);
      rows.push([
        siteId,
        userId,
        createHash('sha256').update(token).digest('hex'),
        token.slice(0, 12),
        'read_write',
        0,
        0,
        now,
      ]);
    }
    await conn.query(
      'INSERT INTO api_keys (site_id, user_id, token_hash, token_prefix, scope, cap_design, cap_notes, created_at) VALUES ?',
      [rows],
    );
  }
  const catIds = [];
  for (let c = 0; c < categories; c++) {
    const [cat] = await conn.query(
      `INSERT INTO categories (site_id, parent_id, name, description, icon, position, privacy, created_at, updated_at)
       VALUES (?, NULL, ?, '{}', NULL, ?, 'public', ?, ?)`,
      [siteId, JSON.stringify({ en: `Category ${c}` }), c, now, now],
    );
    catIds.push(cat.insertId);
  }
  const batch = 500;
  for (let start = 0; start < articles; start += batch) {
    const n = Math.min(batch, articles - start);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const at = new Date(now.getTime() - (start + i) * 1000);
      rows.push([
        siteId,
        userId,
        catIds[(start + i) % catIds.length],
        (start + i) % 10 !== 0,
        '[]',
        at,
        at,
      ]);
    }
    const [res] = await conn.query(
      `INSERT INTO articles (site_id, author_id, category_id, published, shared_with, created_at, updated_at) VALUES ?`,
      [rows.map(([s, u, c, p, sw, ca, ua]) => [s, u, c, p, sw, ca, ua])],
    );
    const first = res.insertId;
    const tr = [];
    const links = [];
    const stats = [];
    for (let i = 0; i < n; i++) {
      const id = first + i;
      const a = article(start + i);
      tr.push([
        id,
        'en',
        siteId,
        a.title,
        `guide-${start + i}`,
        0,
        a.content,
        a.text,
        1,
        rows[i][5],
        rows[i][5],
      ]);
      links.push([id, rows[i][2], siteId, 0]);
      stats.push([id, siteId, (start + i) % 997]);
    }
    await conn.query(
      `INSERT INTO article_translations (article_id, lang, site_id, title, slug, has_custom_slug, content, search_text,
         released, created_at, updated_at) VALUES ?`,
      [tr],
    );
    await conn.query(
      'INSERT INTO article_categories (article_id, category_id, site_id, sort) VALUES ?',
      [links],
    );
    await conn.query('INSERT INTO article_stats (article_id, site_id, views) VALUES ?', [stats]);
  }
  const [ids] = await conn.query('SELECT id FROM articles WHERE site_id = ? ORDER BY id', [siteId]);
  return { siteId, userId, tokens, articleIds: ids.map((r) => r.id) };
}

/** Words searched for by the benchmarks: each is in about 6 % of the seeded articles. */
const SEARCH_WORDS = [VOCAB[17], VOCAB[250], VOCAB[1000], VOCAB[1500], VOCAB[1999]];

module.exports = { seedSite, article, VOCAB, SEARCH_WORDS };
