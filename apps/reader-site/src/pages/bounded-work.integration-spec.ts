import { resetSettings } from '@hc/contracts';
import { bumpReaderPages } from '@hc/data';
import { startTestApp, TestApp, testSiteId } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { articleConversions, TOO_LARGE_TO_DISPLAY } from '../render/article-html';
import { article, BROWSER_UA } from '../testing/reader-fixtures';
import { PageCache } from '../serving/page-cache';

/** The conversions done so far, by kind (the counter behind `hc_reader_article_conversions_total`). */
async function conversions(): Promise<{ html: number; markdown: number }> {
  const values = (await articleConversions.get()).values;
  const of = (kind: string) => values.find((v) => v.labels.kind === kind)?.value ?? 0;
  return { html: of('html'), markdown: of('markdown') };
}

async function since(before: { html: number; markdown: number }) {
  const now = await conversions();
  return { html: now.html - before.html, markdown: now.markdown - before.markdown };
}

/**
 * Issue 34 item 2, as an anonymous client would try it: what a GET can make the reader site do is
 * bounded. Agent documents are built once per site version, each article is converted once per
 * content, random query parameters are the same cache entry, an article past the size cap is
 * never parsed, and misses count against a per-address budget.
 */
describe('reader site: anonymous work is bounded (issue 34)', () => {
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

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}${path}`, {
      headers: { 'user-agent': BROWSER_UA, ...headers },
      redirect: 'manual',
    });

  it('20 anonymous llms-full.txt GETs of a 300-article site convert each article at most once per site version', async () => {
    const site = await t.factory.site();
    const ids: number[] = [];
    for (let i = 0; i < 300; i++)
      ids.push(
        await article(t.ds, site.id, {
          title: { en: `Guide ${String(i).padStart(3, '0')}` },
          content: { en: `<h2>Part ${i}</h2><p>Step <b>${i}</b> of the guide.</p>` },
        }),
      );
    const path = `/hc/${site.subdomain}/llms-full.txt`;
    const before = await conversions();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(path)));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain('Step **299** of the guide.');
    const first = await since(before);
    expect(first.html).toBeLessThanOrEqual(300);
    expect(first.markdown).toBeLessThanOrEqual(300);
    // Built at all (a counter that cannot move would prove nothing).
    expect(first.markdown).toBeGreaterThan(0);
    // The documents follow the pages' shared-cache rules and carry the site's purge tag.
    const kept = await get(path);
    expect(kept.headers.get('cache-control')).toMatch(/^public, max-age=0, must-revalidate/);
    expect(kept.headers.get('cache-tag')).toBe(`hc-site-${site.uuid}`);
    expect(kept.headers.get('surrogate-key')).toBe(`hc-site-${site.uuid}`);
    expect((await get(path, { 'if-none-match': kept.headers.get('etag')! })).status).toBe(304);
    // The same articles as .md, in llms.txt and on their pages: nothing converted again.
    const middle = await conversions();
    await get(`/hc/${site.subdomain}/articles/${ids[7]}.md`);
    await get(`/hc/${site.subdomain}/llms.txt`);
    expect((await get(`/hc/${site.subdomain}/articles/${ids[7]}`)).status).toBe(200);
    expect(await since(middle)).toEqual({ html: 0, markdown: 0 });
    // A new site version (one article changed): the next build converts only what changed.
    await t.ds.query(
      "UPDATE article_translations SET content = '<p>Changed guide.</p>' WHERE article_id = ?",
      [ids[0]],
    );
    await bumpReaderPages(t.ds, [testSiteId(site.id)]);
    const beforeChange = await conversions();
    const changed = await Promise.all(Array.from({ length: 20 }, () => get(path)));
    expect((await changed[0]!.text()).includes('Changed guide.')).toBe(true);
    expect(await since(beforeChange)).toEqual({ html: 1, markdown: 1 });
  }, 120_000);

  it('renders an article page and its head from one conversion, and ignores query parameters the page does not read', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, {
      title: { en: 'Query proof' },
      content: { en: '<h2>Only once</h2><p>Sanitized a single time.</p>' },
    });
    const cache = t.app.get(PageCache);
    const path = `/hc/${site.subdomain}/articles/${id}`;
    const before = await conversions();
    const sizeBefore = cache.size;
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(`${path}?x=${Math.random()}&utm_source=${i}`)),
    );
    expect(pages.map((p) => p.status)).toEqual(Array(20).fill(200));
    expect((await since(before)).html).toBe(1);
    // One entry for all of them (rendered at most a few times while the first was in flight).
    expect(cache.size - sizeBefore).toBe(1);
    const etags = new Set(pages.map((p) => p.headers.get('etag')));
    const again = await get(`${path}?x=another`);
    expect(etags.has(again.headers.get('etag'))).toBe(true);
  });

  it('shows an article past the size cap as too large to display, without parsing it, far inside the memory limit', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Enormous' } });
    // The largest content the API accepts (MEDIUMTEXT, 16 MB), built by the database itself.
    const unit = '<p>word <b>bold</b> text</p>';
    await t.ds.query(
      'UPDATE article_translations SET content = REPEAT(?, ?) WHERE article_id = ?',
      [unit, Math.floor(16_777_215 / unit.length), id],
    );
    await bumpReaderPages(t.ds, [testSiteId(site.id)]);
    const before = await conversions();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const page = await get(`/hc/${site.subdomain}/articles/${id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(TOO_LARGE_TO_DISPLAY);
      expect(html.length).toBeLessThan(200_000);
      const md = await get(`/hc/${site.subdomain}/articles/${id}.md`);
      expect(await md.text()).toContain(TOO_LARGE_TO_DISPLAY);
    } finally {
      clearInterval(sampler);
    }
    expect(await since(before)).toEqual({ html: 0, markdown: 0 });
    // The pod's limit is 768 MiB (deploy/k8s/base/apps/reader-site.yaml); the 16 MB row itself
    // passes through the driver, nothing more.
    expect((peak - baseline) / 1024 / 1024).toBeLessThan(200);
  }, 60_000);

  it('answers misses past the per-address budget with a plain 429 and Retry-After; IPv6 counts by /64', async () => {
    process.env.HC_READER_RENDER_BUDGET = '5';
    resetSettings();
    const site = await t.factory.site();
    await article(t.ds, site.id, { title: { en: 'Budgeted' } });
    const base = `/hc/${site.subdomain}`;
    // The test client is the trusted loopback proxy: X-Forwarded-For names the reader.
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const home = await get(`${base}/`, from('203.0.113.7'));
    expect(home.status).toBe(200);
    const misses = [];
    for (let i = 0; i < 6; i++)
      misses.push(await get(`${base}/search?q=word${i}`, from('203.0.113.7')));
    expect(misses.map((r) => r.status)).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = misses[5]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(await refused.text()).toContain('Too many requests');
    // A kept page is still served (hits cost nothing); another address has its own budget.
    expect((await get(`${base}/`, from('203.0.113.7'))).status).toBe(200);
    expect((await get(`${base}/search?q=x`, from('203.0.113.8'))).status).toBe(200);
    // One /64 is one budget, whatever the interface id.
    const net = '2001:db8:7:9';
    for (let i = 1; i <= 5; i++)
      expect((await get(`${base}/search?q=v6`, from(`${net}::${i}`))).status).toBe(200);
    expect((await get(`${base}/search?q=v6`, from(`${net}:ffff::1`))).status).toBe(429);
    expect((await get(`${base}/search?q=v6`, from('2001:db8:7:a::1'))).status).toBe(200);
    // An agent document built is a miss too.
    expect((await get(`${base}/llms-full.txt`, from(`${net}::77`))).status).toBe(429);
  });

  it('keeps agent documents private where pages are: IP-restricted, password and private sites', async () => {
    const restricted = await t.factory.site();
    await article(t.ds, restricted.id, { title: { en: 'Inside only' } });
    await t.ds.query('UPDATE sites SET ip_allowlist = ? WHERE id = ?', [
      JSON.stringify(['127.0.0.1', '::1', '::ffff:127.0.0.1']),
      restricted.id,
    ]);
    await bumpReaderPages(t.ds, [testSiteId(restricted.id)]);
    for (const doc of ['llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt']) {
      const res = await get(`/hc/${restricted.subdomain}/${doc}`);
      expect(`${doc} ${res.status} ${res.headers.get('cache-control')}`).toBe(
        `${doc} 200 private, no-cache`,
      );
    }
    for (const visibility of ['password', 'private']) {
      const closed = await t.factory.site();
      await t.ds.query('UPDATE sites SET visibility = ? WHERE id = ?', [visibility, closed.id]);
      await bumpReaderPages(t.ds, [testSiteId(closed.id)]);
      const robots = await get(`/hc/${closed.subdomain}/robots.txt`);
      expect(robots.headers.get('cache-control')).toMatch(/^private/);
      expect(await robots.text()).toContain('Disallow: /');
      expect((await get(`/hc/${closed.subdomain}/llms.txt`)).status).toBe(404);
    }
  });
});
