import {
  filesUnder,
  snapshotDatabase,
  withoutBackgroundWriters,
  tablesChangedSince,
  TestApp,
  useTwoSites,
} from '@hc/testing';
import { settings } from '@hc/contracts';
import { createContentApi } from '../app.factory';

type Json = Record<string, unknown>;

/** An answer with what only a real write fixes (new ids, their address, times, tokens) blanked. */
function comparable(answer: Json): Json {
  const copy = JSON.parse(JSON.stringify(answer)) as {
    results: { status: string; article?: Json }[];
  };
  const created = new Set(copy.results.map((r) => r.status === 'created' && r.article?.id));
  for (const r of copy.results) {
    if (!r.article) continue;
    if (created.has(r.article.id)) r.article.id = '<new>';
    r.article._links = '<link>';
    r.article.created_at = r.article.updated_at = '<time>';
    if (r.article.share_token) r.article.share_token = '<token>';
  }
  delete (copy as Json).dry_run;
  return copy as unknown as Json;
}

/** Dry runs of POST /articles/bulk (issue 25), on two sites. */
describe('POST /articles/bulk dry runs (#25)', () => {
  let t: TestApp, key: string, otherKey: string;
  let existingId: number, foreignCategory: number;

  const bulk = (body: unknown, query = '', k = key) =>
    t.request('POST', `/v1/articles/bulk${query}`, { key: k, body });
  const items = () => [
    { title: { en: 'Brand new', de: 'Ganz neu' }, external_id: 'n-1', published: true },
    { title: { en: 'Kept up to date' }, content: { en: '<p>v2</p>' }, external_id: 'e-1' },
    'not an object',
    { title: { en: 'In their category' }, category_id: foreignCategory },
    { title: { en: 'Twice, first' }, external_id: 'n-2' },
    { title: { en: 'Twice, second' }, external_id: 'n-2' },
    { title: { en: 'Link only' }, visibility: 'link_only' },
  ];

  let restoreSettings: () => void;

  // The app's own writers are off (set before it starts, put back after it stopped): a snapshot
  // sees only the requests.
  beforeAll(() => {
    restoreSettings = withoutBackgroundWriters();
  });
  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] } },
    (s) => ({ t, key, otherKey } = s),
  );
  beforeAll(async () => {
    const made = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Kept' }, content: { en: '<p>v1</p>' }, external_id: 'e-1' },
    });
    existingId = made.body.article.id;
    // The other site holds the external ids this site's items use, and a category.
    for (const external_id of ['n-1', 'e-1']) {
      await t.request('POST', '/v1/articles', {
        key: otherKey,
        body: { title: { en: `Theirs ${external_id}` }, external_id },
      });
    }
    foreignCategory = (
      await t.request('POST', '/v1/categories', { key: otherKey, body: { name: { en: 'Theirs' } } })
    ).body.category.id;
  });
  afterAll(() => restoreSettings());

  it('dry_run=1 answers like the real call, with article.id null for what would be created, and changes nothing at all', async () => {
    const before = await snapshotDatabase(t.ds);
    const filesBefore = await filesUnder(settings().dataDir);

    const dry = await bulk({ articles: items() }, '?dry_run=1');
    expect(dry.status).toBe(207);
    expect(dry.body.dry_run).toBe(true);
    expect(dry.body.meta).toEqual({ total: 7, created: 3, updated: 2, failed: 2 });
    const r = dry.body.results;
    expect(r[0]).toMatchObject({ index: 0, status: 'created' });
    expect(r[0].article).toMatchObject({
      id: null,
      external_id: 'n-1',
      title: { en: 'Brand new', de: 'Ganz neu' },
      slug: { en: 'brand-new', de: 'ganz-neu' },
      published: true,
      _links: { view: { method: 'GET', url: null } },
    });
    // The existing article of this site (not the other site's e-1) would be updated.
    expect(r[1]).toMatchObject({ index: 1, status: 'updated' });
    expect(r[1].article).toMatchObject({
      id: existingId,
      title: { en: 'Kept up to date' },
      content: { en: '<p>v2</p>' },
    });
    expect(r[1].article._links.view.url).toContain(`/articles/${existingId}-`);
    expect(r[2]).toEqual({
      index: 2,
      status: 'error',
      error: { code: 'invalid_item', message: 'Each item must be an article object.' },
    });
    // Another site's category reads as unknown, exactly as in a real write.
    expect(r[3]).toMatchObject({ index: 3, status: 'error', error: { code: 'validation_error' } });
    // Items see the ones before them: the second n-2 updates the first.
    expect(r[4]).toMatchObject({ status: 'created', article: { id: null, external_id: 'n-2' } });
    expect(r[5]).toMatchObject({ status: 'updated', article: { id: null, external_id: 'n-2' } });
    expect(r[6].article).toMatchObject({ id: null, visibility: 'public' });

    expect(await tablesChangedSince(t.ds, before)).toEqual([]);
    expect(await filesUnder(settings().dataDir)).toEqual(filesBefore);
  });

  it('"dry_run": true in the JSON body is the same dry run; a real call then answers the same but for the ids', async () => {
    const before = await snapshotDatabase(t.ds);
    const dry = await bulk({ articles: items(), dry_run: true });
    expect(dry.status).toBe(207);
    expect(dry.body.dry_run).toBe(true);
    expect(await tablesChangedSince(t.ds, before)).toEqual([]);

    const events = async () =>
      Number((await t.ds.query('SELECT COUNT(*) AS n FROM outbox'))[0].n as string);
    const eventsBefore = await events();
    const real = await bulk({ articles: items() });
    expect(real.status).toBe(207);
    expect(real.body.dry_run).toBeUndefined();
    expect(real.body.results[0].article.id).toEqual(expect.any(Number));
    // The real call's answer is the dry run's, once new ids, times and tokens are set aside.
    expect(comparable(real.body)).toEqual(comparable(dry.body));
    // ... and it wrote what the dry run did not: one webhook and one audit event per article.
    expect(await events()).toBe(eventsBefore + 10);
    expect(await tablesChangedSince(t.ds, before)).toEqual(
      expect.arrayContaining(['articles', 'article_translations', 'outbox']),
    );
  });

  it('the other site sees none of it: its articles with the same external ids are untouched', async () => {
    const theirs = await t.request('GET', '/v1/articles', { key: otherKey });
    expect(
      theirs.body.articles.map((a: { external_id: string; title: Json }) => [
        a.external_id,
        a.title.en,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['n-1', 'Theirs n-1'],
        ['e-1', 'Theirs e-1'],
      ]),
    );
    expect(theirs.body.articles).toHaveLength(2);
  });

  it('a dry run is validated like the real call: 422 for more than 50 items, and for a dry_run that is no boolean', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ title: { en: `A ${i}` } }));
    const tooMany = await bulk({ articles: many, dry_run: true });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({
      message: 'The request could not be accepted.',
      errors: { articles: ['The articles field must not have more than 50 items.'] },
    });
    const word = await bulk({ articles: items(), dry_run: 'yes' });
    expect(word.status).toBe(422);
    expect(word.body.errors).toEqual({ dry_run: ['The dry run field must be true or false.'] });
    const query = await bulk({ articles: items() }, '?dry_run=yes');
    expect(query.status).toBe(422);
    expect(query.body.errors).toEqual({ dry_run: ['The dry run field must be true or false.'] });
  });

  it('rehost_images in a dry run checks and counts the images but stores no file and no image row', async () => {
    // A 1×1 PNG as a data: address, copied into the site's storage by a real write.
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const item = {
      title: { en: 'With image' },
      content: { en: `<p><img src="data:image/png;base64,${png}" alt="dot"></p>` },
      rehost_images: true,
    };
    const before = await snapshotDatabase(t.ds);
    const filesBefore = await filesUnder(settings().dataDir);
    const dry = await bulk({ articles: [item], dry_run: true });
    expect(dry.status).toBe(207);
    expect(dry.body.results[0]).toMatchObject({
      status: 'created',
      article: { id: null },
      images: { rehosted: 1, reused: 0, failed: [], failed_count: 0 },
    });
    expect(dry.body.results[0].article.content.en).not.toContain('data:');
    expect(await tablesChangedSince(t.ds, before)).toEqual([]);
    expect(await filesUnder(settings().dataDir)).toEqual(filesBefore);

    const real = await bulk({ articles: [item] });
    expect(real.body.results[0].images).toEqual(dry.body.results[0].images);
    expect((await filesUnder(settings().dataDir)).length).toBe(filesBefore.length + 1);
  });
});
