import { startTestApp, TestApp } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article, category, liveDesign } from '../testing/reader-fixtures';
import { ReaderClient, readerOf } from '../testing/reader-client';

describe('documents for agents and search engines (issue #26)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createReaderSite);
  });
  afterAll(() => t.close());

  const setSite = (id: number, sql: string) =>
    t.ds.query(`UPDATE sites SET ${sql} WHERE id = ?`, [id]);
  const documents = (base: string) =>
    ['robots.txt', 'sitemap.xml', 'llms.txt', 'llms-full.txt'].map((d) => `${base}/${d}`);

  it('list and serve only what an anonymous reader may see, site by site', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const other = await t.factory.site();
    const hidden = await category(t.ds, site.id, { en: 'Internal' }, { privacy: 'private' });
    const shown = await article(t.ds, site.id, {
      title: { en: 'Visible guide', de: 'Sichtbare Anleitung' },
      content: {
        en: '<h2>Steps</h2><p>Click <strong>Save</strong>.</p><script>alert(1)</script><ul><li>one</li></ul>',
        de: '<p>Klicken Sie auf Speichern.</p>',
      },
    });
    const unreleased = await article(t.ds, site.id, {
      title: { en: 'English only', de: 'Unveröffentlichte Übersetzung' },
      released: ['en'],
    });
    const hiddenIds = [
      await article(t.ds, site.id, { title: { en: 'Draft guide' }, published: false }),
      await article(t.ds, site.id, { title: { en: 'Trashed guide' }, deleted: true }),
      await article(t.ds, site.id, { title: { en: 'Internal guide' }, categoryId: hidden }),
      await article(t.ds, site.id, { title: { en: 'Private guide' }, visibility: 'private' }),
      await article(t.ds, site.id, {
        title: { en: 'Link-only guide' },
        visibility: 'link_only',
        shareToken: 'tok-secret',
      }),
      await article(t.ds, other.id, { title: { en: 'Foreign guide' } }),
    ];
    const hiddenTitles = [
      'Draft guide',
      'Trashed guide',
      'Internal guide',
      'Private guide',
      'Link-only guide',
      'Foreign guide',
      'Unveröffentlichte Übersetzung',
      '>Internal<',
      '[Internal]',
    ];
    const { reader, base } = readerOf(t, site);

    const robots = await reader.get(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.html).toContain('Allow: /');
    expect(robots.html).toMatch(new RegExp(`Sitemap: http://[^\\s]+${base}/sitemap.xml`));

    const sitemap = await reader.get(`${base}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.html).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(sitemap.html).toMatch(
      new RegExp(`<loc>http://[^<]+${base}/articles/${shown}-[^<]+</loc><lastmod>`),
    );
    expect(sitemap.html).toMatch(
      new RegExp(`hreflang="de" href="http://[^"]+${base}/de/articles/${shown}-[^"]+"`),
    );
    expect(sitemap.html).toContain(`/articles/${unreleased}-`);
    expect(sitemap.html).not.toContain(`/de/articles/${unreleased}`);

    const llms = await reader.get(`${base}/llms.txt`);
    expect(llms.status).toBe(200);
    expect(llms.html).toMatch(
      new RegExp(`- \\[Visible guide\\]\\(http://[^)]+${base}/articles/${shown}-[^)]+\\.md\\)`),
    );
    const full = await reader.get(`${base}/llms-full.txt`);
    expect(full.html).toContain('# Visible guide');
    expect(full.html).toContain('Click **Save**.');

    const md = await reader.get(`${base}/articles/${shown}.md`);
    expect(md.status).toBe(200);
    expect(md.html).toMatch(/^---\ntitle: "Visible guide"\nurl: "http:/);
    expect(md.html).toContain('## Steps');
    expect(md.html).toContain('* one');
    expect(md.html).not.toContain('alert(1)');
    const de = await reader.get(`${base}/de/articles/${shown}.md`);
    expect(de.status).toBe(200);
    expect(de.html).toContain('Klicken Sie auf Speichern.');
    expect((await reader.get(`${base}/de/articles/${unreleased}.md`)).status).toBe(404);

    for (const doc of [sitemap, llms, full])
      for (const title of hiddenTitles) expect(doc.html).not.toContain(title);
    for (const id of hiddenIds) {
      expect((await reader.get(`${base}/articles/${id}.md`)).status).toBe(404);
      expect(sitemap.html).not.toContain(`/articles/${id}-`);
    }
    expect((await reader.get(`${base}/articles/${hiddenIds[4]}.md?token=tok-secret`)).status).toBe(
      404,
    );
    // The other site's documents list its own article only.
    const foreign = await reader.get(`/hc/${other.subdomain}/llms.txt`);
    expect(foreign.html).toContain('Foreign guide');
    expect(foreign.html).not.toContain('Visible guide');
  });

  it('robots.txt honours the design’s no-index setting', async () => {
    const site = await t.factory.site();
    await liveDesign(t.ds, site.id, { meta: { noIndex: true }, pages: {} });
    const robots = await new ReaderClient(t.url).get(`/hc/${site.subdomain}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.html).toBe('User-agent: *\nDisallow: /\n');
  });

  it('private, password, suspended and IP-restricted sites show nothing', async () => {
    const cases: [string, number][] = [
      ["visibility = 'private'", 404],
      ["visibility = 'password'", 404],
      ['suspended = 1', 403],
      [`ip_allowlist = '["203.0.113.0/24"]'`, 403],
    ];
    for (const [change, status] of cases) {
      const site = await t.factory.site();
      const id = await article(t.ds, site.id, { title: { en: 'Closed guide' } });
      await setSite(site.id, change);
      const { reader, base } = readerOf(t, site);
      const robots = await reader.get(`${base}/robots.txt`);
      if (status === 404) expect(robots.html).toBe('User-agent: *\nDisallow: /\n');
      else expect(robots.status).toBe(status);
      for (const path of [...documents(base).slice(1), `${base}/articles/${id}.md`]) {
        const res = await reader.get(path);
        expect([path, res.status]).toEqual([path, status]);
        expect(res.html).not.toContain('Closed guide');
      }
    }
  });

  it('article pages carry a canonical link and escaped JSON-LD: Article, FAQPage, BreadcrumbList', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const cat = await category(t.ds, site.id, { en: 'Billing' });
    const id = await article(t.ds, site.id, {
      title: { en: 'Pay </script><script>alert(1)</script>', de: 'Bezahlen' },
      categoryId: cat,
    });
    const faq = await article(t.ds, site.id, {
      title: { en: 'Billing FAQ' },
      content: {
        en: '<h2>Can I pay by card?</h2><p>Yes, <b>any</b> card.</p><h2>Refunds?</h2><p>Within 30 days.</p>',
      },
    });
    await t.ds.query("UPDATE articles SET type = 'faq' WHERE id = ?", [faq]);
    const linkOnly = await article(t.ds, site.id, {
      title: { en: 'Shared plan' },
      visibility: 'link_only',
      shareToken: 'tok-1',
    });
    const { reader, base } = readerOf(t, site);
    const ld = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );

    const page = await reader.get(`${base}/articles/${id}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(
      new RegExp(`<link rel="canonical" href="http://[^"]+${base}/articles/${id}-[^"]+">`),
    );
    expect(page.html).not.toContain('<script>alert(1)');
    const [main, crumbs] = ld(page.html);
    expect(main).toMatchObject({
      '@type': 'Article',
      headline: 'Pay </script><script>alert(1)</script>',
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((crumbs!.itemListElement as { name: string }[]).map((e) => e.name)).toEqual([
      'Test Help Center',
      'Billing',
      'Pay </script><script>alert(1)</script>',
    ]);
    const de = await reader.get(`${base}/de/articles/${id}`);
    expect(de.html).toMatch(
      new RegExp(`<link rel="canonical" href="http://[^"]+${base}/de/articles/${id}-`),
    );
    expect(ld(de.html)[0]).toMatchObject({ inLanguage: 'de', headline: 'Bezahlen' });

    const faqPage = ld((await reader.get(`${base}/articles/${faq}`)).html)[0];
    expect(faqPage).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Can I pay by card?',
          acceptedAnswer: { text: 'Yes, any card.' },
        },
        { '@type': 'Question', name: 'Refunds?', acceptedAnswer: { text: 'Within 30 days.' } },
      ],
    });

    const shared = await reader.get(`${base}/articles/${linkOnly}?token=tok-1`);
    expect(shared.status).toBe(200);
    expect(shared.html).toMatch(/<link rel="canonical" href="[^"?]+">/);
    expect(ld(shared.html)).toEqual([]);
  });
});
