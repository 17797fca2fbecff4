import { startTestApp, TestApp } from '@hc/testing';
import { createDesignService } from '../app.factory';
import { DesignClient, designClient, findComponent } from '../testing/design-test';

describe('POST /template/themes/{themeKey}/apply (spec 2.9, 4.12)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createDesignService);
  });
  afterAll(() => t.close());

  async function fresh(): Promise<DesignClient> {
    const site = await t.factory.site({ name: 'Northwind' });
    const d = designClient(t, await t.factory.key(site, { design: true }));
    await d.patch([
      {
        op: 'set',
        path: 'brand',
        value: { logoAssetId: 5, darkLogoAssetId: 6, faviconAssetId: 7 },
      },
      { op: 'set', path: 'meta.noIndex', value: true },
      { op: 'add_css', id: 'mine', css: '.mine { color: red }' },
    ]);
    return d;
  }

  it('applying everything: theme placeholders for brand, logos cleared, SEO texts with no-index off, new ids, CSS replaced, preset_key', async () => {
    const d = await fresh();
    const before = await d.document();
    const res = await d.apply('aurora');
    expect(res.status).toBe(200);
    expect(res.body.theme).toBe('aurora');
    expect(res.body.applied_sections).toHaveLength(16);
    expect(res.body.template.draft).toMatchObject({
      preset_key: 'aurora',
      has_unpublished_changes: true,
    });
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Brand name and tagline were replaced'),
        expect.stringContaining('have new ids'),
        expect.stringContaining(
          'Custom CSS was replaced: 1 block(s) removed, 1 block(s) from the theme added.',
        ),
      ]),
    );
    const doc = await d.document();
    expect(doc.brand).toEqual({
      name: 'Acme Cloud Docs',
      tagline: 'Everything you need to ship with Acme',
      logoAssetId: null,
      darkLogoAssetId: null,
      faviconAssetId: null,
      websiteUrl: null,
    });
    expect(doc.meta).toMatchObject({
      title: 'Acme Cloud Help & Docs',
      description: 'Guides, API references and release notes for Acme Cloud.',
      noIndex: false,
    });
    expect(doc.theme.colors.primary).toBe('#7c3aed');
    expect(doc.theme.fonts.heading).toBe('Manrope');
    expect(doc.customCssItems.map((i: { label: string }) => i.label)).toEqual(['Gradient hero']);
    expect(doc.customCss).toContain('linear-gradient');
    const oldIds = JSON.stringify(before.pages).match(/"id":"[^"]+"/g)!;
    for (const id of oldIds) expect(JSON.stringify(doc.pages)).not.toContain(id);
    expect(doc.preset).toMatchObject({ startedFrom: 'classic', lastApplied: 'aurora' });
    expect(doc.globals.navigation.map((n: { label: string }) => n.label)).toEqual([
      'Guides',
      'Release notes',
      'Status',
      'Contact',
    ]);
    // Publishing makes the placeholder brand name the site name.
    await d.publish();
    expect((await d.template()).body.template.site.name).toBe('Acme Cloud Docs');
  });

  it('applying some sections replaces only those; preset_key is still set', async () => {
    const d = await fresh();
    const before = await d.document();
    const res = await d.apply('harbor', { sections: ['pages.article', 'theme.colors'] });
    expect(res.status).toBe(200);
    expect(res.body.applied_sections).toEqual(['theme.colors', 'pages.article']);
    expect(res.body.template.draft.preset_key).toBe('harbor');
    const doc = await d.document();
    expect(doc.brand).toEqual(before.brand);
    expect(doc.meta).toEqual(before.meta);
    expect(doc.theme.colors.primary).toBe('#1e3a8a');
    expect(doc.theme.fonts).toEqual(before.theme.fonts);
    expect(doc.pages.home).toEqual(before.pages.home);
    expect(doc.customCssItems).toEqual(before.customCssItems);
    expect(findComponent(doc, 'article', 'sidebar', 'Navigation')).toBeDefined();
    expect(res.body.warnings.join(' ')).toContain('now differ between pages');
    expect((await d.template()).body.outline.syncedButDiverged).toEqual({
      regions: ['header', 'footer'],
    });
  });

  it('blank leaves only ArticleMetadata on the article page and ContactForm on the contact page', async () => {
    const d = await fresh();
    expect((await d.apply('blank')).status).toBe(200);
    const doc = await d.document();
    expect(doc.theme.colors.primary).toBe('#2563eb');
    const types = Object.entries(doc.pages).flatMap(([page, p]: [string, any]) =>
      Object.entries(p.regions).flatMap(([region, r]: [string, any]) =>
        r.components.map((c: { type: string }) => `${page}.${region}.${c.type}`),
      ),
    );
    expect(types).toEqual(['article.main.ArticleMetadata', 'contact.main.ContactForm']);
    expect(doc.syncedRegions).toEqual([]);
    expect(doc.customCssItems).toEqual([]);
  });

  it('the current theme is marked; unchanged theme sections are not listed as changed', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site, { design: true });
    const d = designClient(t, key);
    await d.apply('ledger', { sections: ['theme.colors', 'theme.darkColors'] });
    expect((await d.template()).body.template.draft.preset_key).toBe('ledger');
    const list = (await t.request('GET', '/v1/template/themes', { key })).body.themes;
    expect(
      list.filter((th: { current: boolean }) => th.current).map((th: { key: string }) => th.key),
    ).toEqual(['ledger']);
    const ledger = (await t.request('GET', '/v1/template/themes/ledger', { key })).body.theme;
    expect(ledger.current).toBe(true);
    expect(ledger.changed_sections).not.toContain('theme.colors');
    expect(ledger.changed_sections).not.toContain('theme.darkColors');
    expect(ledger.changed_sections).toContain('theme.fonts');
    // Discard keeps preset_key (spec 2.9).
    await d.discard();
    expect((await d.template()).body.template.draft.preset_key).toBe('ledger');
  });

  it('sections: only the allowed names; an empty list is refused (422 validation_error)', async () => {
    const d = await fresh();
    for (const sections of [['pages.blog'], 'brand', [], ['brand', 42]]) {
      const res = await d.apply('classic', { sections });
      expect([
        JSON.stringify(sections),
        res.status,
        res.body.status,
        Object.keys(res.body.errors ?? {}),
      ]).toEqual([JSON.stringify(sections), 422, 'validation_error', ['sections']]);
    }
  });

  it('the body is read at the edge (DTO): each field its one message; an unknown theme is a 404 first', async () => {
    const d = await fresh();
    const errors = async (body: unknown, key = 'classic') => {
      const res = await d.apply(key, body as Record<string, unknown>);
      return [res.status, res.body.message, res.body.errors];
    };
    const shapeB = (errs: unknown) => [422, 'The request could not be accepted.', errs];
    expect(await errors({ sections: 'brand' })).toEqual(
      shapeB({ sections: ['The sections field must be an array.'] }),
    );
    expect(await errors({ sections: [] })).toEqual(
      shapeB({ sections: ['The sections field must have at least 1 item.'] }),
    );
    expect(await errors({ sections: ['theme.colors', 42] })).toEqual(
      shapeB({
        sections: [
          `The selected sections is invalid: 42. Allowed: ${(await d.apply('classic', {})).body.applied_sections.join(', ')}.`,
        ],
      }),
    );
    expect(await errors({ etag: 7, sections: null })).toEqual(
      shapeB({ etag: ['The etag field must be a string.'] }),
    );
    const unknownTheme = await d.apply('no-such-theme', { sections: 'brand' });
    expect([unknownTheme.status, unknownTheme.body.message]).toEqual([404, 'Theme not found.']);
  });

  it('a theme whose Hero wants an image warns that it has none', async () => {
    const d = await fresh();
    const res = await d.apply('meadow', { sections: ['pages.home'] });
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('image background but no image')]),
    );
  });
});
