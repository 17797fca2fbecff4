import { SearchPlanner } from '@hc/data';
import { startTestApp, TestApp, testSiteId } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article, category } from '../testing/reader-fixtures';
import { ContentRepository } from '../data/content.repository';

/**
 * Issue #28: a small site is searched by its own rows (MATCH scored in the select list), a large
 * one through the table-wide FULLTEXT index. Both plans find exactly the same articles in the
 * same order: only the site's, only what an anonymous reader may find.
 */
describe('reader site: search plans (issue #28)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createReaderSite);
  });
  afterAll(() => t.close());

  it('the site plan and the index plan answer alike; neither shows another site, drafts, private or hidden-category articles', async () => {
    const site = await t.factory.site();
    const other = await t.factory.site();
    const hidden = await category(t.ds, site.id, { en: 'Internal' }, { privacy: 'private' });
    const text = (n: number) => ({ en: `<p>${'zebrafoo '.repeat(n)}and more words here.</p>` });
    const shown = [];
    for (let n = 1; n <= 4; n++)
      shown.push(await article(t.ds, site.id, { title: { en: `Shown ${n}` }, content: text(n) }));
    await article(t.ds, site.id, { title: { en: 'Draft' }, content: text(9), published: false });
    await article(t.ds, site.id, {
      title: { en: 'Members only' },
      content: text(9),
      visibility: 'private',
    });
    await article(t.ds, site.id, { title: { en: 'Hidden' }, content: text(9), categoryId: hidden });
    await article(t.ds, site.id, {
      title: { en: 'Unreleased' },
      content: text(9),
      released: [],
    });
    await article(t.ds, other.id, { title: { en: 'Elsewhere' }, content: text(9) });
    await article(t.ds, site.id, { title: { en: 'Unrelated' }, content: { en: '<p>nothing</p>' } });

    // The server's estimate of the table's rows, which the planner weighs a site against.
    await t.ds.query('ANALYZE TABLE article_translations');
    const repo = t.app.get(ContentRepository);
    const planner = (repo as unknown as { searchPlanner: SearchPlanner }).searchPlanner;
    const search = () => repo.search(testSiteId(site), 'en', '+zebrafoo*', false, 15);
    const set = (p: SearchPlanner) =>
      ((repo as unknown as { searchPlanner: SearchPlanner }).searchPlanner = p);
    // The site's share of the table decides: all of it may be searched by the site's rows, none of it may not.
    expect(await new SearchPlanner(t.ds, 1).plan(testSiteId(site), 'en')).toBe('site');
    expect(await new SearchPlanner(t.ds, 0).plan(testSiteId(site), 'en')).toBe('index');
    set(new SearchPlanner(t.ds, 1));
    const bySite = await search();
    set(new SearchPlanner(t.ds, 0));
    try {
      const byIndex = await search();
      expect(bySite.map((a) => a.id).sort()).toEqual([...shown].sort());
      expect(byIndex.map((a) => a.id)).toEqual(bySite.map((a) => a.id));
      expect(byIndex.map((a) => a.title)).toEqual(bySite.map((a) => a.title));
    } finally {
      set(planner);
    }
  });
});
