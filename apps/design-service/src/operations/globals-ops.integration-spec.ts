import { TestApp } from '@hc/testing';
import { invalid, invalidPath, startDesignApp } from '../testing/design-fixtures';
import { DesignClient } from '../testing/design-test';

describe('PATCH /template/draft: set, CSS, scripts, navigation (spec 4.12)', () => {
  let t: TestApp;
  let d: DesignClient;

  beforeAll(async () => ({ t, d } = await startDesignApp()));
  afterAll(() => t.close());

  describe('set', () => {
    it('changes brand, theme, meta and page settings; an object value sets several', async () => {
      const res = await d.patch([
        {
          op: 'set',
          path: 'brand',
          value: { tagline: '  Line one\nline two ', websiteUrl: 'https://example.com' },
        },
        { op: 'set', path: 'theme.colors.primary', value: '#123456' },
        { op: 'set', path: 'theme.darkColors', value: { bg: '#000000cc', fg: '#FAFAFA' } },
        { op: 'set', path: 'theme.fonts.heading', value: 'Merriweather' },
        { op: 'set', path: 'theme.radius', value: { buttons: 'full' } },
        { op: 'set', path: 'theme.density', value: 'compact' },
        { op: 'set', path: 'meta', value: { description: '', noIndex: true, direction: 'rtl' } },
        { op: 'set', path: 'pages.article.showComments', value: true },
        { op: 'set', path: 'pages.search', value: { layout: 'sidebar-left', resultsPerPage: 15 } },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.results[0]).toEqual({
        operation: 0,
        op: 'set',
        path: 'brand',
        changed: ['brand.tagline', 'brand.websiteUrl'],
      });
      const doc = await d.document();
      expect(doc.brand.tagline).toBe('  Line one\nline two ');
      expect(doc.theme.colors.primary).toBe('#123456');
      expect(doc.theme.darkColors).toMatchObject({ bg: '#000000cc', fg: '#FAFAFA' });
      expect(doc.theme.fonts.heading).toBe('Merriweather');
      expect(doc.theme.radius.buttons).toBe('full');
      expect(doc.theme.density).toBe('compact');
      expect(doc.meta).toMatchObject({ description: '', noIndex: true, direction: 'rtl' });
      expect(doc.pages.article.settings.showComments).toBe(true);
      expect(doc.pages.search).toMatchObject({
        layout: 'sidebar-left',
        settings: { resultsPerPage: 15 },
      });
    });

    it('null empties a setting that can be empty and is refused where it cannot', async () => {
      expect((await d.patch([{ op: 'set', path: 'brand.tagline', value: null }])).status).toBe(200);
      expect((await d.document()).brand.tagline).toBeNull();
      for (const path of [
        'theme.colors.bg',
        'theme.density',
        'meta.noIndex',
        'pages.home.maxWidth',
      ]) {
        expect(await invalidPath(d, [{ op: 'set', path, value: null }])).toBe(path);
      }
    });

    it('brand.name and meta.title refuse empty, null and whitespace-only; other values are kept as sent', async () => {
      for (const path of ['brand.name', 'meta.title']) {
        for (const value of ['', null, '   ', '\n\t']) {
          const e = invalid(await d.patch([{ op: 'set', path, value }]));
          expect(e).toEqual({
            operation: 0,
            op: 'set',
            path,
            message: `The ${path} cannot be empty.`,
          });
        }
      }
      expect(await invalidPath(d, [{ op: 'set', path: 'brand', value: { name: ' ' } }])).toBe(
        'brand.name',
      );
      expect((await d.patch([{ op: 'set', path: 'meta.title', value: ' Help ' }])).status).toBe(
        200,
      );
      expect((await d.document()).meta.title).toBe(' Help ');
    });

    it('colors are hex #rrggbb or #rrggbbaa; settings take only offered values; unknown and kept paths are refused', async () => {
      const cases: [string, unknown][] = [
        ['theme.colors.primary', 'red'],
        ['theme.colors.primary', '#abc'],
        ['theme.colors.primary', 'var(--hc-color-accent)'],
        ['theme.colors.shadow', '#000000'],
        ['theme.fonts.body', 'Comic Sans MS'],
        ['theme.radius.cards', 12],
        ['theme.density', 'cozy'],
        ['meta.direction', 'up'],
        ['pages.home.layout', 'three-columns'],
        ['pages.home.showComments', true],
        ['pages.blog.layout', 'full'],
        ['brand.logoAssetId', -1],
        ['brand.websiteUrl', 'ftp://example.com'],
        ['schemaVersion', 4],
        ['preset', {}],
        ['customCss', 'a{}'],
        ['globals.navigation', []],
      ];
      for (const [path, value] of cases) {
        const e = invalid(await d.patch([{ op: 'set', path, value }]));
        expect([path, e.path]).toEqual([path, path]);
      }
    });
  });

  describe('custom CSS', () => {
    it('add, update (move, disable) and remove blocks; customCss is compiled from the enabled ones', async () => {
      const res = await d.patch([
        {
          op: 'add_css',
          id: 'brand',
          label: 'Brand',
          css: '.hc-header {\n  color: var(--hc-color-primary);\n}\n',
        },
        { op: 'add_css', label: 'Hero', css: '[data-hc-instance-id="x"] { padding: 0 }', index: 0 },
      ]);
      expect(res.status).toBe(200);
      const second = res.body.results[1].id;
      expect(res.body.results[0]).toEqual({ operation: 0, op: 'add_css', id: 'brand', index: 0 });
      let data = (await d.draft({ section: 'custom_css' })).body.data;
      expect(data.items.map((i: { id: string }) => i.id)).toEqual([second, 'brand']);
      expect(data.items[1]).toEqual({
        id: 'brand',
        label: 'Brand',
        css: '.hc-header {\n  color: var(--hc-color-primary);\n}\n',
        enabled: true,
      });
      expect(data.compiled).toContain('color: var(--hc-color-primary)');
      expect(data.compiled.indexOf('padding: 0')).toBeLessThan(data.compiled.indexOf('hc-header'));

      const upd = await d.patch([
        { op: 'update_css', id: 'brand', enabled: false, index: 0, label: 'Brand (off)' },
      ]);
      expect(upd.body.results[0]).toMatchObject({
        id: 'brand',
        index: 0,
        changed: ['label', 'enabled', 'index'],
      });
      data = (await d.draft({ section: 'custom_css' })).body.data;
      expect(data.compiled).not.toContain('hc-header');
      expect((await d.draft({ section: 'custom_css', id: 'brand' })).body.data.label).toBe(
        'Brand (off)',
      );
      await d.patch([{ op: 'remove_css', id: second }]);
      expect((await d.document()).customCss).toBe('');
      expect(await invalidPath(d, [{ op: 'remove_css', id: second }])).toBe('id');
      expect(await invalidPath(d, [{ op: 'update_css', id: 'nope', css: 'a{color:red}' }])).toBe(
        'id',
      );
      expect(await invalidPath(d, [{ op: 'add_css', id: 'brand', css: 'a{color:red}' }])).toBe(
        'id',
      );
    });

    it('@import, @charset, @namespace, expression(), behavior: and javascript: URLs are removed at render with a warning', async () => {
      const css = [
        '@charset "utf-8";',
        '@import url("https://evil.example/x.css");',
        '@namespace svg url(http://www.w3.org/2000/svg);',
        '.a { width: expression(alert(1)); color: red; }',
        '.b { behavior: url(x.htc); background: url("javascript:alert(1)"); margin: 0; }',
        '.c { background-image: url(java\\script:alert(1)); }',
      ].join('\n');
      const res = await d.patch([{ op: 'add_css', id: 'risky', label: 'Risky', css }]);
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual([
        'CSS block "Risky": @charset, @import, @namespace, expression(), behavior:, javascript: URL removed at render (not allowed).',
      ]);
      const doc = await d.document();
      expect(doc.customCssItems.find((i: { id: string }) => i.id === 'risky').css).toBe(css);
      expect(doc.customCss).toContain('color: red');
      expect(doc.customCss).toContain('margin: 0');
      expect(doc.customCss).not.toMatch(
        /@import|@charset|@namespace|expression|behavior|javascript|\.c/i,
      );
      await d.patch([{ op: 'remove_css', id: 'risky' }]);
    });

    it('a block rendering as nothing, CSS that cannot be parsed, and blocks over 204,800 bytes are refused', async () => {
      for (const css of [
        '',
        '   \n',
        '/* only a comment */',
        '@import url(a.css);',
        '.a { behavior: url(x.htc) }',
        '.a {}',
      ]) {
        expect([css, invalid(await d.patch([{ op: 'add_css', css }])).message]).toEqual([
          css,
          'The CSS block would render as nothing.',
        ]);
      }
      expect(invalid(await d.patch([{ op: 'add_css', css: '.a { color: red' }])).message).toMatch(
        /^CSS syntax error at line 1/,
      );
      const big = `.a{color:red}/*${'x'.repeat(204_800)}*/`;
      expect(invalid(await d.patch([{ op: 'add_css', css: big }])).message).toBe(
        'The CSS block is larger than 204,800 bytes.',
      );
      const half = `.a{color:red}/*${'x'.repeat(110_000)}*/`;
      const e = invalid(
        await d.patch([
          { op: 'add_css', css: half },
          { op: 'add_css', css: half },
        ]),
      );
      expect(e).toMatchObject({
        operation: 1,
        message: 'All CSS blocks together would be larger than 204,800 bytes.',
      });
      const exact = `.a{color:red}/*${'é'.repeat(102_350)}*/`;
      expect(Buffer.byteLength(exact)).toBeLessThanOrEqual(204_800);
      expect((await d.patch([{ op: 'add_css', id: 'exact', css: exact }])).status).toBe(200);
      await d.patch([{ op: 'remove_css', id: 'exact' }]);
    });
  });

  describe('scripts', () => {
    it('add_script with exactly one body kind; update switches the kind; remove', async () => {
      const res = await d.patch([
        {
          op: 'add_script',
          id: 'analytics',
          position: 'headEnd',
          src: 'https://cdn.example.com/a.js',
          async: true,
          integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
        },
        {
          op: 'add_script',
          position: 'bodyEnd',
          inlineBody: '  console.log("hi");\n',
          pages: ['article', 'search'],
          label: 'Hello',
        },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.results[1]).toMatchObject({ kind: 'inlineBody' });
      expect(res.body.warnings).toEqual([
        'Script "analytics" runs for every visitor on every page; make sure you trust it.',
        'Script "Hello" runs for every visitor on the article, search page(s); make sure you trust it.',
      ]);
      const script = (await d.draft({ section: 'scripts', id: 'analytics' })).body.data;
      expect(script).toEqual({
        id: 'analytics',
        label: null,
        position: 'headEnd',
        src: 'https://cdn.example.com/a.js',
        pages: null,
        enabled: true,
        defer: false,
        async: true,
        integrity: expect.stringMatching(/^sha384-/),
      });
      const sw = await d.patch([
        {
          op: 'update_script',
          id: 'analytics',
          htmlBody: '<noscript><img src="https://x.example/p.gif"></noscript>',
          enabled: false,
        },
      ]);
      expect(sw.status).toBe(200);
      const switched = (await d.draft({ section: 'scripts', id: 'analytics' })).body.data;
      expect(switched.src).toBeUndefined();
      expect(switched.htmlBody).toContain('<noscript>');
      expect((await d.draft({ section: 'scripts' })).body.data).toHaveLength(2);
      await d.patch([{ op: 'remove_script', id: 'analytics' }]);
      expect((await d.draft({ section: 'scripts', id: 'analytics' })).status).toBe(404);
    });

    it('refuses two bodies, none, non-https src, script tags in inlineBody, bodies over 51,200 bytes, bad positions and pages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ position: 'headEnd', src: 'https://a.example/x.js', inlineBody: 'x()' }, 'inlineBody'],
        [{ position: 'headEnd' }, 'src'],
        [{ position: 'headEnd', src: 'http://a.example/x.js' }, 'src'],
        [{ position: 'headEnd', src: 'javascript:alert(1)' }, 'src'],
        [{ position: 'headEnd', inlineBody: '<script>x()</script>' }, 'inlineBody'],
        [{ position: 'headEnd', inlineBody: 'x'.repeat(51_201) }, 'inlineBody'],
        [{ position: 'middle', inlineBody: 'x()' }, 'position'],
        [{ position: 'headEnd', inlineBody: 'x()', pages: ['blog'] }, 'pages.0'],
        [{ position: 'headEnd', inlineBody: 'x()', pages: [] }, 'pages'],
        [{ position: 'headEnd', inlineBody: 'x()', integrity: 'md5-abc' }, 'integrity'],
      ];
      for (const [fields, path] of cases) {
        expect([
          fields.position,
          invalid(await d.patch([{ op: 'add_script', ...fields }])).path,
        ]).toEqual([fields.position, path]);
      }
      expect(
        (await d.patch([{ op: 'add_script', position: 'bodyStart', htmlBody: 'x'.repeat(51_200) }]))
          .status,
      ).toBe(200);
      expect(await invalidPath(d, [{ op: 'update_script', id: 'missing', enabled: false }])).toBe(
        'id',
      );
    });
  });

  describe('set_navigation', () => {
    it('replaces the menu: up to 30 items, one level of children with up to 20 each; empty list clears', async () => {
      const res = await d.patch([
        {
          op: 'set_navigation',
          items: [
            {
              id: 'guides',
              label: 'Guides',
              href: '/',
              cssClass: 'nav-strong',
              children: [
                { label: 'Start', href: '/categories/start', type: 'category' },
                { label: 'Billing', href: '42', type: 'category' },
              ],
            },
            { label: 'Status', href: 'https://status.example.com', type: 'external' },
          ],
        },
      ]);
      expect(res.status).toBe(200);
      const nav = (await d.draft({ section: 'navigation' })).body.data;
      expect(nav[0]).toMatchObject({
        id: 'guides',
        label: 'Guides',
        href: '/',
        type: 'link',
        cssClass: 'nav-strong',
      });
      expect(nav[0].children[0]).toMatchObject({
        label: 'Start',
        type: 'category',
        cssClass: null,
        children: [],
      });
      expect(nav[1]).toMatchObject({ type: 'external', id: expect.stringMatching(/^nav-/) });

      const item = (i: number) => ({ label: `Item ${i}`, href: `/p${i}` });
      const cases: [unknown[], string][] = [
        [Array.from({ length: 31 }, (_, i) => item(i)), 'items'],
        [
          [{ ...item(0), children: Array.from({ length: 21 }, (_, i) => item(i)) }],
          'items.0.children',
        ],
        [
          [{ ...item(0), children: [{ ...item(1), children: [item(2)] }] }],
          'items.0.children.0.children',
        ],
        [[{ ...item(0), target: '_blank' }], 'items.0.target'],
        [[{ label: ' ', href: '/' }], 'items.0.label'],
        [[{ label: 'x', href: 'javascript:alert(1)' }], 'items.0.href'],
        [[{ label: 'x', href: '/docs', type: 'external' }], 'items.0.href'],
        [
          [
            { ...item(0), id: 'a' },
            { ...item(1), id: 'a' },
          ],
          'items.1.id',
        ],
        [[{ ...item(0), cssClass: 'a;b' }], 'items.0.cssClass'],
      ];
      for (const [items, path] of cases)
        expect(await invalidPath(d, [{ op: 'set_navigation', items }])).toBe(path);
      const thirty = await d.patch([
        {
          op: 'set_navigation',
          items: Array.from({ length: 30 }, (_, i) => ({
            ...item(i),
            children: Array.from({ length: 20 }, (_, j) => item(100 + j)),
          })),
        },
      ]);
      expect(thirty.status).toBe(200);
      await d.patch([{ op: 'set_navigation', items: [] }]);
      expect((await d.draft({ section: 'navigation' })).body.data).toEqual([]);
    });
  });
});
