import { articleStatsRow, TestApp, TestSite, useTwoSites, validationErrorBody } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { COMMANDS } from '../cli/commands';

describe('GET /articles: list filters and search (spec 4.2, 4.4)', () => {
  let t: TestApp, site: TestSite, key: string, otherKey: string;
  const ids: Record<string, number> = {};

  const post = async (body: unknown, k = key) => {
    const res = await t.request('POST', '/v1/articles', { key: k, body });
    expect([200, 201]).toContain(res.status);
    return res.body.article as { id: number };
  };
  const list = (query: string, k = key) => t.request('GET', `/v1/articles${query}`, { key: k });
  const idsOf = (res: { body: { articles: { id: number }[] } }) =>
    res.body.articles.map((a) => a.id);
  const setUpdated = (id: number, at: string) =>
    t.ds.query('UPDATE articles SET updated_at = ? WHERE id = ?', [new Date(at), id]);

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] }, other: {} },
    (s) => ({ t, site, key, otherKey } = s),
  );
  beforeAll(async () => {
    const cat = (
      await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Billing' } } })
    ).body.category;
    ids.cat = cat.id;
    ids.draft = (
      await post({
        title: { en: 'Draft about invoices' },
        content: { en: '<p>invoice drafts</p>' },
      })
    ).id;
    ids.live = (
      await post({
        title: { en: 'Download invoices', de: 'Rechnungen' },
        content: { en: '<p>Invoices are monthly.</p>', de: '<p>Rechnungen kommen monatlich.</p>' },
        published: true,
        category_id: cat.id,
      })
    ).id;
    ids.private = (
      await post({
        title: { en: 'Private invoices' },
        content: { en: '<p>invoice secrets</p>' },
        published: true,
        visibility: 'private',
      })
    ).id;
    ids.linkOnly = (
      await post({ title: { en: 'Link invoices' }, content: { en: '<p>invoice link</p>' } })
    ).id;
    await t.request('PATCH', `/v1/articles/${ids.linkOnly}`, {
      key,
      body: { visibility: 'link_only', published: true },
    });
    ids.trashed = (
      await post({
        title: { en: 'Trashed invoices' },
        content: { en: '<p>invoice trash</p>' },
        published: true,
      })
    ).id;
    await t.request('DELETE', `/v1/articles/${ids.trashed}`, { key });
    await post(
      {
        title: { en: 'Foreign invoices' },
        content: { en: '<p>invoice elsewhere</p>' },
        published: true,
      },
      otherKey,
    );
    await setUpdated(ids.draft, '2026-01-01T10:00:00Z');
    await setUpdated(ids.live, '2026-01-03T10:00:00Z');
    await setUpdated(ids.private, '2026-01-02T10:00:00Z');
    await setUpdated(ids.linkOnly, '2026-01-04T10:00:00Z');
    await articleStatsRow(t.ds, site.id, ids.draft, { views: 50 });
    await articleStatsRow(t.ds, site.id, ids.live, { views: 5 });
  });

  it('lists every non-Trash article incl. drafts, private and link-only, most recently updated first', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([ids.linkOnly, ids.live, ids.private, ids.draft]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 100, total_pages: 1, items_count: 4 });
    const live = res.body.articles.find((a: { id: number }) => a.id === ids.live);
    expect(live.title).toEqual({ en: 'Download invoices', de: 'Rechnungen' });
  });

  it('pages with page and limit; a page past the end is empty', async () => {
    const p2 = await list('?limit=3&page=2');
    expect(idsOf(p2)).toEqual([ids.draft]);
    expect(p2.body.meta).toEqual({ page: 2, per_page: 3, total_pages: 2, items_count: 4 });
    expect(idsOf(await list('?limit=3&page=9'))).toEqual([]);
  });

  it('refuses a limit over 100 with 400', async () => {
    const res = await list('?limit=101');
    expect(res.status).toBe(400);
    expect(res.body.errors.limit).toEqual(['The limit field must not be greater than 100.']);
  });

  it('filters by status, updated_since (UTC; an offset is ignored), category and language', async () => {
    expect(idsOf(await list('?status=draft'))).toEqual([ids.draft]);
    expect(idsOf(await list('?status=published'))).toEqual([ids.linkOnly, ids.live, ids.private]);
    expect(idsOf(await list('?updated_since=2026-01-03'))).toEqual([ids.linkOnly, ids.live]);
    expect(idsOf(await list('?updated_since=2026-01-03T10:00:00'))).toEqual([
      ids.linkOnly,
      ids.live,
    ]);
    expect(
      idsOf(await list(`?updated_since=${encodeURIComponent('2026-01-03T10:00:00+05:00')}`)),
    ).toEqual([ids.linkOnly, ids.live]);
    expect(idsOf(await list('?updated_since=2026-01-03T10:00:00+05:00'))).toEqual([
      ids.linkOnly,
      ids.live,
    ]);
    expect(idsOf(await list(`?category_id=${ids.cat}`))).toEqual([ids.live]);
    expect(idsOf(await list('?lang=de'))).toEqual([ids.live]);
    expect((await list('?status=archived')).status).toBe(400);
    expect((await list('?updated_since=yesterday')).status).toBe(400);
    expect((await list('?lang=fr')).status).toBe(400);
  });

  it('reads its query at the edge (ArticlesQuery): every bad value is 400 shape (b), one message per field', async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ['?outdated=yes', { outdated: ['The selected outdated is invalid.'] }],
      [
        '?updated_since=2026-02-30',
        { updated_since: ['The updated since field must be a valid date.'] },
      ],
      ['?order_by=title', { order_by: ['The selected order by is invalid.'] }],
      ['?category_id=-1', { category_id: ['The category id field must be at least 0.'] }],
      ['?page=0&search=invoice', { page: ['The page field must be at least 1.'] }],
      [
        `?search=${'x'.repeat(256)}`,
        { search: ['The search field must not be greater than 255 characters.'] },
      ],
    ];
    for (const [query, errors] of cases) {
      const res = await list(query);
      expect([query, res.status, res.body]).toEqual([query, 400, validationErrorBody(errors)]);
    }
    // Values are trimmed and an empty one is absent, as before.
    expect(idsOf(await list('?status=%20draft%20&outdated='))).toEqual([ids.draft]);
  });

  it('refuses a category of another site: 400 The selected category id is invalid.', async () => {
    const theirs = (
      await t.request('POST', '/v1/categories', { key: otherKey, body: { name: { en: 'X' } } })
    ).body.category;
    const res = await list(`?category_id=${theirs.id}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The selected category id is invalid.');
  });

  it('orders by views, and order_type=asc reverses', async () => {
    expect(idsOf(await list('?order_by=views')).slice(0, 2)).toEqual([ids.draft, ids.live]);
    expect(idsOf(await list('?order_type=asc'))).toEqual([
      ids.draft,
      ids.private,
      ids.live,
      ids.linkOnly,
    ]);
  });

  it('never lists another site’s articles', async () => {
    const res = await list('', otherKey);
    expect(res.body.articles.map((a: { title: { en: string } }) => a.title.en)).toEqual([
      'Foreign invoices',
    ]);
  });

  describe('search', () => {
    it('finds only what an anonymous reader could find', async () => {
      const res = await list('?search=invoices');
      expect(res.status).toBe(200);
      expect(idsOf(res)).toEqual([ids.live]);
      expect(res.body.meta.items_count).toBe(1);
    });

    it('matches content as well as titles, and lang picks the language searched', async () => {
      expect(idsOf(await list('?search=monthly'))).toEqual([ids.live]);
      expect(idsOf(await list('?search=monatlich&lang=de'))).toEqual([]);
      await COMMANDS['translation release'](t.app, {
        site: String(site.id),
        article: String(ids.live),
        lang: 'de',
      });
      expect(idsOf(await list('?search=monatlich&lang=de'))).toEqual([ids.live]);
      expect(idsOf(await list('?search=monatlich'))).toEqual([]);
    });

    it('returns at most 15 matches whatever limit and page say', async () => {
      const s = await t.factory.site();
      const k = await t.factory.key(s);
      for (let i = 0; i < 20; i++)
        await post({ title: { en: `Shipping guide ${i}` }, published: true }, k);
      const res = await list('?search=shipping&limit=100', k);
      expect(res.body.articles).toHaveLength(15);
      expect(res.body.meta).toEqual({ page: 1, per_page: 100, total_pages: 1, items_count: 15 });
      const p2 = await list('?search=shipping&limit=10&page=2', k);
      expect(p2.body.articles).toHaveLength(5);
      expect(p2.body.meta.items_count).toBe(15);
    });

    it('on a site whose default language is not English finds only articles with a released English translation', async () => {
      const s = await t.factory.site({ defaultLanguage: 'de', languages: ['de', 'en'] });
      const k = await t.factory.key(s);
      const onlyDe = await post({ title: { de: 'Versand nur deutsch' }, published: true }, k);
      const both = await post(
        { title: { de: 'Versand zweisprachig', en: 'Shipping bilingual' }, published: true },
        k,
      );
      expect(idsOf(await list('?search=versand', k))).toEqual([]);
      await COMMANDS['translation release'](t.app, {
        site: String(s.id),
        article: String(both.id),
        lang: 'en',
      });
      expect(idsOf(await list('?search=versand', k))).toEqual([both.id]);
      expect(onlyDe.id).toBeGreaterThan(0);
    });

    it('leaves out articles in a category that is not public (made so in the dashboard)', async () => {
      const s = await t.factory.site();
      const k = await t.factory.key(s);
      const cat = (
        await t.request('POST', '/v1/categories', { key: k, body: { name: { en: 'Internal' } } })
      ).body.category;
      const hidden = await post(
        { title: { en: 'Payroll handbook' }, published: true, category_id: cat.id },
        k,
      );
      const open = await post({ title: { en: 'Payroll basics' }, published: true }, k);
      expect(idsOf(await list('?search=payroll', k)).sort()).toEqual([hidden.id, open.id].sort());
      await t.ds.query(`UPDATE categories SET privacy = 'private' WHERE id = ?`, [cat.id]);
      expect(idsOf(await list('?search=payroll', k))).toEqual([open.id]);
      expect(idsOf(await list('', k)).sort()).toEqual([hidden.id, open.id].sort());
    });

    it('forgives a misspelling and a partial last word (issue 40); hostile queries answer 200', async () => {
      expect(idsOf(await list('?search=invocies'))).toEqual([ids.live]);
      expect(idsOf(await list('?search=invo'))).toEqual([ids.live]);
      for (const q of ['😀', 'مرحبا', 'İ'.repeat(190), '%%%', '\\_*+-"()~<>@']) {
        const res = await list(`?search=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        expect(res.body.articles).toEqual([]);
      }
    });

    it('a search of only stopwords or short words finds nothing rather than failing', async () => {
      const res = await list('?search=the%20a');
      expect(res.status).toBe(200);
      expect(res.body.articles).toEqual([]);
    });
  });
});
