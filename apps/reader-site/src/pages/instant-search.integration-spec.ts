import { resetSettings } from '@hc/contracts';
import { ActivityBuffer } from '@hc/data';
import { startTestApp, TestApp } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article } from '../testing/reader-fixtures';
import { ReaderClient, readerOf } from '../testing/reader-client';

/**
 * Issue 40 on the reader site: instant results for the search box, highlighted snippets and
 * "did you mean", under the site's access rules and their own budget; search logging unharmed.
 */
describe('reader site: instant results, snippets and did you mean (issue 40)', () => {
  let t: TestApp;
  const saved = { ...process.env };

  beforeAll(async () => {
    t = await startTestApp(createReaderSite);
  });
  afterAll(() => t.close());
  afterEach(() => {
    process.env = { ...saved };
    resetSettings();
  });

  const setSite = (id: number, sql: string) =>
    t.ds.query(`UPDATE sites SET ${sql} WHERE id = ?`, [id]);
  interface Answer {
    results: { title: string; url: string; snippet: { text: string; hit: boolean }[] }[];
    did_you_mean: string | null;
  }
  const json = async (res: Response) => (await res.json()) as Answer;
  const instant = (base: string, q: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${base}/search/instant?q=${encodeURIComponent(q)}`, {
      headers,
      redirect: 'manual',
    });

  it('answers the search box as JSON with marked snippets and a suggestion; the page carries the nonce-bound script', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, {
      title: { en: 'Reset your password' },
      content: { en: '<p>Open the settings. To reset a forgotten password, ask for a link.</p>' },
    });
    const { reader, base } = readerOf(t, site);
    const res = await instant(base, 'pasword');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await json(res);
    expect(body.results).toHaveLength(1);
    expect(body.results[0].title).toBe('Reset your password');
    expect(body.results[0].url).toMatch(new RegExp(`^${base}/articles/\\d+-`));
    expect(body.results[0].snippet.filter((p: { hit: boolean }) => p.hit)).toEqual([
      { text: 'password', hit: true },
    ]);
    // "did you mean" only when the corrected query finds more: here both find the article.
    expect(body.did_you_mean).toBeNull();

    const page = await reader.get(`${base}/search?q=reset`);
    expect(page.html).toContain('<mark>reset</mark>');
    const nonce = /'nonce-([^']+)'/.exec(page.csp ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(page.html).toContain(`<script nonce="${nonce}" data-hc-instant-search`);
  });

  it('offers "did you mean" on the search page when the corrected query finds more', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, { title: { en: 'Billing address' } });
    await article(t.ds, site.id, { title: { en: 'Pay your bills' } });
    const { reader, base } = readerOf(t, site);
    // "biling" is one edit from "billing" only; "billing" also finds "bills" by its stem.
    const page = await reader.get(`${base}/search?q=biling`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<p role="status">1 result</p>');
    expect(page.html).toMatch(
      /<p class="hc-did-you-mean">Did you mean: <a href="[^"]*\/search\?q=billing">billing<\/a>\?<\/p>/,
    );
    expect((await json(await instant(base, 'biling'))).did_you_mean).toBe('billing');
    // No suggestion when the query finds as much as its correction would.
    expect((await reader.get(`${base}/search?q=billing`)).html).not.toContain('hc-did-you-mean');
  });

  it('escapes hostile article text and queries in snippets, titles and suggestions', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, {
      title: { en: 'Danger <img src=x onerror=alert(1)> guide' },
      content: {
        en: '<p>Danger &lt;script&gt;alert(2)&lt;/script&gt; inside the danger zone.</p>',
      },
    });
    const { reader, base } = readerOf(t, site);
    const q = '"><script>alert(3)</script> danger';
    const page = await reader.get(`${base}/search?q=${encodeURIComponent(q)}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<mark>Danger</mark>');
    expect(page.html).not.toMatch(/<img src=x|<script>alert|onerror=alert\(1\)>/);
    const answer = await json(await instant(base, q));
    // JSON carries plain text; the script builds nodes with textContent.
    expect(answer.results[0].title).toBe('Danger <img src=x onerror=alert(1)> guide');
    const snippetText = answer.results[0].snippet.map((p: { text: string }) => p.text).join('');
    expect(snippetText).toContain('<script>alert(2)</script>');
  });

  it('follows the site’s access rules: private, password, suspended, IP allow-list', async () => {
    for (const change of [
      "visibility = 'private'",
      "visibility = 'password'",
      'suspended = 1',
      `ip_allowlist = '["203.0.113.0/24"]'`,
    ]) {
      const site = await t.factory.site();
      await article(t.ds, site.id, { title: { en: 'Closed guide' } });
      const { reader, base } = readerOf(t, site);
      expect((await json(await instant(base, 'closed'))).results).toHaveLength(1);
      await setSite(site.id, change);
      const res = await instant(base, 'closed');
      const text = await res.text();
      // The same answer as the site's pages give this reader (sign-in, password form, 403).
      const page = await reader.get(`${base}/search?q=closed`);
      expect([change, res.status]).toEqual([change, page.status]);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(text).not.toContain('Closed guide');
    }
  });

  it('has its own allowance of the reader budget and its own cache, never the page cache', async () => {
    process.env.HC_READER_INSTANT_BUDGET = '3';
    process.env.HC_READER_RENDER_BUDGET = '100';
    resetSettings();
    const site = await t.factory.site();
    await article(t.ds, site.id, { title: { en: 'Budget guide' } });
    const { base } = readerOf(t, site);
    const from = { 'x-forwarded-for': '203.0.113.40' };
    const statuses = [];
    for (const q of ['bu', 'bud', 'budg', 'budge'])
      statuses.push((await instant(base, q, from)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A kept answer costs nothing; pages have their own budget.
    expect((await instant(base, 'bud', from)).status).toBe(200);
    const page = await fetch(`${t.url}${base}/search?q=budget`, { headers: from });
    expect(page.status).toBe(200);
  });

  it('hostile queries answer 200 quickly and never stop search logging', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, { title: { en: 'Shipping rates' } });
    const reader = new ReaderClient(t.url);
    const base = `/hc/${site.subdomain}`;
    for (const q of ['😀😀', 'مرحبا بكم', 'İ'.repeat(190), '%%% ___ ***', 'the of and']) {
      const started = Date.now();
      expect((await reader.get(`${base}/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
      expect((await instant(base, q)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000);
    }
    await reader.get(`${base}/search?q=shiping`);
    await t.app.get(ActivityBuffer).flush();
    const rows = await t.ds.query(
      'SELECT query, results_count FROM reader_searches WHERE site_id = ? ORDER BY id',
      [site.id],
    );
    // Every page search is logged (instant requests are keystrokes, not searches).
    expect(rows).toHaveLength(6);
    expect(rows[5]).toEqual({ query: 'shiping', results_count: 1 });
  });
});
