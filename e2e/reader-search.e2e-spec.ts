import type { Browser } from 'playwright-core';
import { useBrowser } from './support/browser';
import { postArticle, siteWithKey, stack } from './support/stack';

/** A reader's browser (headless browsers are counted as bots and their searches left out). */
const READER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Issue 40 in a real browser: the reader search box shows instant results as the reader types
 * (a misspelled, unfinished word included), the matched words marked, and the search page offers
 * "did you mean" when the corrected query finds more.
 */
describe('reader search box in a browser (issue 40)', () => {
  let browser: Browser;
  useBrowser((b) => (browser = b));

  it('instant results while typing, and "did you mean" on the search page', async () => {
    const { site, key } = await siteWithKey('Search box');
    for (const [title, text] of [
      ['Billing address', 'Change the billing address printed on receipts.'],
      ['Pay your bills', 'Cards and transfers are accepted.'],
      ['Reset your password', 'Ask for a reset link by email.'],
    ]) {
      const res = await postArticle(key, {
        title: { en: title },
        content: { en: `<p>${text}</p>` },
        published: true,
      });
      expect(res.status).toBe(201);
    }
    const page = await (await browser.newContext({ userAgent: READER_UA })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const instantAnswers: number[] = [];
    page.on(
      'response',
      (r) => r.url().includes('/search/instant') && instantAnswers.push(r.status()),
    );
    // A refused script or connection would be reported here.
    page.on('console', (m) => /Content Security Policy/i.test(m.text()) && errors.push(m.text()));
    expect((await page.goto(`${stack.readerUrl}/hc/${site.subdomain}`))?.status()).toBe(200);

    const box = page.locator('form[role="search"] input[name="q"]').first();
    await box.pressSequentially('pasword res', { delay: 40 });
    const results = page.locator('.hc-instant a.hc-instant-result');
    await results.first().waitFor({ timeout: 5000 });
    expect(await results.allTextContents()).toEqual([
      expect.stringContaining('Reset your password'),
    ]);
    expect(await page.locator('.hc-instant mark').allTextContents()).toEqual(
      expect.arrayContaining(['reset']),
    );
    await box.press('Escape');
    expect(await page.locator('.hc-instant').first().isHidden()).toBe(true);

    await box.fill('biling');
    await Promise.all([page.waitForURL(/\/search\?q=biling/), box.press('Enter')]);
    const suggestion = page.locator('.hc-did-you-mean a');
    expect(await suggestion.textContent()).toBe('billing');
    await Promise.all([page.waitForURL(/\/search\?q=billing/), suggestion.click()]);
    expect(await page.locator('.hc-search-results li').count()).toBe(2);
    // The CSP admitted the script: nothing was refused, nothing threw; every answer was 200.
    expect(errors).toEqual([]);
    expect(instantAnswers.length).toBeGreaterThan(0);
    expect(instantAnswers.every((s) => s === 200)).toBe(true);
  });
});
