import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { loadSettings } from '@hc/contracts';
import { contentSecurityPolicy, dashboardFiles } from './static';

describe('the dashboard server (issue 37)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
  const app = express().use(dashboardFiles(() => root));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers every /app page with the app, never cached, framed by no one, no inline script', async () => {
    for (const url of [
      '/app',
      '/app/',
      '/app/sites/3/articles?status=draft',
      '/app/sites/3/design/7',
    ]) {
      const res = await request(app).get(url).expect(200);
      expect(res.text).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-store');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves fingerprinted assets as immutable for a year, and 404 for a missing one', async () => {
    const res = await request(app).get('/app/assets/index-AbC123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    const missing = await request(app).get('/app/assets/gone-XyZ.js').expect(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    await request(app).get('/app/assets/../index.html').expect(404);
  });

  it('leaves other paths and methods alone', async () => {
    expect((await request(app).get('/v1/articles')).status).toBe(404);
    expect((await request(app).get('/application')).status).toBe(404);
    expect((await request(app).post('/app/sites')).status).toBe(404);
  });

  it('allows images from the image origins and frames only from the embed hosts and readers', () => {
    const local = contentSecurityPolicy(
      loadSettings({
        HC_PUBLIC_URL: 'https://help.example',
        HC_READER_URL: 'https://read.example:8443',
        HC_EMBED_HOSTS: 'www.youtube.com',
      }),
    );
    expect(local['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://help.example']);
    expect(local['frame-src']).toEqual(['https://www.youtube.com', 'https://read.example:8443']);
    const s3 = contentSecurityPolicy(
      loadSettings({
        HC_PUBLIC_URL: 'https://help.example',
        HC_IMAGE_STORAGE: 's3',
        HC_S3_BUCKET: 'pics',
        HC_S3_PUBLIC_URL: 'https://cdn.example/pics',
        HC_EMBED_HOSTS: 'player.vimeo.com',
        HC_READER_URL: 'https://pages.example',
        HC_READER_DOMAIN: 'pages.example',
      }),
    );
    expect(s3['img-src']).toContain('https://cdn.example');
    // Every site's own reader address (the preview URL names the site's subdomain).
    expect(s3['frame-src']).toEqual(['https://player.vimeo.com', 'https://*.pages.example']);
  });
});
