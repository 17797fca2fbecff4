import { startTestApp, TestApp } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { useTempDataDir, restoreEnv } from './testing/image-fixtures';

describe('images: per-IP limits (spec 8)', () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    useTempDataDir();
    t = await startTestApp(createContentApi);
    const site = await t.factory.site();
    key = await t.factory.key(site);
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  // Empty bodies: refused with 422 after the limit check, so nothing is stored.
  const post = (path: string) => t.request('POST', path, { key, body: {} });

  it('POST /images, /images/uploads and /images/bulk share one counter, each with its own limit', async () => {
    for (let i = 0; i < 20; i++) expect((await post('/v1/images')).status).toBe(422);
    const bulk = await post('/v1/images/bulk');
    expect(bulk.status).toBe(429);
    expect(bulk.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(bulk.headers.get('retry-after'))).toBeGreaterThan(0);
    // 21 counted so far; POST /images and /images/uploads go on to 60.
    for (let i = 21; i < 59; i++) expect((await post('/v1/images')).status).toBe(422);
    expect((await post('/v1/images/uploads')).status).toBe(200);
    expect((await post('/v1/images')).status).toBe(429);
    expect((await post('/v1/images/uploads')).status).toBe(429);
  });

  it('uploads to an upload URL have their own 60 per minute', async () => {
    const url = '/v1/images/uploads/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx?expires=1&signature=00';
    for (let i = 0; i < 60; i++) expect((await t.request('POST', url)).status).toBe(403);
    const limited = await t.request('POST', url);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
  });
});
