import type { Browser } from 'playwright-core';
import { useBrowser } from './support/browser';
import { edge, hc, postArticle, stack, unique } from './support/stack';

/** A reader's browser: headless browsers are left out of views and searches like other bots. */
const READER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('the reader site in a real browser (issue #10)', () => {
  let browser: Browser;
  useBrowser((b) => (browser = b));

  it('a published theme is what readers see; a reader opens an article, searches and rates it; analytics count it', async () => {
    const key = stack.demo.key;
    const subdomain = stack.demo.site.subdomain;
    // Publish a theme through the design API.
    expect((await edge('POST', '/v1/template/themes/aurora/apply', { key, body: {} })).status).toBe(
      200,
    );
    expect(
      (await edge('POST', '/v1/template/publish', { key, body: { message: 'Aurora' } })).status,
    ).toBe(200);
    const word = unique('zebrafinch');
    const created = await postArticle(key, {
      title: { en: `Caring for a ${word}` },
      content: { en: `<h2>Feeding</h2><p>A ${word} eats seeds.</p>` },
      published: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.article.id as number;
    const articleUrl = created.body.article._links.view.url as string;
    expect(articleUrl).toContain(`/hc/${subdomain}/articles/${id}`);

    const context = await browser.newContext({ userAgent: READER_UA });
    const page = await context.newPage();
    const response = await page.goto(`${stack.readerUrl}/hc/${subdomain}/articles/${id}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').first().textContent()).toBe(`Caring for a ${word}`);
    // Runs in the page (a string, so this file needs no DOM typings).
    const primary = await page.evaluate(
      "getComputedStyle(document.documentElement).getPropertyValue('--hc-color-primary').trim()",
    );
    expect(primary).toBe('#7c3aed');
    expect(await page.locator('[data-hc-component="ArticleBody"]').count()).toBe(1);
    expect(Buffer.byteLength(await page.content())).toBeLessThan(100 * 1024);

    // Search from the home page's search form (the theme's hero).
    expect((await page.goto(`${stack.readerUrl}/hc/${subdomain}`))?.status()).toBe(200);
    const search = page.locator('form[role="search"] input[name="q"]').first();
    await search.fill(word);
    await Promise.all([page.waitForURL(/\/search\?q=/), search.press('Enter')]);
    const result = page.locator('.hc-search-results a', { hasText: word });
    expect(await result.count()).toBe(1);
    await Promise.all([page.waitForURL(new RegExp(`/articles/${id}`)), result.click()]);

    // Rate it.
    await Promise.all([
      page.waitForURL(/rated=1/),
      page.getByRole('button', { name: 'Yes', exact: true }).click(),
    ]);
    expect(await page.getByRole('status').first().textContent()).toContain('Thank you');
    await context.close();

    // Ratings are written at once; views in batches within a second (issue #28).
    let article = await edge('GET', `/v1/articles/${id}`, { key });
    for (let i = 0; i < 30 && article.body.article.views === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      article = await edge('GET', `/v1/articles/${id}`, { key });
    }
    expect(article.body.article.ratings.thumbs_up).toBe(1);
    expect(article.body.article.views).toBe(1); // opened twice today by one reader: one view

    const rolled = await hc('analytics', 'rollup', '--site', String(stack.demo.site.id));
    expect(rolled.rolled_up).toHaveLength(2);
    const summary = await edge('GET', '/v1/analytics/summary', { key });
    expect(summary.status).toBe(200);
    expect(summary.body.summary.traffic.views.value).toBeGreaterThanOrEqual(1);
    expect(summary.body.summary.ratings.thumbs_up.value).toBeGreaterThanOrEqual(1);
    const searches = await edge('GET', '/v1/analytics/searches', { key });
    expect(searches.body.frequent_queries.map((q: { query: string }) => q.query)).toContain(
      word.toLowerCase(),
    );
    const content = await edge('GET', '/v1/analytics/content', { key });
    expect(content.body.articles.find((a: { id: number }) => a.id === id)).toMatchObject({
      views: 1,
      ratings: { thumbs_up: 1, thumbs_down: 0, love: 0 },
    });
  });
});
