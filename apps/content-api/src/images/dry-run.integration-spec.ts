import {
  expectValidationErrors,
  filesUnder,
  selfSignedCertificate,
  snapshotDatabase,
  withoutBackgroundWriters,
  tablesChangedSince,
  TestApp,
  useTestApp,
  useTwoSites,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import {
  form,
  makeImage,
  restoreEnv,
  send,
  startImageServer,
  SVG,
  useTempDataDir,
  type ImageServer,
} from './testing/image-fixtures';

type Result = { index: number; status: string; image?: Record<string, unknown> };

/** An answer with what only a real store fixes (new ids, addresses, times) blanked. */
function comparable(body: { results: Result[]; meta: unknown }) {
  const copy = JSON.parse(JSON.stringify(body)) as { results: Result[]; dry_run?: boolean };
  const created = new Set(copy.results.map((r) => r.status === 'created' && r.image?.id));
  for (const r of copy.results) {
    if (!r.image || !created.has(r.image.id)) continue;
    Object.assign(r.image, { id: '<new>', url: '<new>', snippets: '<new>', created_at: '<time>' });
  }
  delete copy.dry_run;
  return copy;
}

/** Dry runs of POST /images/bulk (issue 25), on two sites. */
describe('POST /images/bulk dry runs (#25)', () => {
  let t: TestApp, server: ImageServer, dataDir: string, key: string;
  let otherKey: string, known: Buffer, theirs: Buffer, fresh: Buffer, knownId: number;
  let restoreSettings: () => void;

  beforeAll(async () => {
    server = await startImageServer(
      {
        '/a.webp': send(await makeImage('webp', 71), 'image/webp'),
        '/gone.png': send('gone', 'text/plain', 410),
        '/page.html': send('<html></html>', 'text/html'),
      },
      selfSignedCertificate(),
    );
    dataDir = useTempDataDir([`127.0.0.1:${server.port}`]);
    // The app's own writers are off while it runs: a snapshot sees only the requests.
    restoreSettings = withoutBackgroundWriters();
  });
  useTwoSites(createContentApi, {}, (s) => ({ t, key, otherKey } = s));
  beforeAll(async () => {
    [known, theirs, fresh] = await Promise.all([72, 73, 74].map((n) => makeImage('png', n)));
    const upload = (k: string, data: Buffer, name: string) =>
      t.request('POST', '/v1/images', { key: k, raw: form([['file', { data, name }]]) });
    knownId = (await upload(key, known, 'known.png')).body.image.id;
    // The other site already has `theirs`: for this site it is new, not reused.
    expect((await upload(otherKey, theirs, 'theirs.png')).status).toBe(201);
  });
  afterAll(async () => {
    restoreSettings();
    restoreEnv();
    await server.close();
  });

  const entries = (): Parameters<typeof form>[0] => [
    ['files[0]', { data: known, name: 'known-again.png' }],
    ['files[1]', { data: theirs, name: 'theirs.png' }],
    ['files[2]', { data: fresh, name: 'fresh.png' }],
    ['files[3]', { data: fresh, name: 'fresh-again.png' }],
    ['source_urls[4]', `${server.origin}/a.webp`],
    ['source_urls[5]', `${server.origin}/gone.png`],
    ['source_urls[6]', `${server.origin}/page.html`],
    ['alt_texts[2]', 'Fresh'],
  ];
  const bulk = (body: FormData, query = '') =>
    t.request('POST', `/v1/images/bulk${query}`, { key, raw: body });

  it('dry_run=1 checks files, downloads addresses and answers like the real call, storing nothing at all', async () => {
    const before = await snapshotDatabase(t.ds);
    const filesBefore = await filesUnder(dataDir);
    const hitsBefore = server.hits.length;

    const dry = await bulk(form(entries()), '?dry_run=1');
    expect(dry.status).toBe(207);
    expect(dry.body.dry_run).toBe(true);
    expect(dry.body.meta).toEqual({ total: 7, created: 3, reused: 2, failed: 2 });
    const r = dry.body.results;
    expect(r[0]).toMatchObject({ index: 0, status: 'reused', image: { id: knownId } });
    expect(r[0].image.url).toEqual(expect.stringContaining('/v1/images/files/'));
    expect(r[1]).toMatchObject({ index: 1, status: 'created', image: { id: null, url: null } });
    expect(r[2]).toEqual({
      index: 2,
      status: 'created',
      image: expect.objectContaining({
        id: null,
        url: null,
        snippets: null,
        filename: 'fresh.png',
        mime_type: 'image/png',
        size: fresh.length,
      }),
    });
    // The second copy of the same bytes is reused, as it would be: of an image that exists nowhere.
    expect(r[3]).toMatchObject({ index: 3, status: 'reused', image: { id: null, url: null } });
    expect(r[4]).toMatchObject({
      index: 4,
      status: 'created',
      image: { id: null, filename: 'a.webp', mime_type: 'image/webp' },
    });
    expect(r[5]).toEqual({
      index: 5,
      status: 'error',
      source_url: `${server.origin}/gone.png`,
      error: { code: 'import_failed', message: 'image returned HTTP 410' },
    });
    expect(r[6]).toMatchObject({ index: 6, status: 'error', error: { code: 'import_failed' } });
    // The addresses were really fetched (through the SSRF-safe fetcher) ...
    expect(server.hits.slice(hitsBefore)).toEqual(['/a.webp', '/gone.png', '/page.html']);
    // ... and yet no row, no event, no audit entry and no file is left.
    expect(await tablesChangedSince(t.ds, before)).toEqual([]);
    expect(await filesUnder(dataDir)).toEqual(filesBefore);
  });

  it('a form field dry_run=1 is the same dry run; the real call then answers the same but for the ids', async () => {
    const before = await snapshotDatabase(t.ds);
    const filesBefore = await filesUnder(dataDir);
    const dry = await bulk(form([...entries(), ['dry_run', '1']]));
    expect(dry.status).toBe(207);
    expect(dry.body.dry_run).toBe(true);
    expect(await tablesChangedSince(t.ds, before)).toEqual([]);
    expect(await filesUnder(dataDir)).toEqual(filesBefore);

    const real = await bulk(form(entries()));
    expect(real.status).toBe(207);
    expect(real.body.dry_run).toBeUndefined();
    expect(comparable(real.body)).toEqual(comparable(dry.body));
    // The real call stored three files and their rows.
    expect((await filesUnder(dataDir)).length).toBe(filesBefore.length + 3);
    expect(await tablesChangedSince(t.ds, before)).toContain('images');
  });

  it('JSON "dry_run": true for addresses; a refused file fails a dry run with 422 exactly like the real call', async () => {
    const before = await snapshotDatabase(t.ds);
    const json = await t.request('POST', '/v1/images/bulk', {
      key,
      body: { source_urls: [`${server.origin}/a.webp`], dry_run: true },
    });
    expect(json.status).toBe(207);
    expect(json.body).toMatchObject({
      dry_run: true,
      // Stored by the real call of the test before: reused, with its real id.
      results: [{ index: 0, status: 'reused', image: { id: expect.any(Number) } }],
    });
    const refused = () =>
      form([
        ['files[]', { data: fresh, name: 'ok.png' }],
        ['files[]', { data: SVG, name: 'x.svg' }],
      ]);
    const dry = await bulk(refused(), '?dry_run=1');
    const real = await bulk(refused());
    expect(dry.status).toBe(422);
    expect(dry.body).toEqual(real.body);
    expect(Object.keys(dry.body.errors)).toEqual(['files.1']);
    const word = await bulk(form([...entries(), ['dry_run', 'yes']]));
    expect(word.status).toBe(422);
    expect(word.body.errors).toEqual({ dry_run: ['The dry run field must be true or false.'] });
    // The query's `dry_run` is read at the edge (DryRunQuery): 1/0 only, shape (b).
    const query = await bulk(form(entries()), '?dry_run=true');
    expectValidationErrors(query, { dry_run: ['The dry run field must be true or false.'] });
    expect(await tablesChangedSince(t.ds, before)).toEqual([]);
  });
});

describe('POST /images/bulk dry runs count toward the per-IP limit (#25, spec 8)', () => {
  let t: TestApp;

  // The data directory is set before the app starts, and put back after it stopped.
  beforeAll(() => {
    useTempDataDir();
  });
  useTestApp(createContentApi, (app) => (t = app));
  afterAll(restoreEnv);

  it('dry runs of both bulk imports use up the shared per-IP counter like real ones', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const body = form([['files[]', { data: await makeImage('png', 75), name: 'a.png' }]]);
    for (let i = 0; i < 10; i++) {
      const articles = await t.request('POST', '/v1/articles/bulk?dry_run=1', {
        key,
        body: { articles: [{ title: { en: `Dry ${i}` } }] },
      });
      expect(articles.status).toBe(207);
      const images = await t.request('POST', '/v1/images/bulk?dry_run=1', { key, raw: body });
      expect(images.status).toBe(207);
    }
    // 20 counted: POST /images/bulk has used up its 20 a minute, dry or not.
    const real = await t.request('POST', '/v1/images/bulk', { key, raw: body });
    expect(real.status).toBe(429);
    expect(real.body).toEqual({ message: 'Too Many Attempts.' });
  });
});
