import express from 'express';
import request from 'supertest';
import { pageHeaders } from './headers';
import { signInPage } from './pages';
import { serveStylesheet, stylesheet, STYLESHEET_PREFIX } from './stylesheet';

describe("the auth pages' stylesheet (issue 37: the dashboard's look)", () => {
  const app = express();
  app.use(STYLESHEET_PREFIX, serveStylesheet);
  app.get('/signin', pageHeaders(), (_req, res) => {
    res.type('html').send(signInPage('/signin', { csrf: 't' }));
  });

  it('links one fingerprinted stylesheet and carries no inline style or script', async () => {
    const res = await request(app).get('/signin').expect(200);
    const links = [...res.text.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(links).toEqual([stylesheet().href]);
    expect(stylesheet().href).toMatch(/^\/signin\/assets\/pages-[0-9a-f]{12}\.css$/);
    expect(res.text).not.toMatch(/<style|<script|style=/);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('serves the sheet under its hash for a year, and nothing under another name', async () => {
    const res = await request(app).get(stylesheet().href).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toContain('prefers-color-scheme: dark');
    await request(app).get(`${STYLESHEET_PREFIX}/pages-000000000000.css`).expect(404);
  });
});
