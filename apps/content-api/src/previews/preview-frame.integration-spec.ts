import { createServer, Server } from 'node:http';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { resetSettings } from '@hc/contracts';
import { freePort, startTestApp, TestApp, testServices } from '@hc/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createReaderSite } from '../../../reader-site/src/app.factory';
import { createContentApi } from '../app.factory';

/**
 * Issue 37 item 5 in a real browser with two host names (two localhost ports are one site for
 * cookies and would hide a failure): the dashboard's page on dashboard.test frames the preview
 * on reader.test; no cookie is involved in the frame; a page on any other origin cannot frame it.
 */
describe('preview in a cross-site frame, in Chromium (issue 37)', () => {
  const saved = { ...process.env };
  let api: TestApp, reader: TestApp, browser: Browser, pages: Server;
  let port: number;
  let frameUrl = '';

  beforeAll(async () => {
    port = await freePort();
    process.env.HC_DASHBOARD_URL = `http://dashboard.test:${port}`;
    process.env.HC_READER_URL = 'http://reader.test:8081';
    resetSettings();
    api = await startTestApp(createContentApi);
    reader = await startTestApp(createReaderSite);
    // The dashboard's page (and the same page on another origin): it frames the preview URL.
    pages = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><title>dashboard</title><iframe id="p" src="${frameUrl}"></iframe>`);
    });
    await new Promise<void>((resolve) => pages.listen(port, '127.0.0.1', resolve));
    browser = await chromium.launch({
      executablePath: testServices().chromiumPath,
      args: [
        '--no-sandbox',
        '--host-resolver-rules=MAP dashboard.test 127.0.0.1, MAP reader.test 127.0.0.1, MAP evil.test 127.0.0.1',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => pages?.close(resolve));
    await reader?.close();
    await api?.close();
    process.env = { ...saved };
    resetSettings();
  });

  /** A fresh hand-off URL of a draft, pointed at the reader app on reader.test. */
  async function previewUrl(title: string): Promise<string> {
    const site = await api.factory.site();
    const key = await api.factory.key(site);
    const session = await api.factory.session(site.owner);
    const draft = await api.request('POST', '/v1/articles', {
      key,
      body: { title: { en: title } },
    });
    const res = await api.request('POST', '/v1/previews', {
      session,
      site: site.id,
      body: { article_id: draft.body.article.id, lang: 'en' },
    });
    const readerPort = new URL(reader.url).port;
    return `http://reader.test:${readerPort}${new URL(res.body.data.url).pathname}`;
  }

  async function framedText(host: string): Promise<string | null> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://${host}:${port}/`);
    const frame = page.frame({ url: /_preview/ });
    await page.waitForTimeout(300);
    const text = frame ? await frame.textContent('body').catch(() => null) : null;
    const cookies = await context.cookies();
    await context.close();
    expect(cookies).toEqual([]);
    return text;
  }

  it('the dashboard origin frames the draft preview; another origin is refused', async () => {
    frameUrl = await previewUrl('Framed draft');
    expect(await framedText('dashboard.test')).toContain('Framed draft');
    frameUrl = await previewUrl('Stolen draft');
    expect((await framedText('evil.test')) ?? '').not.toContain('Stolen draft');
    // The reader site did answer (the URL is spent): the browser refused to show it in the frame.
    const token = frameUrl.split('/').pop() as string;
    const [row] = await api.ds.query(
      'SELECT used_at FROM preview_handoffs WHERE token_hash = SHA2(?, 256)',
      [token],
    );
    expect(row.used_at).not.toBeNull();
  });
});
