import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { axeFailures, eventually, member, signedIn } from './support/dashboard';
import { edge, hc, ownerWithKey, postArticle, stack, unique } from './support/stack';

/** A reader's browser: headless browsers are left out of views and searches like other bots. */
const READER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Analytics in the dashboard (issue 39 item 2), as a site's Owner uses it: a reader opens an
 * article and searches (one search finds it, one finds nothing and is a spreadsheet formula),
 * `hc analytics rollup` computes the day, and the screen shows them in the charts' tables, the
 * most viewed articles and the content gaps; "Write this article" starts the editor with the
 * query as title; the gaps' CSV holds the formula inert. axe on the screen. One stack and one
 * browser for the file.
 */
describe('analytics in the dashboard (issue 39 item 2)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: Awaited<ReturnType<typeof ownerWithKey>>;
  const word = unique('quokka').toLowerCase();
  const title = `Feeding a ${word}`;
  /** Lower case: the analytics lists hold queries normalized. */
  const hostile = `=hyperlink("http://evil.example","${word}")`;
  const gap = `${word} adoption papers`;
  const today = new Date().toISOString().slice(0, 10);
  const app = (p: string) => `${stack.publicUrl}/app/sites/${owner.site.id}${p}`;

  useBrowser((b) => (browser = b));
  beforeAll(async () => {
    owner = await ownerWithKey(unique('Counted '));
    const created = await postArticle(owner.key, {
      title: { en: title },
      content: { en: `<p>A ${word} eats leaves.</p>` },
      published: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.article.id as number;

    // The search index takes the article in (then the reader's search finds it).
    await eventually(
      () => edge('GET', `/v1/articles?search=${word}`, { key: owner.key }),
      (found) => found.body.articles?.length > 0,
    );

    // A reader: one view, a search that finds the article, two that find nothing.
    const reader = await browser.newContext({ userAgent: READER_UA });
    const readerPage = await reader.newPage();
    const base = `${stack.readerUrl}/hc/${owner.site.subdomain}`;
    expect((await readerPage.goto(`${base}/articles/${id}`))?.status()).toBe(200);
    for (const q of [word, gap, hostile])
      expect((await readerPage.goto(`${base}/search?q=${encodeURIComponent(q)}`))?.status()).toBe(
        200,
      );
    await reader.close();
    // Views are written in batches within a second (issue #28); the rollup takes the rest.
    await eventually(
      () => edge('GET', `/v1/articles/${id}`, { key: owner.key }),
      (article) => article.body.article.views > 0,
    );
    const rolled = await hc('analytics', 'rollup', '--site', String(owner.site.id));
    expect(rolled.rolled_up.length).toBeGreaterThan(0);

    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en',
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto(app('/analytics'));
    await page.waitForURL(/\/signin\?return_to=/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  });
  afterAll(() => context?.close());

  const cells = (table: string, rowText: string) =>
    page
      .getByRole('table', { name: table, exact: true })
      .getByRole('row')
      .filter({ hasText: rowText })
      .getByRole('cell')
      .allTextContents();

  it('shows the reader’s view and searches in the charts’ tables and the lists, and passes axe', async () => {
    await page.getByRole('table', { name: 'Views and visitors' }).getByText(today).waitFor();
    expect(await cells('Views and visitors', today)).toEqual([today, '1', '1']);
    expect(await cells('Searches', today)).toEqual([today, '3', '2']);
    expect(await cells('Top articles', title)).toEqual([title, '1', '0', '0', '0', '0']);
    expect(await cells('Frequent searches', word)).toContain('1');
    const gaps = page.getByRole('table', { name: 'Searches with no results' });
    await gaps.getByText(gap).waitFor();
    await gaps.getByText(hostile).waitFor();
    expect(
      await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).count(),
    ).toBe(1);
    expect(await axeFailures(page)).toEqual([]);
    // and in the dark theme (then back)
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await page.locator('html[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    expect(await axeFailures(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    // The table instead of the drawing, on request.
    const traffic = page.getByRole('region', { name: 'Views and visitors' });
    expect(await traffic.locator('svg.recharts-surface').count()).toBe(1);
    await traffic.getByText('Table', { exact: true }).click();
    await traffic.getByRole('table').getByText(today).waitFor();
    expect(await traffic.locator('svg.recharts-surface').count()).toBe(0);
  });

  it('keeps the range and language in the URL, and shows the API’s own range message', async () => {
    await page.goto(app(`/analytics?from=2026-01-01&to=2026-12-31&lang=en`));
    await page.getByText('The range from from to to must not be longer than 92 days.').waitFor();
    await page.goto(app(`/analytics?from=${today}&to=${today}&lang=en`));
    expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe(
      'English (en)',
    );
    expect(await page.getByLabel('From').inputValue()).toBe(today);
    await page.getByRole('table', { name: 'Views and visitors' }).getByText(today).waitFor();
    expect(await cells('Views and visitors', today)).toEqual([today, '1', '1']);
  });

  it('downloads the content gaps as CSV, the reader’s formula inert', async () => {
    await page.goto(app('/analytics'));
    await page.getByRole('table', { name: 'Searches with no results' }).getByText(gap).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Searches with no results as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-.+-content-gaps-.+\.csv$/);
    const lines = (await readFile(await download.path()))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Search,Searches without results');
    expect(lines).toContain(`"'=hyperlink(""http://evil.example"",""${word}"")",1`);
    expect(lines).toContain(`${gap},1`);
  });

  it('"Write this article" opens the new-article editor with the query as its title', async () => {
    await page.goto(app('/analytics'));
    const gaps = page.getByRole('table', { name: 'Searches with no results' });
    await gaps.getByRole('link', { name: `Write this article: ${gap}` }).click();
    await page.waitForURL(new RegExp(`/app/sites/${owner.site.id}/articles/`));
    const field = page.getByRole('textbox', { name: 'Title', exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe(gap);
    // typed for the person: the draft is created with it, like any other
    await page.waitForURL(new RegExp(`/app/sites/${owner.site.id}/articles/\\d+$`));
  });

  it('shows a Viewer the same figures, without "Write this article" (they write no articles)', async () => {
    const viewer = await member(owner.site.id, 'viewer');
    const as = await signedIn(browser, viewer.email);
    try {
      await as.page.goto(app('/analytics'));
      const gaps = as.page.getByRole('table', { name: 'Searches with no results' });
      await gaps.getByText(gap).waitFor();
      expect(await gaps.getByRole('link').count()).toBe(0);
      expect(
        await as.page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).count(),
      ).toBe(1);
    } finally {
      await as.context.close();
    }
  });
});
