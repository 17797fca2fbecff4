import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { useBrowser } from './support/browser';
import { edge, hc, postArticle, siteWithKey, stack, unique } from './support/stack';
import { ATTACKER, XSS_VECTORS } from './support/xss-vectors';

const VECTORS = XSS_VECTORS.join('\n');

/** Opens a reader page, counting dialogs and requests to the attacker's host. */
async function visit(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  const attackerRequests: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    // Counted above; a dialog the page already closed (it navigated away) cannot be dismissed.
    d.dismiss().catch(() => undefined);
  });
  page.on('request', (r) => {
    if (r.url().includes(ATTACKER)) attackerRequests.push(r.url());
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  return { context, page, response, dialogs, attackerRequests };
}

async function clickAll(page: Page, selectors: string[]) {
  for (const selector of selectors) {
    const el = page.locator(selector).first();
    if ((await el.count()) === 0) continue;
    await el.click({ timeout: 2000, noWaitAfter: true }).catch(() => undefined);
  }
  await page.mouse.move(50, 300);
  await page.waitForTimeout(300);
}

describe('tenant content isolation in a real browser (issue #14)', () => {
  let browser: Browser;
  useBrowser((b) => (browser = b));

  it('an article carrying the common XSS vectors renders with nothing executable; the unsafe switch works for its site only', async () => {
    const safe = await siteWithKey('Safe');
    const unsafe = await siteWithKey('Unsafe');
    expect(safe.site.url).toBe(`${stack.env.HC_READER_URL}/hc/${safe.site.subdomain}`);
    await hc('site', 'update', '--site', String(unsafe.site.id), '--allow-unsafe-html');

    const urls: Record<string, string> = {};
    for (const s of [safe, unsafe]) {
      const created = await postArticle(s.key, {
        title: { en: 'Vectors' },
        content: { en: VECTORS },
        published: true,
      });
      expect(created.status).toBe(201);
      // Stored and read back exactly as sent (spec 2.1): the filter works at render only.
      expect(created.body.article.content.en).toBe(VECTORS);
      const view = created.body.article._links.view.url as string;
      expect(view.startsWith(`${stack.env.HC_READER_URL}/hc/${s.site.subdomain}/articles/`)).toBe(
        true,
      );
      urls[s.site.subdomain] = `${stack.readerUrl}${new URL(view).pathname}`;
    }

    const clean = await visit(browser, urls[safe.site.subdomain]);
    expect(clean.response?.status()).toBe(200);
    const csp = clean.response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    await clickAll(clean.page, [
      '#js1',
      '#js2',
      '#js3',
      '#js4',
      '#js5',
      '#data',
      '#go',
      '#fa',
      'summary',
    ]);
    expect(clean.dialogs).toEqual([]);
    expect(clean.attackerRequests).toEqual([]);
    expect(clean.page.url()).toBe(urls[safe.site.subdomain]);
    const body = await clean.page.locator('.hc-content').innerHTML();
    expect(body).not.toMatch(/<(script|svg|math|iframe|object|embed|form|base|meta|style)\b/i);
    expect(body).not.toMatch(/javascript:|\son\w+=/i);
    await clean.context.close();

    // The operator's switch: this site renders the stored HTML as it is, on its own origin.
    const open = await visit(browser, urls[unsafe.site.subdomain]);
    expect(open.response?.status()).toBe(200);
    await open.page.waitForTimeout(500);
    expect(open.dialogs).toContain('img');
    await open.context.close();
  });

  it('stored image files load in reader pages on the other origin', async () => {
    const png = await sharp({
      create: { width: 6, height: 4, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pixel.png');
    const upload = await fetch(`${stack.url}/v1/images`, {
      method: 'POST',
      headers: { apikey: stack.demo.key },
      body,
    });
    expect(upload.status).toBe(201);
    const src = ((await upload.json()) as { image: { url: string } }).image.url;
    const file = await fetch(src.replace(new URL(src).origin, stack.url));
    expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const created = await postArticle(stack.demo.key, {
      title: { en: unique('Pictured') },
      content: { en: `<p><img id="pic" src="${src}" alt="pic"></p>` },
      published: true,
    });
    const url = `${stack.readerUrl}${new URL(created.body.article._links.view.url as string).pathname}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    expect(await page.evaluate("document.getElementById('pic').naturalWidth")).toBe(6);
    await context.close();
  });

  it('reader pages are not served on the platform origin; the reader origin serves nothing else', async () => {
    const subdomain = stack.demo.site.subdomain;
    expect((await edge('GET', `/hc/${subdomain}`)).status).toBe(404);
    const reader = await fetch(`${stack.readerUrl}/hc/${subdomain}`);
    expect(reader.status).toBe(200);
    for (const path of [
      '/signin',
      '/app/account/connected-apps',
      '/v1/sites',
      '/oauth/jwks',
      '/healthz',
    ]) {
      expect((await fetch(`${stack.readerUrl}${path}`)).status).toBe(404);
    }
  });

  it('a page on the reader origin cannot read /consent or /app, and auth pages refuse to be framed', async () => {
    const unsafe = await siteWithKey('Hostile');
    await hc('site', 'update', '--site', String(unsafe.site.id), '--allow-unsafe-html');
    const created = await postArticle(unsafe.key, {
      title: { en: 'Hostile' },
      content: { en: '<p id="x">x</p>' },
      published: true,
    });
    const url = `${stack.readerUrl}${new URL(created.body.article._links.view.url as string).pathname}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    // Signed in to the dashboard in the same browser, as the victim would be.
    await page.goto(`${stack.url}/signin?return_to=/app/account/connected-apps`);
    await page.fill('input[name="email"]', stack.demo.user.email);
    await page.fill('input[name="password"]', stack.demo.password);
    await Promise.all([page.waitForURL(/connected-apps/), page.click('button[type="submit"]')]);
    await page.getByRole('heading', { level: 1, name: 'Connected apps' }).waitFor();

    await page.goto(url);
    const platform = stack.url;
    // Everything a script there (the site allows unsafe HTML) could try against the platform.
    const outcome = await page.evaluate(`(async () => {
      const out = {};
      for (const path of ['/app/account/connected-apps', '/app/account/connections', '/consent/x', '/signin']) {
        try {
          const r = await fetch('${platform}' + path, { credentials: 'include' });
          out[path] = 'read ' + r.status + ' ' + (await r.text()).length;
        } catch (e) { out[path] = 'refused'; }
      }
      // Blind state changes (the answers are opaque): sign the victim out everywhere.
      await fetch('${platform}/app/account/sign-out-everywhere', {
        method: 'POST', mode: 'no-cors', credentials: 'include',
        body: new URLSearchParams({ csrf: 'guessed' }),
      }).catch(() => undefined);
      const frame = document.createElement('iframe');
      frame.src = '${platform}/app/account/connected-apps';
      document.body.appendChild(frame);
      await new Promise((r) => setTimeout(r, 1500));
      try { out.frame = frame.contentDocument ? 'readable' : 'opaque'; } catch (e) { out.frame = 'opaque'; }
      return out;
    })()`);
    expect(outcome).toEqual({
      '/app/account/connected-apps': 'refused',
      '/app/account/connections': 'refused',
      '/consent/x': 'refused',
      '/signin': 'refused',
      frame: 'opaque',
    });
    // The framed dashboard page was refused (frame-ancestors 'none'): no document in the frame.
    const framed = page.frames().find((f) => f.url().includes('/app/account/connected-apps'));
    expect(framed ? await framed.content().catch(() => '') : '').not.toContain('Connected apps');
    // The forged post changed nothing: the dashboard session still works (the screen, issue 38,
    // shows only once its session is read; an ended one would be sent to sign in).
    await page.goto(`${platform}/app/account/connected-apps`);
    await page.getByRole('heading', { level: 1, name: 'Connected apps' }).waitFor();
    expect(page.url()).toBe(`${platform}/app/account/connected-apps`);
    await context.close();

    for (const path of ['/signin', '/app/account/connected-apps']) {
      const res = await fetch(`${stack.url}${path}`, { redirect: 'manual' });
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
    }
  });
});
