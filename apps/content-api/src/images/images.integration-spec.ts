import { createHash } from 'node:crypto';
import fsPromises from 'node:fs/promises';
import {
  articleRow,
  expectError,
  expectReusedImage,
  expectSuccess,
  filesUnder,
  TestApp,
  TestSite,
  useTwoSites,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import { ImagesRepository } from './images.repository';
import { IMAGE_STORAGE, type ImageStorage } from './storage/image-storage';
import {
  form,
  makeImage,
  oversizedPng,
  SVG,
  useTempDataDir,
  restoreEnv,
} from './testing/image-fixtures';

const REFUSED = 'The upload could not be accepted.';

describe('images: uploads, reads, delete, storage (spec 2.5, 4.7)', () => {
  let t: TestApp, dataDir: string, site: TestSite, other: TestSite, key: string, otherKey: string;
  let readKey: string;

  // The data directory is set before the app starts, and put back after it stopped.
  beforeAll(() => {
    dataDir = useTempDataDir();
  });
  useTwoSites(createContentApi, {}, (s) => ({ t, site, key, other, otherKey } = s));
  beforeAll(async () => {
    readKey = await t.factory.key(site, { scope: 'read' });
  });
  afterAll(restoreEnv);

  const upload = (
    k: string,
    entries: Parameters<typeof form>[0],
    headers?: Record<string, string>,
  ) => t.request('POST', '/v1/images', { key: k, raw: form(entries), headers });

  it('stores an upload: 201, fields of 2.5, type from the bytes, file served byte for byte at its URL', async () => {
    const png = await makeImage('png', 1);
    // The name and the part's Content-Type say JPEG; the bytes say PNG.
    const res = await upload(key, [
      ['file', { data: png, name: 'holiday photo.jpg' }],
      ['alt_text', 'A <b>"bold"</b> & [alt]'],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('success');
    expect(res.body.reused).toBe(false);
    const image = res.body.image;
    expect(image).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(
        new RegExp(`^http://localhost:8080/v1/images/files/${site.uuid}/[0-9a-f]{32}\\.png$`),
      ),
      filename: 'holiday photo.jpg',
      mime_type: 'image/png',
      size: png.length,
      checksum: createHash('sha256').update(png).digest('hex'),
      alt_text: '',
      snippets: {
        html: `<img src="${image.url}" alt="A &lt;b&gt;&quot;bold&quot;&lt;/b&gt; &amp; [alt]">`,
        markdown: `![A <b>"bold"</b> & \\[alt\\]](${image.url})`,
      },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const path = new URL(image.url).pathname;
    const served = await fetch(`${t.url}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it.each(['jpeg', 'gif', 'webp'] as const)(
    'accepts %s and reads its type from the bytes',
    async (format) => {
      const bytes = await makeImage(format, 2);
      const res = await upload(key, [['file', { data: bytes, name: 'x.png' }]]);
      expect(res.status).toBe(201);
      expect(res.body.image.mime_type).toBe(`image/${format}`);
      expect(res.body.image.url).toMatch(
        format === 'jpeg' ? /\.jpg$/ : new RegExp(`\\.${format}$`),
      );
    },
  );

  it('dedupes the same bytes: 200 reused with the original filename, url and created_at', async () => {
    const png = await makeImage('png', 3);
    const first = await upload(key, [['file', { data: png, name: 'first.png' }]]);
    const again = await upload(key, [
      ['file', { data: png, name: 'second.png' }],
      ['alt_text', 'again'],
    ]);
    expectReusedImage(again, {
      id: first.body.image.id,
      filename: 'first.png',
      url: first.body.image.url,
      created_at: first.body.image.created_at,
    });
    expect(again.body.image.snippets.html).toBe(`<img src="${first.body.image.url}" alt="again">`);
  });

  it('stores another copy with dedupe 0, and answers 422 for dedupe not 1 or 0', async () => {
    const png = await makeImage('png', 4);
    const first = await upload(key, [['file', { data: png, name: 'a.png' }]]);
    const copy = await upload(key, [
      ['file', { data: png, name: 'b.png' }],
      ['dedupe', '0'],
    ]);
    expect(copy.status).toBe(201);
    expect(copy.body.reused).toBe(false);
    expect(copy.body.image.id).not.toBe(first.body.image.id);
    expect(copy.body.image.url).not.toBe(first.body.image.url);
    const bad = await upload(key, [
      ['file', { data: png, name: 'b.png' }],
      ['dedupe', 'false'],
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      status: 'validation_error',
      message: REFUSED,
      errors: { dedupe: ['The dedupe field must be true or false.'] },
    });
  });

  it('keeps sites apart: the same bytes on another site are a new image there', async () => {
    const png = await makeImage('png', 5);
    const mine = await upload(key, [['file', { data: png, name: 'm.png' }]]);
    const theirs = await upload(otherKey, [['file', { data: png, name: 't.png' }]]);
    expect(theirs.status).toBe(201);
    expect(theirs.body.image.id).not.toBe(mine.body.image.id);
    expect(theirs.body.image.url).toContain(`/${other.uuid}/`);
    const foreign = await t.request('GET', `/v1/images/${mine.body.image.id}`, { key: otherKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ status: 'error', message: 'Image not found.' });
    const del = await t.request('DELETE', `/v1/images/${mine.body.image.id}`, { key: otherKey });
    expect(del.status).toBe(404);
    const list = await t.request('GET', `/v1/images?checksum=${mine.body.image.checksum}`, {
      key: otherKey,
    });
    expect(list.body.images.map((i: { id: number }) => i.id)).toEqual([theirs.body.image.id]);
  });

  it.each([
    [
      'no file and no source_url',
      [['alt_text', 'x']],
      'file',
      'Send the image as multipart/form-data under "file", or its https address as "source_url".',
    ],
    [
      'an SVG',
      [['file', 'SVG']],
      'file',
      'Unsupported image type. Upload a JPEG, PNG, GIF, or WebP image.',
    ],
    [
      'text bytes',
      [['file', 'TEXT']],
      'file',
      'Unsupported image type. Upload a JPEG, PNG, GIF, or WebP image.',
    ],
    [
      'a file over 10 MB',
      [['file', 'HUGE']],
      'file',
      'The image is too large. The maximum upload size is 10 MB.',
    ],
    [
      'an http source_url',
      [['source_url', 'http://example.com/a.png']],
      'source_url',
      'The source_url must be an https:// address.',
    ],
    [
      'both a file and a source_url',
      [
        ['file', 'PNG'],
        ['source_url', 'https://example.com/a.png'],
      ],
      'file',
      'Send either a file or a source_url, not both.',
    ],
    [
      'alt_text over 255',
      [
        ['file', 'PNG'],
        ['alt_text', 'x'.repeat(256)],
      ],
      'alt_text',
      'The alt text field must not be greater than 255 characters.',
    ],
    [
      'source_url over 2048',
      [['source_url', `https://example.com/${'a'.repeat(2040)}`]],
      'source_url',
      'The source url field must not be greater than 2048 characters.',
    ],
  ])('refuses %s with 422 and the spec message', async (_, entries, field, message) => {
    const files: Record<string, Buffer> = {
      SVG,
      TEXT: Buffer.from('hello, not an image'),
      HUGE: await oversizedPng(),
      PNG: await makeImage('png', 6),
    };
    const parts = (entries as [string, string][]).map(
      ([name, value]): [string, string | { data: Buffer; name: string }] =>
        name === 'file' ? [name, { data: files[value], name: 'upload.png' }] : [name, value],
    );
    const before = (await t.ds.query('SELECT COUNT(*) AS n FROM images'))[0].n;
    const res = await upload(key, parts);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 'validation_error',
      message: REFUSED,
      errors: { [field]: [message] },
    });
    expect((await t.ds.query('SELECT COUNT(*) AS n FROM images'))[0].n).toBe(before);
  });

  it('takes source_url in a JSON body and refuses a non-https one there too', async () => {
    const res = await t.request('POST', '/v1/images', {
      key,
      body: { source_url: 'ftp://example.com/a.png' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      source_url: ['The source_url must be an https:// address.'],
    });
    for (const source_url of ['https://a%40127.0.0.1/a.png', 'https://example.com%3A443/a.png']) {
      const unparsed = await t.request('POST', '/v1/images', { key, body: { source_url } });
      expect([source_url, unparsed.status, unparsed.body.errors]).toEqual([
        source_url,
        422,
        { source_url: ['The source_url must be an https:// address.'] },
      ]);
    }
    const none = await t.request('POST', '/v1/images', { key, body: {} });
    expect(none.body.errors.file).toEqual([
      'Send the image as multipart/form-data under "file", or its https address as "source_url".',
    ]);
    const dedupe = await t.request('POST', '/v1/images', {
      key,
      body: { source_url: 'https://x.test/a.png', dedupe: 'nope' },
    });
    expect(dedupe.body.errors).toEqual({ dedupe: ['The dedupe field must be true or false.'] });
  });

  it('needs content.write to upload: a read-only key gets 403 insufficient_scope', async () => {
    const res = await upload(readKey, [
      ['file', { data: await makeImage('png', 7), name: 'a.png' }],
    ]);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
  });

  describe('GET /images', () => {
    let lister: TestSite;
    let listKey: string;
    const ids: number[] = [];
    let checksum: string;

    beforeAll(async () => {
      lister = await t.factory.site();
      listKey = await t.factory.key(lister);
      for (let i = 0; i < 3; i++) {
        const res = await upload(listKey, [
          ['file', { data: await makeImage('png', 100 + i), name: `${i}.png` }],
        ]);
        ids.push(res.body.image.id);
      }
      const copy = await upload(listKey, [
        ['file', { data: await makeImage('png', 100), name: 'copy.png' }],
        ['dedupe', '0'],
      ]);
      ids.push(copy.body.image.id);
      checksum = copy.body.image.checksum;
    });

    it('lists newest first with paging meta', async () => {
      const res = await t.request('GET', '/v1/images', { key: listKey });
      expect(res.status).toBe(200);
      expect(res.body.images.map((i: { id: number }) => i.id)).toEqual([...ids].reverse());
      expect(res.body.meta).toEqual({ page: 1, per_page: 50, total_pages: 1, items_count: 4 });
      expect(res.body.images[0].alt_text).toBe('');
      const page = await t.request('GET', '/v1/images?limit=3&page=2', { key: listKey });
      expect(page.body.images.map((i: { id: number }) => i.id)).toEqual([ids[0]]);
      expect(page.body.meta).toEqual({ page: 2, per_page: 3, total_pages: 2, items_count: 4 });
    });

    it('filters by checksum: exact match, several with dedupe off', async () => {
      const res = await t.request('GET', `/v1/images?checksum=${checksum}`, { key: listKey });
      expect(res.body.images.map((i: { id: number }) => i.id)).toEqual([ids[3], ids[0]]);
      const none = await t.request('GET', `/v1/images?checksum=${'0'.repeat(64)}`, {
        key: listKey,
      });
      expect(none.body.images).toEqual([]);
      expect(none.body.meta.total_pages).toBe(1);
    });

    it('answers 422 for a limit over 100, and 302 to the API origin without Accept', async () => {
      const res = await t.request('GET', '/v1/images?limit=101', { key: listKey });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ limit: ['The limit field must not be greater than 100.'] });
      const redirect = await t.request('GET', '/v1/images?limit=101', {
        key: listKey,
        json: false,
      });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe('http://localhost:8080');
    });

    it('GET /images/{id} returns one image; unknown or malformed ids are 404 Image not found.', async () => {
      const res = await t.request('GET', `/v1/images/${ids[1]}`, { key: listKey });
      expectSuccess(res, 200, {
        image: expect.objectContaining({ id: ids[1], filename: '1.png' }),
      });
      for (const id of ['999999999', 'abc']) {
        const missing = await t.request('GET', `/v1/images/${id}`, { key: listKey });
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe('Image not found.');
      }
    });
  });

  describe('DELETE /images/{id}', () => {
    const article = (
      siteId: number,
      title: Record<string, string>,
      content: Record<string, string>,
      extra: { deleted?: boolean; published?: boolean } = {},
    ) =>
      articleRow(t.ds, siteId, {
        title,
        content,
        released: [],
        published: extra.published ?? false,
        deleted: extra.deleted,
        slug: (id, lang) => `s-${id}-${lang}`,
      });

    it('refuses with 409 and referenced_by (titles in every language) while content or drafts use the URL', async () => {
      const res = await upload(key, [
        ['file', { data: await makeImage('png', 200), name: 'used.png' }],
      ]);
      const { id, url } = res.body.image;
      const draft = await article(
        site.id,
        { en: 'Draft', de: 'Entwurf' },
        { en: '<p>x</p>', de: `<p><img src="${url}"></p>` },
      );
      const live = await article(
        site.id,
        { en: 'Live' },
        { en: `<img src="${url}" alt="">` },
        { published: true },
      );
      await article(site.id, { en: 'Trashed' }, { en: `<img src="${url}">` }, { deleted: true });
      await article(other.id, { en: 'Other site' }, { en: `<img src="${url}">` });
      const refused = await t.request('DELETE', `/v1/images/${id}`, { key });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ status: 'error', message: expect.any(String) });
      expect(refused.body.referenced_by).toEqual([
        { id: draft, title: { de: 'Entwurf', en: 'Draft' } },
        { id: live, title: { en: 'Live' } },
      ]);
      expect((await t.request('GET', `/v1/images/${id}`, { key })).status).toBe(200);
      const forced = await t.request('DELETE', `/v1/images/${id}?force=true`, { key });
      expect(forced.status).toBe(200);
      expect(forced.body.status).toBe('success');
      expect((await t.request('GET', `/v1/images/${id}`, { key })).status).toBe(404);
      expect((await fetch(`${t.url}${new URL(url).pathname}`)).status).toBe(404);
    });

    it('deletes an unused image and its file; force=1 works and force=yes is refused', async () => {
      const res = await upload(key, [
        ['file', { data: await makeImage('png', 201), name: 'free.png' }],
      ]);
      const bad = await t.request('DELETE', `/v1/images/${res.body.image.id}?force=yes`, { key });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ force: ['The force field must be true or false.'] });
      const ok = await t.request('DELETE', `/v1/images/${res.body.image.id}?force=1`, { key });
      expect(ok.status).toBe(200);
      expect(
        (await filesUnder(dataDir)).some((f) =>
          f.endsWith(new URL(res.body.image.url).pathname.split('/').pop()!),
        ),
      ).toBe(false);
    });
  });

  describe('a failed store leaves nothing behind', () => {
    it('storage failure: 500 with the spec message, no row, no file', async () => {
      const storage = t.app.get<ImageStorage>(IMAGE_STORAGE);
      const put = jest.spyOn(storage, 'put').mockRejectedValueOnce(new Error('disk full'));
      const before = (await filesUnder(dataDir)).length;
      const rows = (
        await t.ds.query('SELECT COUNT(*) AS n FROM images WHERE site_id = ?', [site.id])
      )[0].n;
      const res = await upload(key, [
        ['file', { data: await makeImage('png', 300), name: 'fail.png' }],
      ]);
      put.mockRestore();
      expectError(res, 500, 'storage_failed', 'The image could not be stored. Please try again.');
      expect((await filesUnder(dataDir)).length).toBe(before);
      expect(
        (await t.ds.query('SELECT COUNT(*) AS n FROM images WHERE site_id = ?', [site.id]))[0].n,
      ).toBe(rows);
      // Without Accept: application/json a 500 is an HTML page (spec 4.1 rule 3).
      const putAgain = jest.spyOn(storage, 'put').mockRejectedValueOnce(new Error('disk full'));
      const html = await t.request('POST', '/v1/images', {
        key,
        json: false,
        raw: form([['file', { data: await makeImage('png', 300), name: 'fail.png' }]]),
      });
      putAgain.mockRestore();
      expect(html.status).toBe(500);
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      // Nothing was left behind, so the same bytes store as a new image afterwards.
      const retry = await upload(key, [
        ['file', { data: await makeImage('png', 300), name: 'fail.png' }],
      ]);
      expect(retry.status).toBe(201);
    });

    it('database failure after the file was written: the file is removed again', async () => {
      const repo = t.app.get(ImagesRepository);
      const insert = jest.spyOn(repo, 'insert').mockRejectedValueOnce(new Error('connection lost'));
      const before = (await filesUnder(dataDir)).sort();
      const res = await upload(key, [
        ['file', { data: await makeImage('png', 301), name: 'fail.png' }],
      ]);
      insert.mockRestore();
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('The image could not be stored. Please try again.');
      expect((await filesUnder(dataDir)).sort()).toEqual(before);
    });

    it('a partial write leaves no file under the key', async () => {
      const before = (await filesUnder(dataDir)).sort();
      // The data dir becomes unwritable half-way: rename fails after the temp file was written.
      const rename = jest.spyOn(fsPromises, 'rename').mockRejectedValueOnce(new Error('EIO'));
      const res = await upload(key, [
        ['file', { data: await makeImage('png', 302), name: 'fail.png' }],
      ]);
      rename.mockRestore();
      expect(res.status).toBe(500);
      expect((await filesUnder(dataDir)).sort()).toEqual(before);
    });
  });
});
