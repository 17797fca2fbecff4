import { TestApp, validationErrorBody } from '@hc/testing';
import { addComponent, startDesignApp } from '../testing/design-fixtures';
import { DesignClient, findComponent } from '../testing/design-test';

describe('design reads (spec 4.12)', () => {
  let t: TestApp;
  let d: DesignClient;
  let key: string;

  beforeAll(async () => {
    const app = await startDesignApp({ name: 'Reads' });
    ({ t, d } = app);
    key = await t.factory.key(app.site, { design: true, scope: 'read' });
  });
  afterAll(() => t.close());

  it('GET /template: the outline (non-default settings, long values cut, large lists summarized, shared and styled regions, ids and labels)', async () => {
    const long = 'L'.repeat(130);
    const links = Array.from({ length: 8 }, (_, i) => ({ label: `Link ${i}`, href: `/l${i}` }));
    const res = await d.patch([
      addComponent('RichText', 'intro', { page: 'home', region: 'main' }, { markdown: long }),
      addComponent('FooterLinks', 'more', { region: 'footer' }, { links }),
      { op: 'set', path: 'pages.home.maxWidth', value: 'wide' },
      {
        op: 'add_css',
        label: 'Intro look',
        css: '[data-hc-instance-id="intro"] { font-size: 2rem }',
      },
      {
        op: 'add_script',
        id: 'chat',
        label: 'Chat',
        position: 'bodyEnd',
        src: 'https://chat.example.com/w.js',
      },
    ]);
    expect(res.status).toBe(200);
    const body = (await t.request('GET', '/v1/template', { key })).body;
    expect(Object.keys(body)).toEqual(['status', 'template', 'outline']);
    const o = body.outline;
    expect(Object.keys(o)).toEqual([
      'brand',
      'theme',
      'meta',
      'pages',
      'sharedRegions',
      'syncedButDiverged',
      'styledByCustomCss',
      'navigation',
      'scripts',
      'customCss',
      'presetStartedFrom',
      'syncedRegions',
    ]);
    expect(o.brand.name).toBe('Reads');
    expect(o.theme.colors.primary).toBe('#2563eb');
    expect(o.pages.home.settings).toEqual({ maxWidth: 'wide' });
    expect(o.pages.category.settings).toEqual({});
    const intro = o.pages.home.regions.main.find((c: { id: string }) => c.id === 'intro');
    expect(intro).toEqual({
      id: 'intro',
      type: 'RichText',
      settings: { markdown: `${'L'.repeat(120)}…` },
    });
    const more = o.pages.home.regions.footer.find((c: { id: string }) => c.id === 'more');
    expect(more.settings.links).toEqual({ summary: '8 items', first: links.slice(0, 3) });
    const hero = o.pages.home.regions.hero[0];
    expect(hero).toMatchObject({
      type: 'Hero',
      settings: {},
      children: [{ type: 'SearchBar', settings: {} }],
    });
    expect(o.sharedRegions).toEqual(
      expect.arrayContaining([
        {
          region: 'header',
          pages: ['home', 'category', 'article', 'search', 'contact', 'notFound'],
          synced: true,
        },
      ]),
    );
    expect(o.syncedButDiverged).toBeNull();
    expect(o.styledByCustomCss).toEqual({ 'home.main': ['Intro look'] });
    expect(o.navigation.map((n: { label: string }) => n.label)).toEqual(['Home', 'Contact']);
    expect(o.scripts).toEqual([{ id: 'chat', label: 'Chat', position: 'bodyEnd', enabled: true }]);
    expect(o.customCss).toEqual([{ id: expect.any(String), label: 'Intro look', enabled: true }]);
    expect(o.presetStartedFrom).toBe('classic');
    expect(o.syncedRegions).toEqual(['header', 'footer']);
    // The whole value is read with section=component.
    const full = (await t.request('GET', '/v1/template/draft?section=component&id=intro', { key }))
      .body.data;
    expect(full.component.config.markdown).toBe(long);
  });

  it('GET /template/draft: every section answers section, etag and data', async () => {
    const etag = await d.etag();
    const doc = await d.document();
    const get = async (qs: string) =>
      (await t.request('GET', `/v1/template/draft${qs}`, { key })).body;
    expect(await get('')).toEqual({ status: 'success', section: 'document', etag, data: doc });
    expect(Object.keys(doc)).toEqual([
      'brand',
      'theme',
      'meta',
      'pages',
      'syncedRegions',
      'globals',
      'customCssItems',
      'customCss',
      'schemaVersion',
      'preset',
    ]);
    for (const part of ['brand', 'theme', 'meta'] as const)
      expect((await get(`?section=${part}`)).data).toEqual(doc[part]);
    expect((await get('?section=navigation')).data).toEqual(doc.globals.navigation);
    expect((await get('?section=scripts')).data).toEqual(doc.globals.scripts);
    expect((await get('?section=scripts&id=chat')).data).toEqual(doc.globals.scripts[0]);
    expect((await get('?section=custom_css')).data).toEqual({
      items: doc.customCssItems,
      compiled: doc.customCss,
    });
    expect((await get(`?section=custom_css&id=${doc.customCssItems[0].id}`)).data).toEqual(
      doc.customCssItems[0],
    );
    expect((await get('?section=page&page=article')).data).toEqual({
      page: 'article',
      ...doc.pages.article,
    });
    const region = (await get('?section=region&page=home&region=hero')).data;
    const hero = doc.pages.home.regions.hero.components[0];
    expect(region).toEqual({
      page: 'home',
      region: 'hero',
      synced: false,
      instances: [
        {
          id: hero.id,
          type: 'Hero',
          parent_id: null,
          selector: `[data-hc-instance-id="${hero.id}"]`,
        },
        {
          id: hero.children[0].id,
          type: 'SearchBar',
          parent_id: hero.id,
          selector: `[data-hc-instance-id="${hero.children[0].id}"]`,
        },
      ],
      components: doc.pages.home.regions.hero.components,
      config: doc.pages.home.regions.hero.config,
    });
    const logo = findComponent(doc, 'home', 'header', 'Logo');
    const comp = (await get(`?section=component&id=${logo.id}&page=search`)).data;
    expect(comp).toEqual({
      page: 'search',
      region: 'header',
      parent_id: null,
      pages: ['home', 'category', 'article', 'search', 'contact', 'notFound'],
      component: logo,
    });
    expect((await get('?section=translations')).data).toEqual([]);
  });

  it('GET /template/draft: 404 component_not_found and not_found; missing or invalid parameters are 422', async () => {
    const req = (qs: string) => t.request('GET', `/v1/template/draft${qs}`, { key });
    const notComponent = await req('?section=component&id=ghost');
    expect([notComponent.status, notComponent.body]).toEqual([
      404,
      { status: 'error', code: 'component_not_found', message: 'Component not found.' },
    ]);
    const onOtherPage = await req('?section=component&id=intro&page=article');
    expect(onOtherPage.body.code).toBe('component_not_found');
    for (const qs of ['?section=scripts&id=ghost', '?section=custom_css&id=ghost']) {
      const res = await req(qs);
      expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    }
    for (const [qs, field] of [
      ['?section=page', 'page'],
      ['?section=region&page=home', 'region'],
      ['?section=component', 'id'],
      ['?section=everything', 'section'],
      ['?section=page&page=blog', 'page'],
    ]) {
      const res = await req(qs);
      expect([qs, res.status, res.body.status, Object.keys(res.body.errors)]).toEqual([
        qs,
        422,
        'validation_error',
        [field],
      ]);
    }
  });

  it('reads its queries at the edge (DraftQuery, SchemaQuery): exact answers, and what a section does not read is ignored', async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ['/v1/template/draft?section=page', { page: ['The page field is required.'] }],
      [
        '/v1/template/draft?section=region&page=home',
        { region: ['The region field is required.'] },
      ],
      [
        '/v1/template/draft?section=component&page=blog&id=x',
        { page: ['The selected page is invalid.'] },
      ],
      ['/v1/template/draft?section=everything', { section: ['The selected section is invalid.'] }],
      [
        '/v1/template/schema?topic=components&types=Hero,Carousel',
        { types: ['Unknown component type "Carousel".'] },
      ],
      ['/v1/template/schema?topic=colours', { topic: ['The selected topic is invalid.'] }],
    ];
    for (const [path, errors] of cases) {
      const res = await t.request('GET', path, { key });
      expect([path, res.status, res.body]).toEqual([path, 422, validationErrorBody(errors)]);
    }
    for (const path of [
      '/v1/template/draft?section=brand&page=blog&region=sky',
      '/v1/template/draft?section=page&page=%20home%20&id=ignored',
      '/v1/template/schema?topic=css&types=Carousel',
    ]) {
      expect([path, (await t.request('GET', path, { key })).status]).toEqual([path, 200]);
    }
  });

  it('GET /template/schema by topic', async () => {
    const get = (qs = '') => t.request('GET', `/v1/template/schema${qs}`, { key });
    const overview = (await get()).body;
    expect(overview).toMatchObject({
      status: 'success',
      topic: 'overview',
      schema: {
        engine: 'v2',
        topics: ['overview', 'components', 'settings', 'theme', 'css', 'scripts', 'navigation'],
      },
    });
    const index = (await get('?topic=components')).body.schema.index;
    const types = index.map((c: { type: string }) => c.type);
    // Every type of the catalog (issue #9).
    for (const type of (
      'Hero Container SearchBar Logo Navigation CategoryGrid ArticleList ArticleBody ' +
      'ArticleMetadata TableOfContents Breadcrumbs RelatedArticles ContactForm RichText Image ' +
      'Button LanguageSwitcher FooterLinks SocialLinks Divider'
    ).split(' ')) {
      expect(types).toContain(type);
    }
    const detail = (await get('?topic=components&types=Hero,ContactForm')).body.schema.components;
    expect(detail.map((c: { type: string }) => c.type)).toEqual(['Hero', 'ContactForm']);
    expect(detail[0]).toMatchObject({
      once_per_region: true,
      container: true,
      starts_with: ['SearchBar'],
      regions: ['hero'],
      translatable: ['title', 'subtitle'],
    });
    expect(detail[0].settings.height).toEqual({
      type: 'enum',
      options: ['compact', 'standard', 'tall'],
      default: 'standard',
      help: expect.any(String),
    });
    expect(detail[1].pages).toEqual(['contact']);
    const nine = await get(`?topic=components&types=${types.slice(0, 9).join(',')}`);
    expect([nine.status, nine.body.errors]).toEqual([
      422,
      { types: ['The types field must not have more than 8 items.'] },
    ]);
    expect((await get('?topic=components&types=Hero,Carousel')).status).toBe(422);
    for (const topic of ['settings', 'theme', 'css', 'scripts', 'navigation']) {
      const res = await get(`?topic=${topic}`);
      expect([topic, res.status, res.body.topic]).toEqual([topic, 200, topic]);
    }
    expect((await get('?topic=settings')).body.schema.brand.name).toMatchObject({
      required: true,
      nullable: false,
    });
    expect((await get('?topic=css')).body.schema.removed_at_render).toEqual(
      '@import|@charset|@namespace|expression()|behavior:|javascript: URLs'.split('|'),
    );
    expect((await get('?topic=everything')).status).toBe(422);
  });

  it('GET /template/themes and one theme', async () => {
    const list = (await t.request('GET', '/v1/template/themes', { key })).body;
    expect(list.themes.length).toBeGreaterThanOrEqual(6);
    expect(list).not.toHaveProperty('meta'); // spec 4.2: no `meta`
    for (const theme of list.themes) {
      expect(Object.keys(theme)).toEqual(
        expect.arrayContaining([
          'key',
          'name',
          'tagline',
          'summary',
          'best_for',
          'colors',
          'dark_colors',
          'fonts',
          'density',
          'preview_image',
          'current',
        ]),
      );
      expect(Object.keys(theme.colors)).toEqual(
        'primary accent fg bg muted surface border'.split(' '),
      );
      expect(theme.preview_image).toBe(
        `http://localhost:8080/v1/template/themes/${theme.key}/preview.svg`,
      );
    }
    expect(
      list.themes
        .filter((th: { current: boolean }) => th.current)
        .map((th: { key: string }) => th.key),
    ).toEqual(['classic']);
    expect(list.themes.some((th: { industry?: string }) => th.industry)).toBe(true);
    const one = (await t.request('GET', '/v1/template/themes/harbor', { key })).body.theme;
    expect(one).toMatchObject({ key: 'harbor', current: false, description: expect.any(String) });
    expect(one.screenshots).toHaveLength(6);
    expect(one.anatomy.article.regions.sidebar[0]).toMatchObject({ type: 'Navigation' });
    expect(one.sections).toHaveLength(16);
    expect(one.changed_sections).toEqual(
      expect.arrayContaining(['brand', 'theme.colors', 'pages.home', 'customCss', 'meta']),
    );
    const classic = (await t.request('GET', '/v1/template/themes/classic', { key })).body.theme;
    expect(classic.changed_sections).not.toContain('theme.colors');
    expect(classic.changed_sections).toContain('pages.home');
  });
});
