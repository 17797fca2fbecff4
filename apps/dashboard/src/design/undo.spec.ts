import { catalog, component, designDocument } from './design-fixtures';
import { placeable } from './PagesPanel';
import { batches, opsToReach } from './undo';

describe('undo: the operations back to an earlier draft (issue 39)', () => {
  it('nothing to do for the same document', () => {
    expect(opsToReach(designDocument(), designDocument())).toEqual([]);
  });

  it('sets back the changed colors, brand and page settings only', () => {
    const before = designDocument();
    const now = designDocument();
    now.theme.colors.primary = '#ff0000';
    now.brand.tagline = 'Changed';
    now.pages.article.layout = 'narrow';
    expect(opsToReach(now, before)).toEqual([
      { op: 'set', path: 'brand', value: { tagline: 'Answers' } },
      { op: 'set', path: 'theme.colors', value: { primary: '#2563eb' } },
      { op: 'set', path: 'pages.article', value: { layout: 'full' } },
    ]);
  });

  it('re-adds a removed component with its id, settings and children; removes an added one', () => {
    const before = designDocument();
    const now = designDocument();
    now.pages.home.regions.hero.components = [];
    now.pages.home.regions.main.components = [component('t9', 'RichText', { body: 'x' })];
    expect(opsToReach(now, before)).toEqual([
      { op: 'remove_component', id: 't9', page: 'home' },
      {
        op: 'add_component',
        page: 'home',
        region: 'hero',
        index: 0,
        id: 'hero1',
        type: 'Hero',
        config: { title: 'How can we help?', visibleOn: 'all' },
      },
      {
        op: 'add_component',
        page: 'home',
        region: 'hero',
        index: 0,
        parent_id: 'hero1',
        id: 's1',
        type: 'SearchBar',
        config: { visibleOn: 'all' },
      },
    ]);
  });

  it('changes settings back (a setting the old one lacked goes to its default) and reorders', () => {
    const before = designDocument();
    before.pages.home.regions.main.components = [
      component('a', 'RichText'),
      component('b', 'RichText'),
    ];
    const now = designDocument();
    now.pages.home.regions.hero.components[0].config = { title: 'New', align: 'center' };
    now.pages.home.regions.main.components = [
      component('b', 'RichText'),
      component('a', 'RichText'),
    ];
    expect(opsToReach(now, before)).toEqual([
      {
        op: 'update_component',
        id: 'hero1',
        config: { title: 'How can we help?', align: null },
        page: 'home',
      },
      { op: 'move_component', id: 'a', region: 'main', parent_id: null, index: 0, page: 'home' },
      { op: 'move_component', id: 'b', region: 'main', parent_id: null, index: 1, page: 'home' },
    ]);
  });

  it('edits a region synced on both sides once, and turns syncing back as it was', () => {
    const before = designDocument();
    before.syncedRegions = ['hero'];
    const now = designDocument();
    now.syncedRegions = ['hero', 'footer'];
    now.pages.home.regions.hero.components[0].config.title = 'Other';
    const ops = opsToReach(now, before);
    expect(ops[0]).toEqual({ op: 'sync_region', region: 'footer', enabled: false });
    expect(ops.filter((o) => o.op === 'update_component')).toEqual([
      { op: 'update_component', id: 'hero1', config: { title: 'How can we help?' } },
    ]);
  });

  it('restores CSS blocks and scripts by id; splits long lists into batches of 50', () => {
    const before = designDocument();
    before.customCssItems = [{ id: 'c1', label: 'Hero', css: 'a{color:red}', enabled: true }];
    const now = designDocument();
    now.customCssItems = [{ id: 'c2', label: null, css: 'b{color:blue}', enabled: true }];
    expect(opsToReach(now, before)).toEqual([
      { op: 'remove_css', id: 'c2' },
      { op: 'add_css', id: 'c1', label: 'Hero', css: 'a{color:red}', enabled: true, index: 0 },
    ]);
    const many = Array.from({ length: 120 }, (_, i) => ({ op: 'remove_css', id: `c${i}` }));
    expect(batches(many).map((b) => b.length)).toEqual([50, 50, 20]);
  });
});

describe('placement rules in the component picker', () => {
  const hero = designDocument().pages.home.regions.hero.components;

  it('offers only the types made for the page and region, once-per-region ones once', () => {
    expect(placeable(catalog, 'home', 'hero', hero, null).map((e) => e.type)).toEqual([
      'SearchBar',
    ]);
    expect(placeable(catalog, 'home', 'hero', [], null).map((e) => e.type)).toEqual([
      'Hero',
      'SearchBar',
    ]);
    expect(placeable(catalog, 'home', 'sidebar', [], null).map((e) => e.type)).toEqual([
      'RichText',
    ]);
  });

  it('inside a container, only what it accepts', () => {
    expect(placeable(catalog, 'home', 'hero', hero, catalog[0]).map((e) => e.type)).toEqual([
      'SearchBar',
    ]);
  });
});
