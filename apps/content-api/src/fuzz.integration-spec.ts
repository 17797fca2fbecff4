// Issue #16 item 5: generated bodies, many hostile, against every JSON write endpoint of the
// running content API. No 5xx but spec 7's deliberate ones, a spec body shape, nothing stored on
// refusal. Seeded (printed); each endpoint runs for at most a few seconds.
import fc from 'fast-check';
import {
  createPublishedArticle,
  fuzzEndpoint,
  fuzzSeed,
  hostileBody,
  json,
  STAGING_SITE,
  startTestApp,
  TestApp,
  type Json,
} from '@hc/testing';
import { createContentApi } from './app.factory';

const seed = fuzzSeed('content-api');
const LIMIT = { runs: 80, timeLimitMs: 3_500 };

/**
 * What a refused write must leave as it was: how many rows each table holds, and when content
 * rows last changed. (A whole-table checksum also moves with background bookkeeping, such as
 * the outbox being handed on.)
 */
const COUNTED = [
  'articles',
  'article_translations',
  'article_categories',
  'categories',
  'webhooks',
  'comments',
  'images',
  'staged_copies',
  'staged_shared',
  'outbox',
];
const TIMESTAMPED = ['articles', 'article_translations', 'categories', 'comments', 'staged_copies'];
const FINGERPRINT = [
  ...COUNTED.map((t) => `(SELECT COUNT(*) FROM ${t}) AS ${t}_rows`),
  ...TIMESTAMPED.map((t) => `(SELECT MAX(updated_at) FROM ${t}) AS ${t}_changed`),
].join(', ');

const langMap = (arb: fc.Arbitrary<string>) =>
  json(
    fc.oneof(arb, fc.record({ en: arb }), fc.record({ en: arb, de: arb }, { requiredKeys: [] })),
  );
const words = fc.string({ minLength: 1, maxLength: 30 });
const id = json(fc.oneof(fc.nat(50), fc.constant(0)));

const ARTICLE: Record<string, fc.Arbitrary<Json>> = {
  title: langMap(words),
  content: langMap(fc.constantFrom('<p>Hi</p>', '', '<b>x', '<img src="/a.png">')),
  slug: langMap(fc.constantFrom('a-slug', 'Ünïcode slug', '')),
  // Ids mostly none: unknown ids are refused, and the fuzz should reach the write too.
  category_id: json(fc.constantFrom(0, null, 99_999)),
  categories: json(fc.constantFrom([], [99_999])),
  published: json(fc.boolean()),
  visibility: json(fc.constantFrom('public', 'private', 'link_only', 'secret')),
  type: json(fc.constantFrom('article', 'faq', 'other')),
  external_id: json(fc.string({ maxLength: 40 })),
  author_id: json(fc.constantFrom(null, 99_999)),
  shared_with: json(fc.constantFrom([], [99_999])),
  metadata: json(fc.record({ title: fc.record({ en: words }) }, { requiredKeys: [] })),
};

/** Spec 2.3 rule 4: a create with an empty or blank title fails with 500. */
function blankTitle(parsed: unknown): boolean {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
  const title = (parsed as Record<string, unknown>).title;
  const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
  // An empty language map is `[]` as well as `{}` (spec 2.1).
  if (blank(title) || (Array.isArray(title) && title.length === 0)) return true;
  if (title && typeof title === 'object' && !Array.isArray(title)) {
    const values = Object.values(title);
    return values.length === 0 || values.some(blank);
  }
  return false;
}

/** Spec 4.8: a webhook url or secret over 191 characters passes validation and fails with 500. */
function longWebhookField(parsed: unknown): boolean {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
  const b = parsed as Record<string, unknown>;
  return [b.url, b.secret].some((v) => typeof v === 'string' && v.trim().length > 191);
}

describe('fuzz: content API write endpoints (issue #16)', () => {
  let t: TestApp;
  let key: string;
  let siteKey: () => Promise<string>;
  let articleId: number;
  let categoryId: number;

  beforeAll(async () => {
    t = await startTestApp(createContentApi);
    const site = await t.factory.site(STAGING_SITE);
    key = await t.factory.key(site);
    // A fresh key every 100 requests and a new client address each time: the fuzz measures
    // answers, not the rate limits (spec 8).
    let sent = 0;
    let current = key;
    siteKey = async () => {
      if (++sent % 100 === 0) current = await t.factory.key(site);
      return current;
    };
    articleId = (await createPublishedArticle(t, key, { title: { en: 'Fuzzed' } })).id;
    const category = await t.request('POST', '/v1/categories', {
      key,
      body: { name: { en: 'Fuzzed' } },
    });
    categoryId = category.body.category.id;
  });
  afterAll(() => t.close());

  const stored = async () => (await t.ds.query(`SELECT ${FINGERPRINT}`)) as unknown[];
  let client = 0;
  const sender = (method: string, path: string) => async (body: Json) =>
    t.request(method, path, {
      key: await siteKey(),
      raw: body,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(++client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      },
    });
  const run = (
    method: string,
    path: () => string,
    fields: Record<string, fc.Arbitrary<Json>>,
    ok: number[],
    deliberate500?: (parsed: unknown) => boolean,
  ) =>
    fuzzEndpoint(
      seed,
      hostileBody(fields),
      { send: (b) => sender(method, path())(b), stored, ok, deliberate500 },
      LIMIT,
    );

  it('POST /articles', () => run('POST', () => '/v1/articles', ARTICLE, [200, 201], blankTitle));

  it('PATCH /articles/{id}', () => run('PATCH', () => `/v1/articles/${articleId}`, ARTICLE, [200]));

  it('POST /articles/bulk', () =>
    run(
      'POST',
      () => '/v1/articles/bulk',
      { articles: fc.array(hostileBody(ARTICLE), { maxLength: 4 }).map((a) => `[${a.join(',')}]`) },
      [207],
    ));

  const CATEGORY = {
    name: langMap(words),
    description: langMap(words),
    parent_id: id,
    icon: json(fc.string({ maxLength: 200 })),
    position: json(fc.integer({ min: -2, max: 100 })),
  };
  it('POST /categories', () => run('POST', () => '/v1/categories', CATEGORY, [201]));

  it('PATCH /categories/{id}', () =>
    run('PATCH', () => `/v1/categories/${categoryId}`, CATEGORY, [200]));

  it('POST /webhooks', () =>
    run(
      'POST',
      () => '/v1/webhooks',
      {
        url: json(fc.constantFrom('https://hooks.example.invalid/h', 'http://10.0.0.1/', 'x')),
        secret: json(fc.string({ minLength: 10, maxLength: 30 })),
        events: json(fc.array(fc.string({ maxLength: 10 }))),
      },
      [201],
      longWebhookField,
    ));

  it('POST /images (JSON)', () =>
    run(
      'POST',
      () => '/v1/images',
      {
        source_url: json(
          fc.constantFrom(
            'https://img.example.invalid/a.png',
            'https://127.0.0.1/a.png',
            'ftp://x',
          ),
        ),
        alt_text: json(fc.string({ maxLength: 300 })),
        dedupe: json(fc.boolean()),
      },
      [200, 201],
    ));

  it('POST /articles/{id}/comments', () =>
    run(
      'POST',
      () => `/v1/articles/${articleId}/comments`,
      {
        text: json(fc.string({ minLength: 1, maxLength: 50 })),
        parent_id: id,
        lang: json(fc.constantFrom('en', 'de', 'xx')),
      },
      [201],
    ));

  it('PATCH /articles/{id}/staged', () =>
    run(
      'PATCH',
      () => `/v1/articles/${articleId}/staged`,
      {
        locale: json(fc.constantFrom('en', 'de', 'fr', 'xx')),
        title: json(words),
        content: json(fc.constantFrom('<p>Staged</p>', '')),
        slug: json(fc.string({ maxLength: 200 })),
        category_id: id,
        categories: json(fc.array(fc.nat(50), { maxLength: 3 })),
        visibility: json(fc.constantFrom('public', 'private', 'nope')),
        release_translation: json(fc.boolean()),
        etag: json(fc.string({ maxLength: 20 })),
        metadata: json(fc.record({ title: fc.record({ en: words }) }, { requiredKeys: [] })),
      },
      [200],
    ));
});
