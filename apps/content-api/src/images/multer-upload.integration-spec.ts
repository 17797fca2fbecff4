import { request as httpRequest } from 'node:http';
import { TestApp, TestSite, useSite } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { form, makeImage, restoreEnv, useTempDataDir } from './testing/image-fixtures';

/**
 * Issue 36 item 8: the single-file upload routes read their body with multer (Nest's file
 * interceptor). The edges the change touches: a body over 32 MB (413, and only then), a file over
 * 10 MB (422 after every field), parts other than the first `file`, a body that is not multipart
 * it claims to be, and an upload URL whose signature is refused before a byte of body is read.
 */
describe('images: multer for single-file uploads (spec 4.1 rule 10, 4.7)', () => {
  let t: TestApp, key: string;
  let site: TestSite;

  beforeAll(() => {
    useTempDataDir();
  });
  useSite(createContentApi, {}, (s) => ({ t, key, site } = s));
  afterAll(restoreEnv);

  const upload = (entries: Parameters<typeof form>[0]) =>
    t.request('POST', '/v1/images', { key, raw: form(entries) });

  it('answers 413 for a body over 32 MB and 422 (not 413) for a 31 MB file', async () => {
    const over = await upload([
      ['file', { data: Buffer.alloc(32 * 1024 * 1024 + 1), name: 'a.png' }],
    ]);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ message: 'The request body is larger than 32 MB.' });
    const under = await upload([['file', { data: Buffer.alloc(31 * 1024 * 1024), name: 'a.png' }]]);
    expect(under.status).toBe(422);
    expect(under.body.errors).toEqual({
      file: ['The image is too large. The maximum upload size is 10 MB.'],
    });
  }, 60_000);

  it('checks every field before the file size, as before (a bad dedupe after a large file)', async () => {
    const res = await upload([
      ['file', { data: Buffer.alloc(11 * 1024 * 1024), name: 'a.png' }],
      ['dedupe', 'maybe'],
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ dedupe: ['The dedupe field must be true or false.'] });
  });

  it('reads the first `file` part only; other file parts are skipped, not refused', async () => {
    const first = await makeImage('png', 41);
    const res = await upload([
      ['image', { data: await makeImage('png', 42), name: 'other.png' }],
      ['file', { data: first, name: 'first.png' }],
      ['file', { data: await makeImage('png', 43), name: 'second.png' }],
      ['alt_text', 'kept'],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.image).toMatchObject({ filename: 'first.png', size: first.length });
    const rows = await t.ds.query('SELECT filename FROM images WHERE site_id = ?', [site.id]);
    expect(rows.map((r: { filename: string }) => r.filename)).toEqual(['first.png']);
  });

  it('reads a text field sent twice by its first value, as before', async () => {
    const png = await makeImage('png', 44);
    const first = await upload([
      ['file', { data: png, name: 'a.png' }],
      ['dedupe', '0'],
      ['dedupe', 'maybe'],
    ]);
    expect(first.status).toBe(201);
    const refused = await upload([
      ['file', { data: png, name: 'a.png' }],
      ['dedupe', 'maybe'],
      ['dedupe', '0'],
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ dedupe: ['The dedupe field must be true or false.'] });
  });

  it('treats a file part with an empty filename as no file (what a form with no file chosen sends)', async () => {
    const res = await upload([['file', { data: await makeImage('png', 45), name: '' }]]);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      file: [
        'Send the image as multipart/form-data under "file", or its https address as "source_url".',
      ],
    });
  });

  it('answers 400 invalid_multipart for a multipart body without a boundary', async () => {
    const res = await t.request('POST', '/v1/images', {
      key,
      raw: '--x\r\n',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'error',
      code: 'invalid_multipart',
      message: 'The multipart/form-data body could not be read.',
    });
  });

  it('refuses an upload URL with a wrong signature before reading its body', async () => {
    const issued = await t.request('POST', '/v1/images/uploads', { key });
    const url = new URL(issued.body.upload_url);
    url.searchParams.set('signature', 'f'.repeat(64));
    // Headers and the first bytes of a 20 MB body are sent, the rest never: the answer can only
    // come if the signature was checked without waiting for the body.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${t.url}${url.pathname}${url.search}`, {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': String(20 * 1024 * 1024),
        },
      });
      const timer = setTimeout(
        () => reject(new Error('no answer while the body was incomplete')),
        5_000,
      );
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
      req.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n');
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'error', code: 'upload_url_invalid' });
  });
});
