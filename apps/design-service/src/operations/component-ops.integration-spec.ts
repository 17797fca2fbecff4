import { expectValidationErrors, TestApp } from '@hc/testing';
import {
  addComponent,
  invalidErrors as invalid,
  invalidPath,
  refusal,
  startDesignApp,
} from '../testing/design-fixtures';
import { DesignClient, findComponent } from '../testing/design-test';

describe('PATCH /template/draft: components (spec 4.12)', () => {
  let t: TestApp;
  let d: DesignClient;

  beforeAll(async () => ({ t, d } = await startDesignApp({ scope: 'read_write' })));
  afterAll(() => t.close());

  it('a lone surrogate in an operation is template_invalid on its path; nothing is saved (issue 34 item 7)', async () => {
    const before = await d.document();
    const errors = invalid(
      await d.patch([
        addComponent('RichText', 'fine', { page: 'home', region: 'main' }, { markdown: 'ok' }),
        addComponent('RichText', 'bad', { page: 'home', region: 'main' }, { markdown: 'a\ud800' }),
      ]),
    );
    expect(errors).toEqual([
      {
        operation: 1,
        op: 'add_component',
        path: 'config.markdown',
        message: 'The config.markdown field must be valid Unicode text.',
      },
    ]);
    expect(await d.document()).toEqual(before);
  });

  it('add_component: index, id, config defaults, strings stored as sent; results per operation', async () => {
    const markdown = '  # Welcome\n\n  Indented  line  \n';
    const res = await d.patch([
      addComponent('RichText', 'welcome', { page: 'home', region: 'main', index: 0 }, { markdown }),
      { op: 'add_component', page: 'home', region: 'main', type: 'Divider' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      operation: 0,
      op: 'add_component',
      id: 'welcome',
      pages: ['home'],
      region: 'main',
      index: 0,
    });
    expect(res.body.results[1]).toMatchObject({
      operation: 1,
      op: 'add_component',
      id: expect.stringMatching(/^divider-/),
    });
    const doc = await d.document();
    const main = doc.pages.home.regions.main.components;
    expect(main[0]).toEqual({
      id: 'welcome',
      type: 'RichText',
      config: { markdown, align: 'left', size: 'standard' },
      visibleOn: 'all',
      children: [],
    });
    expect(main[main.length - 1].type).toBe('Divider');
  });

  it('a new Hero gets a SearchBar inside', async () => {
    const hero = findComponent(await d.document(), 'home', 'hero', 'Hero');
    const res = await d.patch([
      { op: 'remove_component', id: hero.id },
      addComponent('Hero', 'big-hero', { page: 'home', region: 'hero' }, { title: 'Hello' }),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ removed: [hero.id, hero.children[0].id] });
    const added = findComponent(await d.document(), 'home', 'hero', 'Hero');
    expect(added).toMatchObject({ id: 'big-hero', config: { title: 'Hello', height: 'standard' } });
    expect(added.children.map((c: { type: string }) => c.type)).toEqual(['SearchBar']);
    expect(res.body.results[1].children).toEqual([added.children[0].id]);
  });

  it('parent_id puts a component inside a Hero or Container; containers accept only their types', async () => {
    const ok = await d.patch([
      addComponent('Container', 'box', { page: 'home', region: 'main' }, { layout: 'row' }),
      addComponent(
        'Button',
        'cta',
        { parent_id: 'box' },
        { label: 'Write to us', href: '/contact' },
      ),
      { op: 'add_component', type: 'Button', parent_id: 'big-hero', index: 0 },
    ]);
    expect(ok.status).toBe(200);
    const doc = await d.document();
    expect(
      findComponent(doc, 'home', 'main', 'Container').children.map((c: { id: string }) => c.id),
    ).toEqual(['cta']);
    expect(
      findComponent(doc, 'home', 'hero', 'Hero').children.map((c: { type: string }) => c.type),
    ).toEqual(['Button', 'SearchBar']);

    expect(
      await refusal(d, [{ op: 'add_component', type: 'ContactForm', parent_id: 'box' }]),
    ).toMatchObject({ operation: 0, op: 'add_component', path: 'page' });
    expect(
      await refusal(d, [{ op: 'add_component', type: 'ArticleList', parent_id: 'big-hero' }]),
    ).toMatchObject({ path: 'parent_id' });
    expect(
      await refusal(d, [{ op: 'add_component', type: 'Button', parent_id: 'welcome' }]),
    ).toMatchObject({ path: 'parent_id' });
    expect(
      await refusal(d, [{ op: 'add_component', type: 'Button', parent_id: 'nope' }]),
    ).toMatchObject({ path: 'parent_id', message: 'Unknown component id "nope".' });
    expect(
      await refusal(d, [{ op: 'add_component', type: 'Container', parent_id: 'box' }]),
    ).toMatchObject({ path: 'parent_id' });
  });

  it('components go only on the pages and regions they are made for; once-per-region types stay unique', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ page: 'home', region: 'main', type: 'ArticleBody' }, 'page'],
      [{ page: 'home', region: 'sidebar', type: 'CategoryGrid' }, 'region'],
      [{ page: 'home', region: 'main', type: 'CategoryGrid' }, 'type'],
      [{ page: 'home', region: 'main', type: 'Carousel' }, 'type'],
      [{ page: 'home', type: 'RichText' }, 'region'],
      [{ region: 'main', type: 'RichText' }, 'page'],
      [{ page: 'landing', region: 'main', type: 'RichText' }, 'page'],
      [{ page: 'home', region: 'aside', type: 'RichText' }, 'region'],
    ];
    for (const [fields, path] of cases) {
      const errors = invalid(await d.patch([{ op: 'add_component', ...fields }]));
      expect([fields, errors[0].path]).toEqual([fields, path]);
    }
  });

  it('component ids: 1 to 64 letters, digits, - and _, starting with a letter or digit, unused', async () => {
    for (const id of ['-x', '_x', '', 'a b', 'x'.repeat(65), 'welcome', 'é']) {
      const errors = invalid(
        await d.patch([{ op: 'add_component', page: 'home', region: 'main', type: 'Divider', id }]),
      );
      expect([id, errors[0].path]).toEqual([id, 'id']);
    }
    const ok = await d.patch([
      addComponent('Divider', `9${'a_-'.repeat(21)}`, { page: 'home', region: 'main' }),
    ]);
    expect(ok.status).toBe(200);
  });

  it('settings take only offered values; unknown settings are named', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ size: 'huge' }, 'config.size'],
      [{ colour: 'red' }, 'config.colour'],
      [{ markdown: 5 }, 'config.markdown'],
      [{ visibleOn: 'tv' }, 'config.visibleOn'],
    ];
    for (const [config, path] of bad) {
      const errors = invalid(await d.patch([{ op: 'update_component', id: 'welcome', config }]));
      expect(errors[0]).toMatchObject({ operation: 0, op: 'update_component', path });
    }
    expect(
      await invalidPath(d, [
        {
          op: 'add_component',
          page: 'home',
          region: 'main',
          type: 'Button',
          config: { href: 'javascript:alert(1)' },
        },
      ]),
    ).toBe('config.href');
  });

  it('update_component changes settings; null restores the default; results name the changes', async () => {
    const res = await d.patch([
      {
        op: 'update_component',
        id: 'welcome',
        config: { align: 'center', size: 'large', visibleOn: 'desktop' },
      },
    ]);
    expect(res.body.results[0]).toEqual({
      operation: 0,
      op: 'update_component',
      id: 'welcome',
      pages: ['home'],
      changed: ['config.align', 'config.size', 'visibleOn'],
    });
    const reset = await d.patch([
      { op: 'update_component', id: 'welcome', config: { align: null, visibleOn: null } },
    ]);
    expect(reset.body.results[0].changed).toEqual(['config.align', 'visibleOn']);
    const w = findComponent(await d.document(), 'home', 'main', 'RichText');
    expect(w).toMatchObject({ visibleOn: 'all', config: { align: 'left', size: 'large' } });
  });

  it('an edit of a synced region applies to every page; an id on several pages of a non-synced region needs page', async () => {
    const add = await d.patch([
      addComponent('Button', 'hdr-btn', { region: 'header' }, { label: 'Status' }),
    ]);
    expect(add.status).toBe(200);
    expect(add.body.results[0].pages).toEqual([
      'home',
      'category',
      'article',
      'search',
      'contact',
      'notFound',
    ]);
    await d.patch([{ op: 'update_component', id: 'hdr-btn', config: { style: 'link' } }]);
    const doc = await d.document();
    for (const page of ['home', 'article', 'notFound'])
      expect(findComponent(doc, page, 'header', 'Button').config.style).toBe('link');

    await d.patch([
      addComponent(
        'RichText',
        'side-note',
        { page: 'category', region: 'sidebar' },
        { markdown: 'Note' },
      ),
      { op: 'copy_region', region: 'sidebar', from_page: 'category', to_pages: ['search'] },
    ]);
    const errors = invalid(
      await d.patch([{ op: 'update_component', id: 'side-note', config: { size: 'small' } }]),
    );
    expect(errors[0]).toMatchObject({
      path: 'page',
      message: 'The component "side-note" is on several pages (category, search); name the page.',
    });
    expect(
      (
        await d.patch([
          { op: 'update_component', id: 'side-note', page: 'search', config: { size: 'small' } },
        ])
      ).status,
    ).toBe(200);
    const after = await d.document();
    expect(findComponent(after, 'search', 'sidebar', 'RichText').config.size).toBe('small');
    expect(findComponent(after, 'category', 'sidebar', 'RichText').config.size).toBe('standard');
    expect(await invalidPath(d, [{ op: 'remove_component', id: 'side-note', page: 'home' }])).toBe(
      'id',
    );
    expect(
      (await d.patch([{ op: 'remove_component', id: 'side-note', page: 'search' }])).status,
    ).toBe(200);
  });

  it('move_component: reorder with id and index, another region, into a container, back to top level', async () => {
    let doc = await d.document();
    const list = doc.pages.home.regions.main.components.map((c: { id: string }) => c.id);
    const reorder = await d.patch([{ op: 'move_component', id: 'welcome', index: 2 }]);
    expect(reorder.status).toBe(200);
    doc = await d.document();
    expect(doc.pages.home.regions.main.components[2].id).toBe('welcome');
    expect(doc.pages.home.regions.main.components.length).toBe(list.length);

    const articleList = findComponent(doc, 'home', 'main', 'ArticleList');
    const moves = await d.patch([
      { op: 'move_component', id: articleList.id, region: 'sidebar' },
      { op: 'move_component', id: 'welcome', parent_id: 'box', index: 0 },
    ]);
    expect(moves.status).toBe(200);
    expect(moves.body.results[1]).toMatchObject({
      id: 'welcome',
      region: 'main',
      parent_id: 'box',
      index: 0,
    });
    doc = await d.document();
    expect(findComponent(doc, 'home', 'sidebar', 'ArticleList').id).toBe(articleList.id);
    expect(
      findComponent(doc, 'home', 'main', 'Container').children.map((c: { id: string }) => c.id),
    ).toEqual(['welcome', 'cta']);

    // Into the Hero (another region): the container decides the region.
    const intoHero = await d.patch([
      { op: 'move_component', id: 'welcome', parent_id: 'big-hero' },
    ]);
    expect(intoHero.status).toBe(200);
    expect(intoHero.body.results[0]).toMatchObject({ region: 'hero', parent_id: 'big-hero' });
    expect(
      await invalidPath(d, [
        { op: 'move_component', id: 'welcome', parent_id: 'box', region: 'sidebar' },
      ]),
    ).toBe('region');
    expect(
      (
        await d.patch([
          { op: 'move_component', id: 'welcome', region: 'main', parent_id: null, index: 0 },
        ])
      ).status,
    ).toBe(200);
    doc = await d.document();
    expect(doc.pages.home.regions.main.components[0].id).toBe('welcome');

    expect(await invalidPath(d, [{ op: 'move_component', id: 'box', region: 'header' }])).toBe(
      'region',
    );
    expect(await invalidPath(d, [{ op: 'move_component', id: 'box', parent_id: 'box' }])).toBe(
      'parent_id',
    );
    expect(await invalidPath(d, [{ op: 'move_component', id: 'welcome', index: 99 }])).toBe(
      'index',
    );
    expect(await refusal(d, [{ op: 'move_component', id: 'ghost', index: 0 }])).toMatchObject({
      path: 'id',
      message: 'Unknown component id "ghost".',
    });
  });

  it('remove_component removes it and everything inside; unknown ids are template_invalid', async () => {
    const res = await d.patch([{ op: 'remove_component', id: 'box' }]);
    expect(res.body.results[0].removed).toEqual(['box', 'cta']);
    expect(findComponent(await d.document(), 'home', 'main', 'Container')).toBeUndefined();
    expect(await refusal(d, [{ op: 'remove_component', id: 'box' }])).toMatchObject({
      operation: 0,
      op: 'remove_component',
      path: 'id',
    });
  });

  it('all or nothing: one refused operation saves nothing and names its position', async () => {
    const before = (await d.template()).body.template.draft.etag;
    const res = await d.patch([
      { op: 'set', path: 'brand.tagline', value: 'never saved' },
      { op: 'add_component', page: 'home', region: 'main', type: 'RichText', id: 'kept-out' },
      { op: 'update_component', id: 'missing', config: {} },
    ]);
    expect(res.body).toEqual({
      status: 'error',
      code: 'template_invalid',
      message: expect.any(String),
      errors: [
        {
          operation: 2,
          op: 'update_component',
          path: 'id',
          message: 'Unknown component id "missing".',
        },
      ],
    });
    expect((await d.template()).body.template.draft.etag).toBe(before);
    const doc = await d.document();
    expect(doc.brand.tagline).not.toBe('never saved');
    expect(findComponent(doc, 'home', 'main', 'RichText').id).toBe('welcome');
  });

  it('unknown fields and ops are refused and named, for every operation of the batch', async () => {
    const errors = invalid(
      await d.patch([
        { op: 'remove_component', id: 'welcome', force: true },
        { op: 'explode' },
        { op: 'set', path: 'brand.tagline' },
        'not an object',
        { op: 'add_css', css: 'a{color:red}', selector: 'a', priority: 1 },
      ]),
    );
    expect(errors).toEqual([
      {
        operation: 0,
        op: 'remove_component',
        path: 'force',
        message: expect.stringContaining('Unknown field "force"'),
      },
      {
        operation: 1,
        op: 'explode',
        path: 'op',
        message: expect.stringContaining('Unknown op "explode"'),
      },
      { operation: 2, op: 'set', path: 'value', message: 'The value field is required.' },
      { operation: 3, op: null, path: '', message: expect.any(String) },
      { operation: 4, op: 'add_css', path: 'selector', message: expect.any(String) },
      { operation: 4, op: 'add_css', path: 'priority', message: expect.any(String) },
    ]);
  });

  it('0 or more than 50 operations, or none at all → 422 validation_error', async () => {
    const cases: [unknown, string][] = [
      [[], 'The operations field must have at least 1 item.'],
      [
        Array.from({ length: 51 }, () => ({ op: 'set', path: 'brand.tagline', value: 'x' })),
        'The operations field must not have more than 50 items.',
      ],
      [undefined, 'The operations field is required.'],
      ['set', 'The operations field must be an array.'],
    ];
    for (const [operations, message] of cases) {
      expectValidationErrors(await d.patch(operations), { operations: [message] });
    }
    const fifty = await d.patch(
      Array.from({ length: 50 }, (_, i) => ({ op: 'set', path: 'brand.tagline', value: `t${i}` })),
    );
    expect(fifty.status).toBe(200);
    expect(fifty.body.results).toHaveLength(50);
  });

  it('warnings: Hero with an image background and no image, Logo image without brand.logoAssetId, a batch that changed nothing', async () => {
    const hero = await d.patch([
      { op: 'update_component', id: 'big-hero', config: { background: 'image' } },
    ]);
    expect(hero.body.warnings).toEqual([
      expect.stringContaining('Hero "big-hero" has an image background but no image'),
    ]);
    const logo = findComponent(await d.document(), 'home', 'header', 'Logo');
    const res = await d.patch([
      { op: 'update_component', id: logo.id, config: { showImage: true, size: 'large' } },
    ]);
    expect(res.body.warnings).toEqual([expect.stringContaining('brand.logoAssetId is empty')]);
    const withLogo = await d.patch([{ op: 'set', path: 'brand.logoAssetId', value: 12 }]);
    expect(withLogo.body.warnings).toEqual([]);
    const etag = withLogo.body.template.draft.etag;
    const same = await d.patch([{ op: 'set', path: 'brand.logoAssetId', value: 12 }]);
    expect(same.status).toBe(200);
    expect(same.body.warnings).toEqual(['The batch left the draft unchanged.']);
    expect(same.body.template.draft.etag).toBe(etag);
  });
});
