import { lastSiteEventId, siteEvents, TestApp, TestSite, useSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

describe('POST /articles/bulk (spec 4.4, 6, 8)', () => {
  let t: TestApp, site: TestSite, key: string;

  const bulk = (body: unknown, k = key) => t.request('POST', '/v1/articles/bulk', { key: k, body });

  useSite(createContentApi, { languages: ['en', 'de'] }, (s) => ({ t, site, key } = s));

  it('answers 207 with a result per item and meta; one failed item never stops the others', async () => {
    await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Existing' }, external_id: 'b-1' },
    });
    const cat = (await t.request('POST', '/v1/categories', { key, body: { name: { en: 'C' } } }))
      .body.category;
    const res = await bulk({
      articles: [
        {
          title: { en: 'New one' },
          content: { en: '# Hi' },
          content_format: 'markdown',
          external_id: 'b-2',
        },
        { title: { en: 'Existing v2' }, external_id: 'b-1' },
        'not an object',
        { title: { en: 'x' }, visibility: 'secret' },
        { title: { fr: 'Bonjour' } },
        { title: { en: 'With categories' }, categories: [cat.id] },
        { title: { en: '   ' } },
        { title: { en: 'Published', de: 'Veröffentlicht' }, published: true, category_id: cat.id },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.status).toBe('success');
    expect(res.body.meta).toEqual({ total: 8, created: 2, updated: 1, failed: 5 });
    const r = res.body.results;
    expect(r[0]).toMatchObject({ index: 0, status: 'created', images: null });
    expect(r[0].article).toMatchObject({
      external_id: 'b-2',
      content: { en: '<h1>Hi</h1>' },
      type: null,
      views: null,
    });
    expect(r[1]).toMatchObject({
      index: 1,
      status: 'updated',
      article: { external_id: 'b-1', title: { en: 'Existing v2' }, type: 'article' },
    });
    expect(r[2]).toEqual({
      index: 2,
      status: 'error',
      error: expect.objectContaining({ code: 'invalid_item' }),
    });
    expect(r[3]).toMatchObject({ index: 3, status: 'error', error: { code: 'validation_error' } });
    expect(r[4]).toMatchObject({
      index: 4,
      status: 'error',
      error: { code: 'invalid_argument', message: 'Unsupported language key "fr" provided.' },
    });
    expect(r[5]).toMatchObject({ index: 5, status: 'error', error: { code: 'persist_failed' } });
    expect(r[6]).toMatchObject({ index: 6, status: 'error', error: { code: 'persist_failed' } });
    expect(r[7]).toMatchObject({
      index: 7,
      status: 'created',
      article: { published: true, category_id: cat.id },
    });
  });

  it('sends one event per article', async () => {
    const before = await lastSiteEventId(t.ds, site);
    await bulk({
      articles: [
        { title: { en: 'E1' } },
        { title: { en: 'E2' }, published: true },
        { title: { en: 'E3' }, external_id: 'b-1' },
      ],
    });
    const rows = await siteEvents(t.ds, site, before);
    expect(rows.map((x) => x.event)).toEqual([
      'article.created',
      'article.published',
      'article.updated',
    ]);
  });

  it('an external_id held by an article in the Trash is external_id_busy and the item keeps its external_id', async () => {
    const a = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Trashed' }, external_id: 'gone-1' },
    });
    await t.request('DELETE', `/v1/articles/${a.body.article.id}`, { key });
    const res = await bulk({ articles: [{ title: { en: 'Again' }, external_id: 'gone-1' }] });
    expect(res.body.results[0]).toMatchObject({
      index: 0,
      status: 'error',
      external_id: 'gone-1',
      error: { code: 'external_id_busy' },
    });
    const single = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Again' }, external_id: 'gone-1' },
    });
    expect(single.status).toBe(422);
    expect(single.body.message).toBe('That external_id already belongs to another article.');
  });

  it('accepts 50 items and refuses 51 or more whole with 422', async () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ title: { en: `Item ${i}` } }));
    const ok = await bulk({ articles: items(50) });
    expect(ok.status).toBe(207);
    expect(ok.body.meta.created).toBe(50);
    const before = Number(
      (await t.ds.query('SELECT COUNT(*) AS n FROM articles WHERE site_id = ?', [site.id]))[0].n,
    );
    const res = await bulk({ articles: items(51) });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The request could not be accepted.');
    expect(
      Number(
        (await t.ds.query('SELECT COUNT(*) AS n FROM articles WHERE site_id = ?', [site.id]))[0].n,
      ),
    ).toBe(before);
    expect((await bulk({})).status).toBe(422);
  });

  it('is limited per IP on the shared counter', async () => {
    const k = await t.factory.key(await t.factory.site());
    let status = 207;
    for (let i = 0; i < 70 && status !== 429; i++)
      status = (await bulk({ articles: [] }, k)).status;
    expect(status).toBe(429);
  });
});
