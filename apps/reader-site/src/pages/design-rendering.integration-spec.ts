import { articleStatsRow, imageRow, startTestApp, TestApp } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article, category, liveDesign, withReaderDomain } from '../testing/reader-fixtures';
import { ReaderClient, readerOf } from '../testing/reader-client';

/** A design document as the design service stores it after a theme is applied and published. */
function publishedDocument() {
  const comp = (
    id: string,
    type: string,
    config: Record<string, unknown> = {},
    children: unknown[] = [],
  ) => ({
    id,
    type,
    config,
    visibleOn: 'all',
    children,
  });
  const header = {
    config: { background: null, padding: 'standard', borderBottom: true, align: 'left' },
    components: [
      comp('logo1', 'Logo', { showImage: true, showName: true }),
      comp('nav1', 'Navigation'),
      comp('lang1', 'LanguageSwitcher'),
    ],
  };
  const footer = {
    config: {},
    components: [
      comp('links1', 'FooterLinks', {
        title: 'More help',
        links: [{ label: 'Status', href: 'https://status.example.com' }],
      }),
    ],
  };
  const page = (main: unknown[], hero: unknown[] = [], layout = 'full') => ({
    layout,
    settings: {},
    regions: {
      header,
      hero: { config: {}, components: hero },
      sidebar: { config: {}, components: [] },
      main: { config: {}, components: main },
      footer,
      utility: { config: {}, components: [] },
    },
  });
  return {
    brand: {
      name: 'Acme Docs',
      tagline: null,
      logoAssetId: null,
      darkLogoAssetId: null,
      faviconAssetId: null,
      websiteUrl: null,
    },
    theme: {
      colors: {
        primary: '#7c3aed',
        accent: '#ec4899',
        fg: '#1e1b4b',
        bg: '#ffffff',
        muted: '#6b7280',
        surface: '#f5f3ff',
        border: '#e9d5ff',
      },
      darkColors: {
        primary: '#a78bfa',
        accent: '#f472b6',
        fg: '#ede9fe',
        bg: '#0f0a1f',
        muted: '#a1a1aa',
        surface: '#1c1433',
        border: '#2e2450',
      },
      fonts: { heading: 'Manrope', body: 'Inter', code: 'JetBrains Mono' },
      radius: { buttons: 'full', cards: 'large', inputs: 'medium' },
      density: 'comfortable',
    },
    meta: {
      title: 'Acme Help',
      description: 'Guides for Acme.',
      direction: 'auto',
      noIndex: false,
    },
    pages: {
      home: page(
        [
          comp('grid1', 'CategoryGrid', { title: 'Topics', style: 'tiles', columns: 4 }),
          comp('list1', 'ArticleList', { title: 'What is new', source: 'recent' }),
        ],
        [
          comp(
            'hero1',
            'Hero',
            { title: 'What can we help you build?', background: 'gradient', height: 'tall' },
            [comp('search1', 'SearchBar', { placeholder: 'Search the docs' })],
          ),
        ],
      ),
      category: page([comp('bc1', 'Breadcrumbs')]),
      article: page(
        [
          comp('bc2', 'Breadcrumbs'),
          comp('body1', 'ArticleBody'),
          comp('meta1', 'ArticleMetadata'),
        ],
        [],
        'sidebar-left',
      ),
      search: page([comp('search2', 'SearchBar')]),
      contact: page([comp('contact1', 'ContactForm', { title: 'Write to Acme' })]),
      notFound: page([comp('rt1', 'RichText', { markdown: 'Lost? **Try the search.**' })]),
    },
    syncedRegions: ['header', 'footer'],
    globals: {
      navigation: [
        { id: 'n1', label: 'Guides', href: '/', type: 'link', cssClass: null, children: [] },
        {
          id: 'n2',
          label: 'Contact',
          href: '/contact',
          type: 'link',
          cssClass: null,
          children: [],
        },
      ],
      scripts: [
        {
          id: 'analytics',
          label: null,
          position: 'headEnd',
          src: 'https://cdn.example.com/a.js',
          pages: null,
          enabled: true,
          defer: true,
          async: false,
          integrity: null,
        },
        {
          id: 'off',
          label: null,
          position: 'bodyEnd',
          inlineBody: 'window.off = 1;',
          pages: null,
          enabled: false,
          defer: false,
          async: false,
          integrity: null,
        },
        {
          id: 'homeonly',
          label: null,
          position: 'bodyEnd',
          inlineBody: 'window.home = 1;',
          pages: ['home'],
          enabled: true,
          defer: false,
          async: false,
          integrity: null,
        },
      ],
    },
    customCssItems: [
      {
        id: 'css1',
        label: 'Hero',
        css: '[data-hc-component="Hero"] { color: #ffffff; }',
        enabled: true,
      },
    ],
    customCss: '/* css1 */\n[data-hc-component="Hero"] { color: #ffffff; }',
    schemaVersion: 3,
    preset: { startedFrom: 'aurora', lastApplied: 'aurora', lastAppliedSections: [] },
  };
}

/** A site's home page and an article served on `host`; `unknownHost` is not served. */
async function expectServedOn(
  reader: ReaderClient,
  host: string,
  page: { id: number; title: string },
  unknownHost: string,
) {
  const home = await reader.getOnHost('/', host);
  expect(home.status).toBe(200);
  expect(home.html).toContain(`href="/articles/${page.id}-`);
  expect((await reader.getOnHost(`/articles/${page.id}`, host)).html).toContain(
    `<h1>${page.title}</h1>`,
  );
  expect((await reader.getOnHost('/', unknownHost)).status).toBe(404);
}

describe('reader site: pages rendered from the live design (spec 2.9, issue #10)', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await startTestApp(createReaderSite)));
  afterAll(() => t.close());

  it('a published theme shows its colors, fonts, components, navigation, custom CSS and enabled scripts', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const cat = await category(t.ds, site.id, { en: 'Getting started', de: 'Erste Schritte' });
    await article(t.ds, site.id, { title: { en: 'Install the CLI' }, categoryId: cat });
    await liveDesign(t.ds, site.id, publishedDocument(), publishedDocument(), {
      de: { 'pages.home.hero1.title': 'Wobei können wir helfen?' },
    });
    const reader = new ReaderClient(t.url);
    const home = await reader.get(`/hc/${site.subdomain}`);
    expect(home.status).toBe(200);
    const html = home.html;
    expect(html).toContain('--hc-color-primary:#7c3aed');
    expect(html).toContain('--hc-color-accent:#ec4899');
    expect(html).toMatch(/prefers-color-scheme: dark\)\{:root\{--hc-color-primary:#a78bfa/);
    expect(html).toContain('--hc-font-heading:"Manrope"');
    expect(html).toContain('--hc-radius-buttons:9999px');
    expect(html).toContain('<title>Acme Help</title>');
    expect(html).toMatch(/<section[^>]*data-hc-region="hero"/);
    expect(html).toMatch(/data-hc-instance-id="hero1" data-hc-component="Hero"/);
    expect(html).toContain('What can we help you build?');
    expect(html).toContain('placeholder="Search the docs"');
    expect(html).toMatch(/data-hc-component="CategoryGrid"[\s\S]*Getting started/);
    expect(html).toContain('Install the CLI');
    expect(html).toContain(`href="/hc/${site.subdomain}/contact">Contact</a>`);
    expect(html).toContain('<style data-hc-custom-css>/* css1 */');
    // The design's scripts carry this response's CSP nonce; nothing else may run (issue #14).
    const nonce = /'nonce-([^']+)'/.exec(home.csp ?? '')?.[1] ?? 'missing';
    expect(home.csp).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    expect(html).toContain(
      `<script src="https://cdn.example.com/a.js" defer nonce="${nonce}" data-hc-script="analytics"></script></head>`,
    );
    expect(html).not.toContain('window.off');
    expect(html).toContain(
      `<script nonce="${nonce}" data-hc-script="homeonly">window.home = 1;</script>`,
    );
    expect(html).toContain('data-hc-page="home"');
    expect(html).toContain(`href="/hc/${site.subdomain}/de" hreflang="de"`);
    expect(Buffer.byteLength(html)).toBeLessThan(100 * 1024);

    const german = await reader.get(`/hc/${site.subdomain}/de`);
    expect(german.html).toContain('<html lang="de"');
    expect(german.html).toContain('Wobei können wir helfen?');
    expect(german.html).toContain('Erste Schritte');

    const contact = await reader.get(`/hc/${site.subdomain}/contact`);
    expect(contact.html).toContain('Write to Acme');
    expect(contact.html).not.toContain('window.home');
  });

  it('every page type renders; an unknown address is the not-found page with status 404', async () => {
    const site = await t.factory.site();
    const cat = await category(t.ds, site.id, { en: 'Billing' });
    const id = await article(t.ds, site.id, {
      title: { en: 'Pay an invoice' },
      content: { en: '<h2>Steps</h2><p>Open billing.</p>' },
      categoryId: cat,
    });
    await liveDesign(t.ds, site.id, publishedDocument());
    const { reader, base } = readerOf(t, site);
    const art = await reader.get(`${base}/articles/${id}`);
    expect(art.status).toBe(200);
    expect(art.html).toContain('<h1>Pay an invoice</h1>');
    expect(art.html).toContain('<h2 id="h-steps">Steps</h2>');
    expect(art.html).toMatch(/hc-page-sidebar-left/);
    expect(art.html).toMatch(/aria-label="Breadcrumb"[\s\S]*Billing/);
    const cat1 = await reader.get(`${base}/categories/${cat}-billing`);
    expect(cat1.status).toBe(200);
    expect(cat1.html).toContain('Pay an invoice');
    expect((await reader.get(`${base}/categories/billing`)).status).toBe(200);
    const missing = await reader.get(`${base}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Lost? <strong>Try the search.</strong>');
    expect(missing.html).toContain('data-hc-page="notFound"');
    expect((await reader.get(`${base}/fr`)).status).toBe(404);
    expect((await reader.get('/hc/no-such-site-here')).status).toBe(404);
  });

  it('category icons render as Lucide SVG, emoji or image, never as the raw word; counts are pluralized (issue #27)', async () => {
    const site = await t.factory.site({ languages: ['en', 'fr'] });
    const icons: [Record<string, string>, string][] = [
      [{ en: 'Getting started', fr: 'Démarrer' }, 'rocket'],
      [{ en: 'Billing', fr: 'Facturation' }, 'credit-card'],
      [{ en: 'Party' }, '🎉'],
      [{ en: 'Pictures' }, 'https://cdn.example.com/i.png?a=1&b=2'],
      [{ en: 'Mystery' }, 'flux-capacitor'],
      [{ en: 'Hostile' }, 'javascript:alert(1)<b>'],
    ];
    const ids: number[] = [];
    for (const [i, [name, icon]] of icons.entries()) {
      ids.push(await category(t.ds, site.id, name, { icon, position: i + 1 }));
    }
    const [rocket, billing] = ids;
    await article(t.ds, site.id, { title: { en: 'Install', fr: 'Installer' }, categoryId: rocket });
    await article(t.ds, site.id, { title: { en: 'Pay', fr: 'Payer' }, categoryId: billing });
    await article(t.ds, site.id, {
      title: { en: 'Refund', fr: 'Rembourser' },
      categoryId: billing,
    });
    await liveDesign(t.ds, site.id, publishedDocument());
    const reader = new ReaderClient(t.url);
    const home = await reader.get(`/hc/${site.subdomain}`);
    const html = home.html;
    expect(html).toMatch(
      /<span class="hc-icon hc-icon-lucide" aria-hidden="true" data-icon="rocket"><svg aria-hidden="true" focusable="false" class="lucide lucide-rocket"[^>]*>.*?<\/svg><\/span>/,
    );
    expect(html).toContain('data-icon="credit-card"><svg');
    expect(html).toContain('<span class="hc-icon hc-icon-emoji" aria-hidden="true">🎉</span>');
    expect(html).toContain('<img src="https://cdn.example.com/i.png?a=1&amp;b=2" alt=""');
    expect(html).not.toMatch(/>rocket|>credit-card|flux-capacitor|javascript:alert/);
    // The reader CSP lets the https image load (issue #14 headers).
    expect(home.csp).toMatch(/img-src[^;]*(\*|https:)/);
    expect(html).toContain('>1 article<');
    expect(html).toContain('>2 articles<');
    expect(html).toContain('>0 articles<');
    const fr = await reader.get(`/hc/${site.subdomain}/fr`);
    expect(fr.html).toContain('>1 article<');
    expect(fr.html).toContain('>2 articles<');
    expect(fr.html).toContain('>0 article<');
  });

  it('a site whose design was never opened renders a plain default frame', async () => {
    const site = await t.factory.site({ name: 'Plain Help' });
    await article(t.ds, site.id, { title: { en: 'First steps' } });
    const res = await new ReaderClient(t.url).get(`/hc/${site.subdomain}`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('<title>Plain Help</title>');
    expect(res.html).toContain('First steps');
    expect(res.html).toMatch(/role="search"/);
  });
  it('a site on its own domain is served at the root of that domain (Host)', async () => {
    const site = await t.factory.site({ name: 'Domain Help' });
    const domain = `${site.subdomain}.help.example`;
    await t.ds.query('UPDATE sites SET domain = ? WHERE id = ?', [domain, site.id]);
    const id = await article(t.ds, site.id, { title: { en: 'On our own domain' } });
    await withReaderDomain('pages.example', async () => {
      const reader = new ReaderClient(t.url);
      await expectServedOn(reader, domain, { id, title: 'On our own domain' }, 'unknown.example');
      expect((await reader.get('/health/live')).status).toBe(200);
    });
  });
  it('each site answers on its own origin, {subdomain}.{HC_READER_DOMAIN} (issue #14)', async () => {
    const site = await t.factory.site({ name: 'Own Origin' });
    const id = await article(t.ds, site.id, { title: { en: 'Only here' } });
    await withReaderDomain('pages.example', async () => {
      const reader = new ReaderClient(t.url);
      const host = `${site.subdomain}.pages.example`;
      await expectServedOn(reader, host, { id, title: 'Only here' }, 'nobody-here.pages.example');
      expect((await reader.getOnHost('/', `a.${host}`)).status).toBe(404);
    });
  });
  it('odd input is answered, never with a 500', async () => {
    const site = await t.factory.site();
    const id = await article(t.ds, site.id, { title: { en: 'Sturdy' } });
    const { reader, base } = readerOf(t, site);
    const gets: Array<[string, number]> = [
      ['/hc/%E0%A4%A', 400], // the router refuses a malformed escape
      [`${base}/articles/%ZZ`, 400],
      [`${base}/articles/99999999999999`, 404],
      [`${base}/articles/${id}?token[]=x&rated[]=1`, 200],
      [`${base}/search?q[]=a`, 200],
      [`${base}/search?q=${'x'.repeat(5000)}`, 200],
      [`${base}/categories/%20`, 404],
      [`${base}?preview[]=draft`, 200],
    ];
    for (const [path, status] of gets)
      expect([path, (await reader.get(path)).status]).toEqual([path, status]);
    const json = await fetch(`${t.url}${base}/articles/${id}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0' },
      body: JSON.stringify({ rating: ['love'] }),
    });
    // No form token (a script elsewhere posting JSON): refused before anything is read (#14).
    expect(json.status).toBe(403);
    expect(
      (
        await reader.post(`${base}/articles/${id}/comments`, {
          name: 'A',
          email: 'a@b.example',
          text: 'x'.repeat(5001),
        })
      ).status,
    ).toBe(422);
    expect((await reader.post(`${base}/nowhere`, {})).status).toBe(404);
  });
  it('popular lists: most viewed first, then the newest articles nobody viewed yet', async () => {
    const site = await t.factory.site();
    const quiet = await article(t.ds, site.id, { title: { en: 'Quiet article' } });
    const busy = await article(t.ds, site.id, { title: { en: 'Busy article' } });
    const some = await article(t.ds, site.id, { title: { en: 'Some article' } });
    for (const [id, views] of [
      [busy, 10],
      [some, 3],
    ]) {
      await articleStatsRow(t.ds, site.id, id, { views });
    }
    const html = (await new ReaderClient(t.url).get(`/hc/${site.subdomain}`)).html;
    const order = ['Busy article', 'Some article', 'Quiet article'].map((x) => html.indexOf(x));
    expect(order.every((n) => n > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    void quiet;
  });
  it('brand images: logo with its dark-mode variant and the favicon; another site’s image ids render nothing', async () => {
    const site = await t.factory.site();
    const other = await t.factory.site();
    const image = (siteId: number, name: string) =>
      imageRow(t.ds, siteId, { filename: name, url: `https://cdn.example/${name}` });
    const logo = await image(site.id, 'logo.png');
    const dark = await image(site.id, 'logo-dark.png');
    const foreign = await image(other.id, 'favicon.png');
    const doc = {
      ...publishedDocument(),
      brand: {
        name: 'Acme Docs',
        logoAssetId: logo,
        darkLogoAssetId: dark,
        faviconAssetId: foreign,
      },
    };
    await liveDesign(t.ds, site.id, doc);
    const html = (await new ReaderClient(t.url).get(`/hc/${site.subdomain}`)).html;
    expect(html).toContain(
      '<source srcset="https://cdn.example/logo-dark.png" media="(prefers-color-scheme: dark)">',
    );
    expect(html).toContain('src="https://cdn.example/logo.png"');
    expect(html).not.toContain('favicon.png');
    expect(html).toContain('<meta property="og:title" content="Acme Help">');
  });
});
