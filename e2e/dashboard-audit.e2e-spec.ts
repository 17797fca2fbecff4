import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { createSite, dashboardSession, edge, hc, stack, unique } from './support/stack';

/**
 * The audit log in the dashboard (issue 39 item 4), as an Owner uses it: the dashboard writes
 * of the test (a category made and deleted, an article made) show with the person's name, once
 * the webhook-dispatcher has recorded them; a filter lives in the URL; each entry links to what
 * it changed (the deleted category to nothing); the CSV downloads. axe on the screen. One stack
 * and one browser for the file.
 */
describe('the audit log in the dashboard (issue 39 item 4)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: { id: number };
  let articleId: number;
  let categoryId: number;
  const name = 'Ada Auditor';
  const app = (p: string) => `${stack.publicUrl}/app/sites/${site.id}${p}`;

  useBrowser((b) => (browser = b));
  beforeAll(async () => {
    const email = `${unique('auditor')}@example.test`;
    const password = 'secret-pass-1';
    const { user } = await hc(
      'user',
      'create',
      ...['--email', email, '--name', name, '--password', password],
    );
    site = await createSite(user.id, unique('Audited '));
    // Writes as the dashboard makes them: the session credential, the site in the header.
    const as = { session: await dashboardSession(email, password), site: site.id };
    const category = await edge('POST', '/v1/categories', {
      ...as,
      body: { name: { en: 'Billing' } },
    });
    expect(category.status).toBe(201);
    categoryId = category.body.category.id;
    expect((await edge('DELETE', `/v1/categories/${categoryId}`, as)).status).toBe(200);
    const article = await edge('POST', '/v1/articles', {
      ...as,
      body: { title: { en: 'Pay an invoice' }, content: { en: '<p>Open Billing.</p>' } },
    });
    expect(article.status).toBe(201);
    articleId = article.body.article.id;
    // The dispatcher records the entries apart from the request: wait for all three.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const log = await edge('GET', '/v1/audit', as);
      expect(log.status).toBe(200);
      if (log.body.entries.length >= 3 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en' });
    page = await context.newPage();
    await page.goto(app('/audit'));
    await page.waitForURL(/\/signin\?return_to=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  });
  afterAll(() => context?.close());

  it('shows the dashboard writes with the person’s name, links them, and passes axe', async () => {
    const table = page.getByRole('table', { name: 'Audit log' });
    const row = (action: string) => table.getByRole('row').filter({ hasText: action });
    await row('article.create').waitFor();
    // A row can show before its person's name does (a loaded CI run counted too early): each
    // name is waited for, then counted once.
    for (const action of ['article.create', 'category.create', 'category.delete']) {
      const cell = row(action).getByRole('cell', { name, exact: true });
      await cell.first().waitFor();
      expect(await cell.count()).toBe(1);
    }
    // the category is gone: named, not linked
    expect(await row('category.create').getByRole('link').count()).toBe(0);
    await row('category.delete').getByText(`Category ${categoryId} (deleted)`).waitFor();
    expect(
      await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).count(),
    ).toBe(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // A filter is part of the URL; the entry opens the article in the editor.
    await page.goto(app('/audit?type=article'));
    await row('article.create').waitFor();
    expect(await row('category.').count()).toBe(0);
    await table.getByRole('link', { name: `Article ${articleId}` }).click();
    await page.waitForURL(new RegExp(`/app/sites/${site.id}/articles/${articleId}$`));
  });

  it('downloads the filtered log as CSV', async () => {
    await page.goto(app('/audit?type=category'));
    await page.getByRole('table', { name: 'Audit log' }).getByText('category.delete').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-.+-\d{4}-\d\d-\d\d\.csv$/);
    const text = (await readFile(await download.path())).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'When (UTC),Actor,Actor kind,Person id,API key id,App,Action,Object type,Object id,Request id,Entry id',
    );
    expect(lines.slice(1, -1).map((l) => l.split(',').slice(1, 3).concat(l.split(',')[6]))).toEqual(
      [
        [name, 'dashboard', 'category.delete'],
        [name, 'dashboard', 'category.create'],
      ],
    );
  });
});
