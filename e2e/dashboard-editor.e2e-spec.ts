import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { useBrowser } from './support/browser';
import { eventually, member, signedIn } from './support/dashboard';
import { edge, ownerWithKey, stack } from './support/stack';
import { ATTACKER, XSS_VECTORS } from './support/xss-vectors';

/**
 * The dashboard is used at the platform origin (HC_PUBLIC_URL): a session write carries the
 * browser's Origin, which must be exactly that origin.
 *
 * The article editor in the real Chromium (issue 37 items 4 and 6, "Trust"): a person signs in,
 * writes, publishes and restores; two people editing one article get the conflict dialog and lose
 * nothing; stored hostile HTML opened in the editor runs nothing on the platform origin. No fixed
 * sleeps: every wait is on a condition (an element, a request, the stored article).
 */

async function article(key: string, id: number) {
  const answer = await edge('GET', `/v1/articles/${id}`, { key });
  return answer.body.article as {
    content: Record<string, string>;
    title: Record<string, string>;
    published: boolean;
    _links: { view: { url: string } };
  };
}

function editorUrl(siteId: number, articleId: number | 'new') {
  return `${stack.publicUrl}/app/sites/${siteId}/articles/${articleId}`;
}

describe('the dashboard editor in a real browser (issue 37)', () => {
  let browser: Browser;
  useBrowser((b) => (browser = b));

  it('a person writes an article with an image and a table, publishes it, and readers see it', async () => {
    const { email, site, key } = await ownerWithKey('Editor site');
    const { context, page } = await signedIn(browser, email);
    try {
      await page.goto(editorUrl(site.id, 'new'));
      await page.getByLabel('Title', { exact: true }).fill('Getting started');
      await page.waitForURL(/\/articles\/\d+$/);
      const id = Number(/\/articles\/(\d+)$/.exec(page.url())?.[1]);

      const content = page.locator('.ProseMirror').first();
      await content.click();
      await page.keyboard.type('Welcome aboard.');
      await page.getByRole('button', { name: 'Insert table' }).click();
      await page.keyboard.type('Plan');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Price');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Free');
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#3366ff' },
      })
        .png()
        .toBuffer();
      await page
        .locator('[data-testid="image-file"]')
        .setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: png });
      await content.locator('img[alt="diagram"]').waitFor();

      const saved = await eventually(
        () => article(key, id),
        (a) =>
          /<table>/.test(a.content.en ?? '') &&
          /<img src="[^"]+" alt="diagram">/.test(a.content.en ?? ''),
      );
      expect(saved.content.en).toContain('<p>Welcome aboard.</p>');
      expect(saved.content.en).toContain('<th>Plan</th><th>Price</th>');

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('Published', { exact: true }).first().waitFor();
      const published = await eventually(
        () => article(key, id),
        (a) => a.published,
      );
      const reader = await context.newPage();
      await reader.goto(`${stack.readerUrl}${new URL(published._links.view.url).pathname}`);
      await reader.locator('table th', { hasText: 'Price' }).waitFor();
      expect(
        await reader.locator('article img[alt="diagram"], main img[alt="diagram"]').count(),
      ).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('two people edit the same article: the second save gets the conflict dialog with both versions, nothing is overwritten silently', async () => {
    const { email, site, key } = await ownerWithKey('Conflict site');
    const { email: other } = await member(site.id, 'editor');
    const created = await edge('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Shared' }, content: { en: '<p>Base text.</p>' } },
    });
    const id = created.body.article.id as number;
    const a = await signedIn(browser, email);
    const b = await signedIn(browser, other);
    try {
      for (const { page } of [a, b]) {
        await page.goto(editorUrl(site.id, id));
        await page.locator('.ProseMirror p', { hasText: 'Base text.' }).waitFor();
      }
      // A types and saves (after the idle pause): the stored article is A's.
      const typeAtEnd = async (page: Page, text: string) => {
        await page.locator('.ProseMirror p', { hasText: 'Base text.' }).click();
        await page.keyboard.press('End');
        await page.keyboard.type(text);
      };
      await typeAtEnd(a.page, ' Alpha added.');
      await eventually(
        () => article(key, id),
        (x) => (x.content.en ?? '').includes('Alpha added.'),
      );
      await a.page.getByText('All changes saved').waitFor();
      // B started from the same revision: their save is refused and both versions are shown.
      await typeAtEnd(b.page, ' Beta added.');
      const dialog = b.page.getByRole('dialog', { name: 'Two versions of this article' });
      await dialog.waitFor({ timeout: 20_000 });
      expect(await dialog.getByTestId('conflict-theirs').innerText()).toContain('Alpha added.');
      expect(await dialog.getByTestId('conflict-mine').innerText()).toContain('Beta added.');
      // Nothing was overwritten while the person decides.
      expect((await article(key, id)).content.en).toContain('Alpha added.');
      expect((await article(key, id)).content.en).not.toContain('Beta added.');
      await dialog.getByRole('button', { name: 'Keep my version' }).click();
      const kept = await eventually(
        () => article(key, id),
        (x) => (x.content.en ?? '').includes('Beta added.'),
      );
      expect(kept.content.en).toBe('<p>Base text. Beta added.</p>');
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });

  it('a Viewer opens an article read-only: no toolbar, no Publish, no Restore, nothing editable', async () => {
    const { site, key } = await ownerWithKey('Viewer site');
    const { email } = await member(site.id, 'viewer');
    const created = await edge('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Read only' }, content: { en: '<p>Look, do not touch.</p>' } },
    });
    const { context, page } = await signedIn(browser, email);
    try {
      await page.goto(editorUrl(site.id, created.body.article.id as number));
      const content = page.locator('.ProseMirror').first();
      await content.locator('p', { hasText: 'Look, do not touch.' }).waitFor();
      expect(await content.getAttribute('contenteditable')).toBe('false');
      expect(
        await page.getByLabel('Title', { exact: true }).getAttribute('readonly'),
      ).not.toBeNull();
      expect(await page.getByRole('button', { name: 'Insert table' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Publish|Save|Unpublish)$/ }).count()).toBe(
        0,
      );
      await page.getByRole('button', { name: 'History' }).click();
      await page.getByText(/No versions in en yet/).waitFor();
      expect(await page.getByRole('button', { name: 'Restore' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('history shows who replaced a version and how, its word diff with live, and restores it', async () => {
    const { email, site, key } = await ownerWithKey('History site', {
      siteFlags: ['--plan', 'catalyst', '--staging-preview'],
    });
    const created = await edge('POST', '/v1/articles', {
      key,
      body: {
        title: { en: 'Refunds' },
        content: { en: '<p>Refunds take ten days.</p>' },
        published: true,
      },
    });
    const id = created.body.article.id as number;
    await edge('PATCH', `/v1/articles/${id}/staged`, {
      key,
      body: { locale: 'en', content: '<p>Refunds take three days.</p>' },
    });
    const published = await edge('POST', `/v1/articles/${id}/staged/publish`, {
      key,
      body: { locale: 'en' },
    });
    expect(published.status).toBe(200);

    const { context, page } = await signedIn(browser, email);
    try {
      await page.goto(editorUrl(site.id, id));
      await page.getByRole('button', { name: 'History' }).click();
      const row = page.getByTestId('version-row').first();
      await row.waitFor();
      expect(await row.innerText()).toMatch(/publishing staged changes, by API key #\d+/);
      await page
        .getByRole('radio', { name: /^Compare version/ })
        .first()
        .check();
      const diff = page.getByTestId('version-diff');
      await diff.waitFor();
      expect(await diff.locator('del').allInnerTexts()).toContain('ten');
      expect(await diff.locator('ins').allInnerTexts()).toContain('three');

      await row.getByRole('button', { name: 'Restore' }).click();
      await page.locator('.ProseMirror p', { hasText: 'Refunds take ten days.' }).waitFor();
      expect((await article(key, id)).content.en).toBe('<p>Refunds take ten days.</p>');
    } finally {
      await context.close();
    }
  });

  it('a stored article carrying every XSS vector of the reader-site tests runs nothing when opened in the editor', async () => {
    const { email, site, key } = await ownerWithKey('Hostile site');
    const vectors = [...XSS_VECTORS, `<p>Readable paragraph</p>`].join('\n');
    const created = await edge('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Vectors' }, content: { en: vectors } },
    });
    const id = created.body.article.id as number;

    const { context, page } = await signedIn(browser, email);
    const dialogs: string[] = [];
    const attacker: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss().catch(() => undefined);
    });
    context.on('request', (r) => {
      if (r.url().includes(ATTACKER)) attacker.push(r.url());
    });
    await context.addInitScript('window.__pwned = 0;');
    try {
      await page.goto(editorUrl(site.id, id));
      await page.locator('.ProseMirror p', { hasText: 'Readable paragraph' }).waitFor();
      const editor = page.locator('.ProseMirror').first();
      // Everything a person would do on the page: hover, click the kept blocks, open history.
      await editor.hover();
      for (const block of await editor.locator('.hc-raw-html').all())
        await block.click({ timeout: 2000 }).catch(() => undefined);
      await page.mouse.move(20, 400);
      // Settled, not slept: no request in flight, and two frames painted after the last input.
      await page.waitForLoadState('networkidle');
      await page.evaluate(
        'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
      );
      expect(dialogs).toEqual([]);
      expect(attacker).toEqual([]);
      expect(await page.evaluate('window.__pwned')).toBe(0);
      expect(
        await editor
          .locator('img, svg, math, script, iframe, object, embed, form, video, base, meta, style')
          .count(),
      ).toBe(0);
      expect(await editor.locator('.hc-raw-html').count()).toBeGreaterThan(5);
      expect(await editor.innerText()).toContain(`<script>alert('script')`);
      // Opening wrote nothing.
      expect((await article(key, id)).content.en).toBe(vectors);
    } finally {
      await context.close();
    }
  });
});
