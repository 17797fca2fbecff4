import { ArticleSearch } from '@hc/data';
import { startTestApp, TestApp, testSiteId } from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article, category } from '../testing/reader-fixtures';
import { ContentRepository } from '../data/content.repository';

/**
 * Issue 40: the reader site's search reads the term index (the search port shared with the API):
 * still spec 4.4's rules (only the site's articles an anonymous reader may find), and now typos,
 * prefixes and stopword-only queries are forgiven.
 */
describe('reader site: forgiving search (issue 40)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createReaderSite);
  });
  afterAll(() => t.close());

  it('finds only what an anonymous reader could find, typos and prefixes forgiven; no other site, drafts, private or hidden-category articles', async () => {
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

    const repo = t.app.get(ContentRepository);
    const search = (text: string) => repo.search(testSiteId(site), 'en', text, false, 15);
    const exact = await search('zebrafoo');
    // Spec 4.4 unchanged: only the site's published, public, released articles in public categories.
    expect(exact.results.map((a) => a.id).sort()).toEqual([...shown].sort());
    // More occurrences rank higher (same field, same match).
    expect(exact.results.map((a) => a.id)).toEqual([...shown].reverse());
    expect(exact.corrected).toBeNull();
    // Issue 40: a transposition counts one edit, a prefix as typed.
    const typo = await search('zebarfoo');
    expect(typo.results.map((a) => a.id)).toEqual(exact.results.map((a) => a.id));
    expect(typo.corrected).toBe('zebrafoo');
    // Two edits from 8 letters; a 7-letter word gets one.
    expect((await search('zebrfooo')).results).toHaveLength(4);
    expect((await search('zbrfoo')).results).toHaveLength(0);
    expect((await search('zebraf')).results.map((a) => a.id)).toEqual(
      exact.results.map((a) => a.id),
    );
    // Only stopwords: searched as typed rather than emptied; nothing here matches them.
    expect((await search('the of and')).results.map((a) => a.title)).toEqual([]);
  });

  it('forgives a typo in the first letter, by the bounded first-letter keys', async () => {
    const site = await t.factory.site();
    const invoices = await article(t.ds, site.id, {
      title: { en: 'Invoice settings' },
      content: { en: '<p>Where invoices are sent.</p>' },
    });
    await article(t.ds, site.id, {
      title: { en: 'Choice of plans' },
      content: { en: '<p>Plans.</p>' },
    });
    const repo = t.app.get(ContentRepository);
    const search = (text: string) => repo.search(testSiteId(site), 'en', text, false, 15);
    for (const typed of ['onvoice ', 'nvoice ', 'nivoice ', 'xinvoice ']) {
      const found = await search(typed);
      const ids = found.results.map((a) => a.id);
      expect([typed, ids, found.corrected]).toEqual([typed, [invoices], 'invoice']);
    }
  });

  it('bounded reads: a term read only in part, the best candidates completed by article, the read widened once', async () => {
    const site = await t.factory.site();
    const add = (title: string, body: string) =>
      article(t.ds, site.id, { title: { en: title }, content: { en: `<p>${body}</p>` } });
    const both = await add('Alpha oldest', 'beta here');
    await add('Alpha two', 'nothing');
    await add('Beta one', 'nothing');
    const completed = await add('Alpha newest', 'beta too');
    await add('Beta two', 'nothing');
    await add('Beta three', 'nothing');
    // two postings per term, then eight: "alpha" reads only its two newest titles, "beta" its
    // two newest titles, so no article has both words from the first read
    const search = new ArticleSearch(t.ds, [2, 8]);
    const ask = (max: number) =>
      search.search(site.id, { text: 'alpha beta ', lang: 'en', requireEnglish: false, max });
    // the best candidates lacking a word are read for it by article: the newest "alpha" has "beta"
    expect((await ask(1)).ids).toEqual([completed]);
    // too few found: read once more, wider, and the oldest article with both words is found too
    const all = (await ask(15)).ids;
    expect(all.slice(0, 2)).toEqual([completed, both]);
    expect(all).toHaveLength(6);
  });

  it('hostile queries answer sensibly and quickly: emoji, right-to-left text, 190 × İ, symbols only', async () => {
    const site = await t.factory.site();
    await article(t.ds, site.id, {
      title: { en: 'İstanbul office' },
      content: { en: '<p>Visit us 😀 مرحبا</p>' },
    });
    const repo = t.app.get(ContentRepository);
    const run = (text: string) => repo.search(testSiteId(site), 'en', text, false, 15);
    for (const text of [
      '😀😀😀',
      'مرحبا',
      'İ'.repeat(190),
      '!!! ??? %%% \\ _',
      '\u0000\u202e',
      'x'.repeat(5000),
    ]) {
      const started = Date.now();
      const found = await run(text);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(Array.isArray(found.results)).toBe(true);
    }
    expect((await run('istanbul')).results.map((a) => a.title)).toEqual(['İstanbul office']);
    expect((await run('مرحبا')).results.map((a) => a.title)).toEqual(['İstanbul office']);
  });
});
