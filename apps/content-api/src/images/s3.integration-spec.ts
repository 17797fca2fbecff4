import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetSettings } from '@hc/contracts';
import { expectError, startTestApp, TestApp } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { IMAGE_STORAGE, type ImageStorage } from './storage/image-storage';
import { form, makeImage, useTempDataDir, restoreEnv } from './testing/image-fixtures';

describe('images on S3-compatible storage (HC_IMAGE_STORAGE=s3)', () => {
  let t: TestApp;
  let bucket: http.Server;
  const objects = new Map<string, Buffer>();
  let refuse = false;
  const saved = { ...process.env };

  beforeAll(async () => {
    bucket = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        if (refuse) {
          res.statusCode = 403;
          res.end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
          return;
        }
        if (req.method === 'GET') {
          const found = objects.get(path);
          res.statusCode = found ? 200 : 404;
          res.end(found ?? '<Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>');
          return;
        }
        if (req.method === 'PUT') objects.set(path, Buffer.concat(chunks));
        if (req.method === 'DELETE') objects.delete(path);
        res.statusCode = req.method === 'DELETE' ? 204 : 200;
        res.end();
      });
    });
    await new Promise<void>((r) => bucket.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
    useTempDataDir();
    Object.assign(process.env, {
      HC_IMAGE_STORAGE: 's3',
      HC_S3_BUCKET: 'hc-test',
      HC_S3_ENDPOINT: endpoint,
      HC_S3_FORCE_PATH_STYLE: 'true',
      HC_S3_PUBLIC_URL: 'https://images.example.com',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    });
    resetSettings();
    t = await startTestApp(createContentApi);
  });
  afterAll(async () => {
    restoreEnv();
    await t.close();
    await new Promise((r) => bucket.close(r));
    for (const name of [
      'HC_IMAGE_STORAGE',
      'HC_S3_BUCKET',
      'HC_S3_ENDPOINT',
      'HC_S3_FORCE_PATH_STYLE',
      'HC_S3_PUBLIC_URL',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
    ]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetSettings();
  });

  it('stores the bytes in the bucket and answers with the public URL; delete removes the object', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const png = await makeImage('png', 80);
    const res = await t.request('POST', '/v1/images', {
      key,
      raw: form([['file', { data: png, name: 'cloud.png' }]]),
    });
    expect(res.status).toBe(201);
    const url: string = res.body.image.url;
    expect(url).toMatch(
      new RegExp(`^https://images\\.example\\.com/${site.uuid}/[0-9a-f]{32}\\.png$`),
    );
    const objectPath = `/hc-test/${url.slice('https://images.example.com/'.length)}`;
    expect(objects.get(objectPath)?.equals(png)).toBe(true);
    const del = await t.request('DELETE', `/v1/images/${res.body.image.id}`, { key });
    expect(del.status).toBe(200);
    expect(objects.has(objectPath)).toBe(false);
  });

  it('a refused put is 500 storage_failed with no row left', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    refuse = true;
    try {
      const res = await t.request('POST', '/v1/images', {
        key,
        raw: form([['file', { data: await makeImage('png', 81), name: 'x.png' }]]),
      });
      expectError(res, 500, 'storage_failed', 'The image could not be stored. Please try again.');
    } finally {
      refuse = false;
    }
    expect(
      (await t.ds.query('SELECT COUNT(*) AS n FROM images WHERE site_id = ?', [site.id]))[0].n,
    ).toBe(0);
  });

  it('reads a stored object back (the export zip copies it); a missing one reads as null', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const png = await makeImage('png', 81);
    const res = await t.request('POST', '/v1/images', {
      key,
      raw: form([['file', { data: png, name: 'back.png' }]]),
    });
    const storageKey = (res.body.image.url as string).slice('https://images.example.com/'.length);
    const storage = t.app.get<ImageStorage>(IMAGE_STORAGE);
    expect((await storage.read(storageKey))?.equals(png)).toBe(true);
    expect(await storage.read(`${site.uuid}/${'0'.repeat(32)}.png`)).toBeNull();
  });
});
