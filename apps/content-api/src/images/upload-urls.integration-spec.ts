import { createHmac, randomBytes } from 'node:crypto';
import {
  expectError,
  expectReusedImage,
  oauthConnectionRow,
  request,
  startTestApp,
  TestApp,
  TestSite,
  uploadUrlRow,
  useSite,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import { IMAGE_STORAGE, type ImageStorage } from './storage/image-storage';
import { form, makeImage, SVG, useTempDataDir, restoreEnv } from './testing/image-fixtures';
import { resealSecrets, unseal } from '@hc/data';
import { resetSettings } from '@hc/contracts';

describe('images: upload URLs (spec 3.4, 4.7)', () => {
  let t: TestApp, site: TestSite, key: string;

  // The data directory is set before the app starts, and put back after it stopped.
  beforeAll(() => {
    useTempDataDir();
  });
  useSite(createContentApi, {}, (s) => ({ t, site, key } = s));
  afterAll(restoreEnv);

  async function issue(
    k = key,
  ): Promise<{ upload_url: string; expires_at: string; max_bytes: number }> {
    const res = await t.request('POST', '/v1/images/uploads', { key: k });
    expect(res.status).toBe(200);
    return res.body;
  }

  /** The URL as returned is on the API origin (http://localhost:8080); the test app listens elsewhere. */
  function local(uploadUrl: string): string {
    const u = new URL(uploadUrl, 'http://localhost:8080');
    return u.pathname + u.search;
  }

  async function put(uploadUrl: string, data: Buffer, extra: [string, string][] = []) {
    return t.request('POST', local(uploadUrl), {
      raw: form([['file', { data, name: 'via-url.png' }], ...extra]),
    });
  }

  async function sign(intent: string, expires: number): Promise<string> {
    const [{ value }] = await t.ds.query(
      "SELECT value FROM image_secrets WHERE name = 'upload_url_key'",
    );
    // Sealed at rest (issue 34).
    const key = unseal(value, 'image_secrets.value');
    return createHmac('sha256', key).update(`${intent}.${expires}`).digest('hex');
  }

  it('POST /images/uploads returns a signed URL on the API host, expires_at 15 minutes ahead, max_bytes', async () => {
    const before = Date.now();
    const body = await issue();
    expect(body).toEqual({
      status: 'success',
      upload_url: expect.stringMatching(
        /^http:\/\/localhost:8080\/v1\/images\/uploads\/[A-Za-z0-9_-]{32}\?expires=\d+&signature=[0-9a-f]{64}$/,
      ),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      max_bytes: 10_485_760,
    });
    const after = Date.now();
    // 15 minutes from the server's clock, floored to the second (format B has no milliseconds).
    const expires = Date.parse(body.expires_at);
    expect(expires).toBeGreaterThan(before + 15 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(after + 15 * 60_000);
  });

  it('uploads one image with no key (201), then answers 410 upload_url_used', async () => {
    const { upload_url } = await issue();
    const png = await makeImage('png', 21);
    const res = await put(upload_url, png, [['alt_text', 'Via URL']]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      reused: false,
      image: { filename: 'via-url.png', size: png.length },
    });
    expect(res.body.image.snippets.html).toContain('alt="Via URL"');
    const listed = await t.request('GET', `/v1/images/${res.body.image.id}`, { key });
    expect(listed.status).toBe(200);
    const again = await put(upload_url, await makeImage('png', 22));
    expectError(again, 410, 'upload_url_used');
  });

  it('answers 200 reused for bytes the site already has, and that spends the URL', async () => {
    const png = await makeImage('png', 23);
    const first = await t.request('POST', '/v1/images', {
      key,
      raw: form([['file', { data: png, name: 'orig.png' }]]),
    });
    const { upload_url } = await issue();
    const res = await put(upload_url, png);
    expectReusedImage(res, { id: first.body.image.id, filename: 'orig.png' });
    expect((await put(upload_url, png)).status).toBe(410);
  });

  it('a refused file (422) leaves the URL issued', async () => {
    const { upload_url } = await issue();
    const refused = await put(upload_url, SVG);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      status: 'validation_error',
      message: 'The upload could not be accepted.',
      errors: { file: ['Unsupported image type. Upload a JPEG, PNG, GIF, or WebP image.'] },
    });
    const missing = await t.request('POST', local(upload_url), {
      raw: form([['source_url', 'https://example.com/a.png']]),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ file: ['The file field is required.'] });
    const ok = await put(upload_url, await makeImage('png', 24));
    expect(ok.status).toBe(201);
  });

  it('a storage failure (500) leaves the URL issued', async () => {
    const { upload_url } = await issue();
    const storage = t.app.get<ImageStorage>(IMAGE_STORAGE);
    const spy = jest.spyOn(storage, 'put').mockRejectedValueOnce(new Error('bucket unavailable'));
    const failed = await put(upload_url, await makeImage('png', 25));
    spy.mockRestore();
    expectError(failed, 500, 'storage_failed', 'The image could not be stored. Please try again.');
    const ok = await put(upload_url, await makeImage('png', 25));
    expect(ok.status).toBe(201);
  });

  it('answers 403 upload_url_invalid for an altered or never-issued URL', async () => {
    const { upload_url } = await issue();
    const u = new URL(upload_url);
    const sig = u.searchParams.get('signature')!;
    const altered = [
      upload_url.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)),
      upload_url.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 60}`),
      upload_url.replace(/\?.*$/, ''),
      upload_url.replace(/uploads\/[^?]+/, `uploads/${randomBytes(24).toString('base64url')}`),
      `${u.origin}/v1/images/uploads/not-an-intent?expires=1&signature=${'0'.repeat(64)}`,
    ];
    for (const url of altered) {
      const res = await put(url, await makeImage('png', 26));
      expect([url, res.status, res.body]).toEqual([
        url,
        403,
        { status: 'error', code: 'upload_url_invalid', message: expect.any(String) },
      ]);
    }
    // A URL signed correctly for an intent that was never issued is still invalid.
    const ghost = randomBytes(24).toString('base64url');
    const expires = Math.floor(Date.now() / 1000) + 600;
    const res = await put(
      `/v1/images/uploads/${ghost}?expires=${expires}&signature=${await sign(ghost, expires)}`,
      await makeImage('png', 26),
    );
    expect(res.body.code).toBe('upload_url_invalid');
    expect((await put(upload_url, await makeImage('png', 27))).status).toBe(201);
  });

  it('reads expires and signature at the edge (UploadUrlQuery): malformed is 403 upload_url_invalid', async () => {
    const { upload_url } = await issue();
    const u = new URL(upload_url);
    const expires = u.searchParams.get('expires')!;
    const sig = u.searchParams.get('signature')!;
    const base = upload_url.replace(/\?.*$/, '');
    for (const query of [
      `?expires=${expires}`,
      `?signature=${sig}`,
      `?expires=soon&signature=${sig}`,
      `?expires=%20${expires}&signature=${sig}`,
      `?expires=${expires}&signature=${sig.toUpperCase()}`,
      `?expires=${expires}&signature=${sig}&signature=${sig}`,
    ]) {
      const res = await put(base + query, await makeImage('png', 71));
      expect([query, res.status, res.body]).toEqual([
        query,
        403,
        { status: 'error', code: 'upload_url_invalid', message: 'This upload URL is not valid.' },
      ]);
    }
    expect((await put(upload_url, await makeImage('png', 72))).status).toBe(201);
  });

  it('answers 410 upload_url_expired after 15 minutes', async () => {
    const { upload_url } = await issue();
    const intent = new URL(upload_url).pathname.split('/').pop()!;
    const past = new Date(Date.now() - 1000);
    past.setUTCMilliseconds(0);
    await t.ds.query('UPDATE image_upload_urls SET expires_at = ? WHERE intent = ?', [
      past,
      intent,
    ]);
    const expires = Math.floor(past.getTime() / 1000);
    const res = await put(
      `/v1/images/uploads/${intent}?expires=${expires}&signature=${await sign(intent, expires)}`,
      await makeImage('png', 28),
    );
    expectError(res, 410, 'upload_url_expired');
  });

  it('answers 403 upload_url_revoked when the creating key is revoked or no longer read & write', async () => {
    const revokedKey = await t.factory.key(site);
    const a = await issue(revokedKey);
    const downgradedKey = await t.factory.key(site);
    const b = await issue(downgradedKey);
    const [{ id: revokedId }] = await t.ds.query(
      'SELECT api_key_id AS id FROM image_upload_urls WHERE intent = ?',
      [new URL(a.upload_url).pathname.split('/').pop()],
    );
    const [{ id: downgradedId }] = await t.ds.query(
      'SELECT api_key_id AS id FROM image_upload_urls WHERE intent = ?',
      [new URL(b.upload_url).pathname.split('/').pop()],
    );
    await t.ds.query('UPDATE api_keys SET revoked_at = ? WHERE id = ?', [new Date(), revokedId]);
    await t.ds.query("UPDATE api_keys SET scope = 'read' WHERE id = ?", [downgradedId]);
    for (const url of [a.upload_url, b.upload_url]) {
      const res = await put(url, await makeImage('png', 29));
      expectError(res, 403, 'upload_url_revoked');
    }
    // Restoring the right makes the URL usable again: revocation is checked at upload time.
    await t.ds.query("UPDATE api_keys SET scope = 'read_write' WHERE id = ?", [downgradedId]);
    expect((await put(b.upload_url, await makeImage('png', 30))).status).toBe(201);
  });

  it('an OAuth-created URL is revoked when the person stops sharing the site or content.write', async () => {
    const person = site.owner;
    const clientId = `client-${randomBytes(4).toString('hex')}`;
    await oauthConnectionRow(t.ds, {
      userId: person.id,
      clientId,
      scopes: ['content.read', 'content.write'],
      siteIds: [site.id],
    });
    const makeUrl = async () => {
      const intent = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + 10 * 60_000);
      expiresAt.setUTCMilliseconds(0);
      await uploadUrlRow(t.ds, site.id, {
        intent,
        oauthClientId: clientId,
        userId: person.id,
        expiresAt,
      });
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `/v1/images/uploads/${intent}?expires=${expires}&signature=${await sign(intent, expires)}`;
    };
    const first = await makeUrl();
    expect((await put(first, await makeImage('png', 31))).status).toBe(201);
    const second = await makeUrl();
    await t.ds.query('UPDATE oauth_connections SET scopes = ? WHERE client_id = ?', [
      JSON.stringify(['content.read']),
      clientId,
    ]);
    expect((await put(second, await makeImage('png', 32))).body.code).toBe('upload_url_revoked');
    await t.ds.query('UPDATE oauth_connections SET scopes = ?, site_ids = ? WHERE client_id = ?', [
      JSON.stringify(['content.write']),
      JSON.stringify([]),
      clientId,
    ]);
    expect((await put(second, await makeImage('png', 32))).body.code).toBe('upload_url_revoked');
    await t.ds.query('DELETE FROM oauth_connections WHERE client_id = ?', [clientId]);
    expect((await put(second, await makeImage('png', 32))).body.code).toBe('upload_url_revoked');
  });

  it('creating one needs content.write', async () => {
    const readKey = await t.factory.key(site, { scope: 'read' });
    const res = await t.request('POST', '/v1/images/uploads', { key: readKey });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
  });

  it('two racing uploads to one URL: one image, the other gets 410', async () => {
    const { upload_url } = await issue();
    const results = await Promise.all([
      put(upload_url, await makeImage('png', 40)),
      put(upload_url, await makeImage('png', 41)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 410]);
  });

  it('honours a URL issued before the data key was rotated (issue 34: sealed key, same value)', async () => {
    const { upload_url } = await issue();
    const tier = process.env.HC_DATA_KEYS!;
    const fresh = `rotated:${randomBytes(32).toString('base64')}`;
    // The rotation as documented: the new key first, `hc data reencrypt`, the old key removed.
    process.env.HC_DATA_KEYS = `${fresh},${tier}`;
    await resealSecrets(t.ds);
    const [{ value }] = await t.ds.query(
      "SELECT value FROM image_secrets WHERE name = 'upload_url_key'",
    );
    expect(value).toMatch(/^enc:v1:rotated:/);
    process.env.HC_DATA_KEYS = fresh;
    resetSettings();
    // A replica started after the rotation (nothing cached) takes the URL within its 15 minutes.
    const replica = await startTestApp(createContentApi);
    try {
      const res = await request(replica.url, 'POST', local(upload_url), {
        raw: form([['file', { data: await makeImage('png', 51), name: 'rotated.png' }]]),
      });
      expect(res.status).toBe(201);
    } finally {
      await replica.close();
      process.env.HC_DATA_KEYS = `${tier},${fresh}`;
      await resealSecrets(t.ds);
      process.env.HC_DATA_KEYS = tier;
      resetSettings();
    }
  });
});
