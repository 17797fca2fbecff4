import { startTestApp, TestApp, TestSite } from '@hc/testing';
import { createDesignService } from '../app.factory';
import { addComponent, invalid, invalidPath } from '../testing/design-fixtures';
import { DesignClient, designClient, findComponent, setTranslations } from '../testing/design-test';

const PAGES = ['home', 'category', 'article', 'search', 'contact', 'notFound'];

describe('PATCH /template/draft: regions, synced regions and translations (spec 2.9, 4.12)', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await startTestApp(createDesignService)));
  afterAll(() => t.close());

  async function fresh(): Promise<{ d: DesignClient; site: TestSite }> {
    const site = await t.factory.site();
    const d = designClient(t, await t.factory.key(site, { design: true }));
    await d.template();
    return { d, site };
  }

  it('update_region: background (hex or token), padding, borderBottom, align; null resets; a synced region changes on every page', async () => {
    const { d } = await fresh();
    const res = await d.patch([
      {
        op: 'update_region',
        page: 'home',
        region: 'main',
        config: { background: '#112233', padding: 'tall', borderBottom: true, align: 'center' },
      },
      { op: 'update_region', region: 'header', config: { background: 'var(--hc-color-primary)' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      region: 'main',
      pages: ['home'],
      changed: ['config.background', 'config.padding', 'config.borderBottom', 'config.align'],
    });
    let doc = await d.document();
    expect(doc.pages.home.regions.main.config).toEqual({
      background: '#112233',
      padding: 'tall',
      borderBottom: true,
      align: 'center',
    });
    expect(doc.pages.category.regions.main.config.background).toBeNull();
    for (const page of PAGES)
      expect(doc.pages[page].regions.header.config.background).toBe('var(--hc-color-primary)');
    await d.patch([
      {
        op: 'update_region',
        page: 'home',
        region: 'main',
        config: { background: null, padding: null },
      },
    ]);
    doc = await d.document();
    expect(doc.pages.home.regions.main.config).toEqual({
      background: null,
      padding: 'standard',
      borderBottom: true,
      align: 'center',
    });

    for (const [config, path] of [
      [{ padding: 'huge' }, 'config.padding'],
      [{ background: 'red' }, 'config.background'],
      [{ shadow: true }, 'config.shadow'],
    ] as const) {
      const res = await d.patch([{ op: 'update_region', page: 'home', region: 'main', config }]);
      expect(invalid(res).path).toBe(path);
    }
    expect(
      invalid(await d.patch([{ op: 'update_region', region: 'main', config: { align: 'left' } }]))
        .path,
    ).toBe('page');
  });

  it('sync_region: false lets pages differ; true copies source_page over the rest with a warning; main is always per page', async () => {
    const { d } = await fresh();
    expect(await invalidPath(d, [{ op: 'sync_region', region: 'main', enabled: true }])).toBe(
      'region',
    );
    const off = await d.patch([
      { op: 'sync_region', region: 'footer', enabled: false },
      addComponent(
        'RichText',
        'hours',
        { page: 'contact', region: 'footer' },
        { markdown: 'Mon–Fri 9–17' },
      ),
    ]);
    expect(off.status).toBe(200);
    expect(off.body.results[0]).toEqual({
      operation: 0,
      op: 'sync_region',
      region: 'footer',
      enabled: false,
    });
    let doc = await d.document();
    expect(doc.syncedRegions).toEqual(['header']);
    expect(findComponent(doc, 'home', 'footer', 'RichText').id).not.toBe('hours');

    const on = await d.patch([
      { op: 'sync_region', region: 'footer', enabled: true, source_page: 'contact' },
    ]);
    expect(on.status).toBe(200);
    expect(on.body.results[0]).toMatchObject({
      region: 'footer',
      enabled: true,
      source_page: 'contact',
      replaced_pages: ['home', 'category', 'article', 'search', 'notFound'],
    });
    expect(on.body.warnings).toEqual([expect.stringContaining('replaced by the contact page')]);
    doc = await d.document();
    expect(doc.syncedRegions).toEqual(['header', 'footer']);
    for (const page of PAGES)
      expect(doc.pages[page].regions.footer).toEqual(doc.pages.contact.regions.footer);

    // The article sidebar holds article-only components: it cannot be shared by every page.
    expect(
      await invalidPath(d, [
        { op: 'sync_region', region: 'sidebar', enabled: true, source_page: 'article' },
      ]),
    ).toBe('source_page');
  });

  it('a synced region whose pages differ refuses edits that would copy one page over all until sync_region says how', async () => {
    const { d } = await fresh();
    await d.apply('aurora', { sections: ['pages.home'] });
    const tpl = await d.template();
    expect(tpl.body.outline.syncedButDiverged).toEqual({ regions: ['header', 'footer'] });
    const logo = findComponent(await d.document(), 'category', 'header', 'Logo');
    const refusals = [
      { op: 'update_component', id: logo.id, config: { size: 'large' } },
      { op: 'add_component', region: 'header', type: 'SocialLinks' },
      { op: 'update_region', region: 'header', config: { padding: 'tall' } },
      { op: 'sync_region', region: 'header', enabled: true },
    ];
    for (const op of refusals) {
      const e = invalid(await d.patch([op]));
      expect(e.message).toContain('The synced region "header" differs between pages');
    }
    // enabled false in the same batch: each page keeps its own copy; name page on edits.
    const kept = await d.patch([
      { op: 'sync_region', region: 'header', enabled: false },
      { op: 'update_component', id: logo.id, page: 'category', config: { size: 'large' } },
    ]);
    expect(kept.status).toBe(200);
    let doc = await d.document();
    expect(findComponent(doc, 'category', 'header', 'Logo').config.size).toBe('large');
    expect(findComponent(doc, 'article', 'header', 'Logo').config.size).toBe('medium');
    // enabled true with source_page: the others lose their own version (warning).
    const resync = await d.patch([
      { op: 'sync_region', region: 'footer', enabled: true, source_page: 'home' },
      { op: 'add_component', region: 'footer', type: 'Divider', index: 0 },
    ]);
    expect(resync.status).toBe(200);
    expect(resync.body.warnings.join(' ')).toContain('their own version is gone');
    doc = await d.document();
    expect((await d.template()).body.outline.syncedButDiverged).toBeNull();
    for (const page of PAGES)
      expect(doc.pages[page].regions.footer.components[0].type).toBe('Divider');
  });

  it('copy_region: a one-time copy of a non-synced region; page rules still apply', async () => {
    const { d } = await fresh();
    for (const [region, toPages, path] of [
      ['header', ['article'], 'region'],
      ['hero', ['home'], 'to_pages.0'],
      ['hero', [], 'to_pages'],
      ['main', ['article'], 'to_pages'],
    ] as const) {
      const op = { op: 'copy_region', region, from_page: 'home', to_pages: toPages };
      expect(await invalidPath(d, [op])).toBe(path);
    }
    const res = await d.patch([
      { op: 'copy_region', region: 'hero', from_page: 'home', to_pages: ['category', 'article'] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      region: 'hero',
      from_page: 'home',
      to_pages: ['category', 'article'],
      replaced_pages: ['category', 'article'],
    });
    expect(res.body.warnings).toEqual([
      expect.stringContaining('replaced by a copy of the home page'),
    ]);
    const doc = await d.document();
    expect(doc.pages.article.regions.hero).toEqual(doc.pages.home.regions.hero);
    expect(doc.syncedRegions).toEqual(['header', 'footer']);
  });

  it('translated design texts are read-only and move, copy and vanish with their component', async () => {
    const { d, site } = await fresh();
    expect((await d.draft({ section: 'translations' })).body.data).toEqual([]);
    let doc = await d.document();
    const hero = findComponent(doc, 'home', 'hero', 'Hero');
    const grid = findComponent(doc, 'home', 'main', 'CategoryGrid');
    const nav = doc.globals.navigation;
    await d.patch([
      { op: 'add_component', page: 'home', region: 'main', type: 'Container', id: 'box' },
    ]);
    await setTranslations(t, site.id, {
      de: {
        'brand.tagline': 'Antworten',
        [`pages.home.${hero.id}.title`]: 'Wie können wir helfen?',
        [`pages.home.${grid.id}.title`]: 'Themen',
        [`navigation.${nav[0].id}.label`]: 'Start',
        [`navigation.${nav[1].id}.label`]: 'Kontakt',
      },
    });
    const moved = await d.patch([
      { op: 'move_component', id: grid.id, parent_id: 'box' },
      { op: 'copy_region', region: 'hero', from_page: 'home', to_pages: ['search'] },
      {
        op: 'set_navigation',
        items: [
          { id: nav[0].id, label: 'Home', href: '/' },
          { label: 'Status', href: 'https://status.example.com', type: 'external' },
        ],
      },
    ]);
    expect(moved.status).toBe(200);
    const tr = (await d.draft({ section: 'translations' })).body.data.de;
    expect(tr).toEqual({
      'brand.tagline': 'Antworten',
      [`pages.home.${hero.id}.title`]: 'Wie können wir helfen?',
      [`pages.search.${hero.id}.title`]: 'Wie können wir helfen?',
      [`pages.home.${grid.id}.title`]: 'Themen',
      [`navigation.${nav[0].id}.label`]: 'Start',
    });
    await d.patch([
      { op: 'remove_component', id: hero.id, page: 'home' },
      { op: 'remove_component', id: 'box' },
    ]);
    expect((await d.draft({ section: 'translations' })).body.data.de).toEqual({
      'brand.tagline': 'Antworten',
      [`pages.search.${hero.id}.title`]: 'Wie können wir helfen?',
      [`navigation.${nav[0].id}.label`]: 'Start',
    });
    // Applying a page gives new component ids: the old texts of that page vanish.
    await d.apply('classic', { sections: ['pages.search'] });
    doc = await d.document();
    expect((await d.draft({ section: 'translations' })).body.data.de).toEqual({
      'brand.tagline': 'Antworten',
      [`navigation.${nav[0].id}.label`]: 'Start',
    });
    // There is no operation that writes translations.
    const refused = await d.patch([{ op: 'set', path: 'translations.de', value: {} }]);
    expect(refused.status).toBe(422);
  });
});
