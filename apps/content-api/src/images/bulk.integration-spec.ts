import type { TestApp, TestSite } from '@hc/testing';
import { importLimits } from './image-rules';
import { IMAGE_STORAGE, type ImageStorage } from './storage/image-storage';
import {
  form,
  makeImage,
  send,
  startImportApp,
  SVG,
  type ImageServer,
} from './testing/image-fixtures';

describe('images: POST /images/bulk (spec 4.7)', () => {
  let t: TestApp;
  let server: ImageServer;
  let stop: () => Promise<void>;
  let site: TestSite, key: string, remote: Buffer;
  const saved = { ...importLimits };

  beforeAll(async () => {
    remote = await makeImage('webp', 50);
    ({ server, t, site, key, stop } = await startImportApp({
      '/a.webp': send(remote, 'image/webp'),
      '/gone.png': send('gone', 'text/plain', 410),
      '/slow.png': (_req, res) => {
        res.write('x');
        setTimeout(() => res.end(), 10_000).unref();
      },
    }));
  });
  afterAll(async () => {
    Object.assign(importLimits, saved);
    await stop();
  });

  const count = async () =>
    Number(
      (await t.ds.query('SELECT COUNT(*) AS n FROM images WHERE site_id = ?', [site.id]))[0].n,
    );
  /** The result a new image at `index` gets (the image as stored, its name and type checked). */
  const created = (index: number, filename: string, mime_type: string) => ({
    index,
    status: 'created',
    image: expect.objectContaining({ filename, mime_type }),
  });
  /** The result an address that could not be imported gets at `index`. */
  const importFailed = (index: number, source_url: string, message: string) => ({
    index,
    status: 'error',
    source_url,
    error: { code: 'import_failed', message },
  });
  const bulk = (entries: Parameters<typeof form>[0]) =>
    t.request('POST', '/v1/images/bulk', { key, raw: form(entries) });

  it('stores files[] by position: 207, results with index and status, meta', async () => {
    const a = await makeImage('png', 51);
    const b = await makeImage('jpeg', 52);
    const res = await bulk([
      ['files[]', { data: a, name: 'a.png' }],
      ['files[]', { data: b, name: 'b.jpg' }],
      ['files[]', { data: a, name: 'a-again.png' }],
      ['alt_texts[]', 'First'],
      ['alt_texts[]', 'Second'],
    ]);
    expect(res.status).toBe(207);
    expect(res.body.status).toBe('success');
    expect(res.body.results).toEqual([
      created(0, 'a.png', 'image/png'),
      created(1, 'b.jpg', 'image/jpeg'),
      { index: 2, status: 'reused', image: expect.objectContaining({ filename: 'a.png' }) },
    ]);
    expect(res.body.results[0].image.snippets.html).toContain('alt="First"');
    expect(res.body.results[1].image.snippets.html).toContain('alt="Second"');
    expect(res.body.meta).toEqual({ total: 3, created: 2, reused: 1, failed: 0 });
  });

  it('imports source_urls[] from JSON one at a time; a failure is an import_failed result inside the 207', async () => {
    const res = await t.request('POST', '/v1/images/bulk', {
      key,
      body: {
        source_urls: [
          `${server.origin}/a.webp`,
          `${server.origin}/gone.png`,
          'http://example.com/x.png',
        ],
        alt_texts: ['Remote'],
      },
    });
    expect(res.status).toBe(207);
    expect(res.body.results).toEqual([
      created(0, 'a.webp', 'image/webp'),
      importFailed(1, `${server.origin}/gone.png`, 'image returned HTTP 410'),
      importFailed(2, 'http://example.com/x.png', 'The source_url must be an https:// address.'),
    ]);
    expect(res.body.results[0].image.snippets.markdown).toMatch(/^!\[Remote\]\(/);
    expect(res.body.meta).toEqual({ total: 3, created: 1, reused: 0, failed: 2 });
  });

  it('mixes files and addresses with explicit indexes; alt texts follow the index', async () => {
    const res = await bulk([
      ['files[0]', { data: await makeImage('png', 53), name: 'zero.png' }],
      ['source_urls[1]', `${server.origin}/a.webp`],
      ['files[2]', { data: await makeImage('gif', 54), name: 'two.gif' }],
      ['alt_texts[1]', 'One'],
      ['alt_texts[2]', 'Two'],
    ]);
    expect(res.status).toBe(207);
    expect(
      res.body.results.map((r: { index: number; status: string }) => [r.index, r.status]),
    ).toEqual([
      [0, 'created'],
      [1, 'reused'],
      [2, 'created'],
    ]);
    expect(res.body.results[1].image.snippets.html).toContain('alt="One"');
    expect(res.body.results[2].image.snippets.html).toContain('alt="Two"');
  });

  it('refuses mixing without explicit indexes, and one index carrying both', async () => {
    const png = await makeImage('png', 55);
    const before = await count();
    const implicit = await bulk([
      ['files[]', { data: png, name: 'a.png' }],
      ['source_urls[]', `${server.origin}/a.webp`],
    ]);
    expect(implicit.status).toBe(422);
    expect(implicit.body.status).toBe('validation_error');
    expect(implicit.body.errors.files).toHaveLength(1);
    const both = await bulk([
      ['files[0]', { data: png, name: 'a.png' }],
      ['source_urls[0]', `${server.origin}/a.webp`],
    ]);
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({
      'source_urls.0': ['Index 0 carries both a file and a source_url.'],
    });
    expect(await count()).toBe(before);
  });

  it('checks every file first: one refused file fails the request with 422 naming it, nothing written', async () => {
    const before = await count();
    const res = await bulk([
      ['files[]', { data: await makeImage('png', 56), name: 'fine.png' }],
      ['files[]', { data: SVG, name: 'vector.png' }],
    ]);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'validation_error',
      message: 'The upload could not be accepted.',
      errors: { 'files.1': ['Unsupported image type. Upload a JPEG, PNG, GIF, or WebP image.'] },
    });
    expect(await count()).toBe(before);
  });

  it('refuses more than 20 items with the spec wording (files and URLs together, files only, URLs only)', async () => {
    const png = await makeImage('png', 57);
    const mixed: Parameters<typeof form>[0] = [];
    for (let i = 0; i < 11; i++) mixed.push([`files[${i}]`, { data: png, name: `${i}.png` }]);
    for (let i = 11; i < 21; i++) mixed.push([`source_urls[${i}]`, `${server.origin}/a.webp`]);
    const res = await bulk(mixed);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Too many images in one request. The maximum is 20 per batch, files and source URLs together.',
    );
    const files = await bulk(
      Array.from(
        { length: 21 },
        (_, i) =>
          ['files[]', { data: png, name: `${i}.png` }] as [string, { data: Buffer; name: string }],
      ),
    );
    expect(files.status).toBe(422);
    expect(files.body.message).toMatch(/^Too many files in one request\. The maximum is 20/);
    const urls = await t.request('POST', '/v1/images/bulk', {
      key,
      body: { source_urls: Array(21).fill(`${server.origin}/a.webp`) },
    });
    expect(urls.status).toBe(422);
    expect(urls.body.message).toMatch(/^Too many source URLs in one request\. The maximum is 20/);
  });

  it('a storage failure is a storage_failed result; the other items are stored', async () => {
    const storage = t.app.get<ImageStorage>(IMAGE_STORAGE);
    const spy = jest.spyOn(storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    const res = await bulk([
      ['files[]', { data: await makeImage('png', 58), name: 'lost.png' }],
      ['files[]', { data: await makeImage('png', 59), name: 'kept.png' }],
    ]);
    spy.mockRestore();
    expect(res.status).toBe(207);
    expect(res.body.results[0]).toEqual({
      index: 0,
      status: 'error',
      filename: 'lost.png',
      error: {
        code: 'storage_failed',
        message: 'The image could not be stored. Please try again.',
      },
    });
    expect(res.body.results[1].status).toBe('created');
    expect(res.body.meta).toEqual({ total: 2, created: 1, reused: 0, failed: 1 });
  });

  it('all downloads of one request share the time budget (45 s; shortened here)', async () => {
    expect(saved.bulkBudgetMs).toBe(45_000);
    importLimits.bulkBudgetMs = 800;
    try {
      const started = Date.now();
      const res = await t.request('POST', '/v1/images/bulk', {
        key,
        body: {
          source_urls: [
            `${server.origin}/slow.png`,
            `${server.origin}/slow.png?2`,
            `${server.origin}/a.webp`,
          ],
        },
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(207);
      expect(
        res.body.results.map((r: { error?: { message: string } }) => r.error?.message),
      ).toEqual([
        'could not be downloaded in time',
        'could not be downloaded in time',
        'could not be downloaded in time',
      ]);
    } finally {
      importLimits.bulkBudgetMs = saved.bulkBudgetMs;
    }
  });

  it('dedupe 0 stores copies in bulk too; dedupe must be 1 or 0', async () => {
    const png = await makeImage('png', 60);
    const res = await bulk([
      ['files[]', { data: png, name: 'a.png' }],
      ['files[]', { data: png, name: 'b.png' }],
      ['dedupe', '0'],
    ]);
    expect(res.body.meta).toEqual({ total: 2, created: 2, reused: 0, failed: 0 });
    const bad = await bulk([
      ['files[]', { data: png, name: 'a.png' }],
      ['dedupe', 'no'],
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ dedupe: ['The dedupe field must be true or false.'] });
  });

  it('an empty request is refused', async () => {
    const res = await t.request('POST', '/v1/images/bulk', { key, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('validation_error');
  });
});
