import { requestsUntilRefused, startTestApp, TestApp, TestSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

describe('GET /export (spec 4.2, 4.11)', () => {
  let t: TestApp, site: TestSite, key: string, otherKey: string;
  const created: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(createContentApi);
    site = await t.factory.site({ languages: ['en', 'de'] });
    key = await t.factory.key(site, { scope: 'read' });
    const writer = await t.factory.key(site);
    const other = await t.factory.site();
    otherKey = await t.factory.key(other);
    await t.request('POST', '/v1/categories', { key: writer, body: { name: { en: 'Cat A' } } });
    await t.request('POST', '/v1/categories', { key: writer, body: { name: { en: 'Cat B' } } });
    const items = Array.from({ length: 7 }, (_, i) => ({
      title: { en: `Article ${i}` },
      published: i % 2 === 0,
    }));
    const res = await t.request('POST', '/v1/articles/bulk', {
      key: writer,
      body: { articles: items },
    });
    for (const r of res.body.results) created.push(r.article.id);
    await t.request('DELETE', `/v1/articles/${created[3]}`, { key: writer });
    await t.request('POST', '/v1/articles', { key: otherKey, body: { title: { en: 'Foreign' } } });
  });
  afterAll(() => t.close());

  it('walks the articles in id order with a cursor, categories on the first page, drafts in, Trash out', async () => {
    const seen: number[] = [];
    let cursor = 0;
    let pages = 0;
    for (;;) {
      const res = await t.request('GET', `/v1/export?cursor=${cursor}&limit=2`, { key });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.snapshot.generated_at).toMatch(FORMAT_B);
      if (pages === 0) {
        expect(res.body.categories.map((c: { name: { en: string } }) => c.name.en)).toEqual([
          'Cat A',
          'Cat B',
        ]);
      } else {
        expect(res.body).not.toHaveProperty('categories');
      }
      seen.push(...res.body.articles.map((a: { id: number }) => a.id));
      pages += 1;
      if (!res.body.cursor.has_more) {
        expect(res.body.cursor.next).toBeNull();
        break;
      }
      cursor = res.body.cursor.next;
    }
    expect(seen).toEqual(created.filter((id) => id !== created[3]));
    expect(pages).toBe(3);
  });

  it('returns full articles, drafts included', async () => {
    const res = await t.request('GET', '/v1/export', { key });
    const draft = res.body.articles.find((a: { id: number }) => a.id === created[1]);
    expect(draft).toMatchObject({ id: created[1], published: false, title: { en: 'Article 1' } });
    expect(res.body.cursor).toEqual({ next: null, has_more: false });
  });

  it('limit is up to 200; more is 422', async () => {
    expect((await t.request('GET', '/v1/export?limit=200', { key })).status).toBe(200);
    const res = await t.request('GET', '/v1/export?limit=201', { key });
    expect(res.status).toBe(422);
    expect(res.body.errors.limit).toEqual(['The limit field must not be greater than 200.']);
  });

  it('never exports another site', async () => {
    const res = await t.request('GET', '/v1/export', { key: otherKey });
    expect(res.body.articles.map((a: { title: { en: string } }) => a.title.en)).toEqual([
      'Foreign',
    ]);
    expect(res.body.categories).toEqual([]);
  });

  it('is limited to 30 per minute per IP', async () => {
    const { status, n } = await requestsUntilRefused(
      () => t.request('GET', '/v1/export?limit=1', { key }),
      40,
    );
    expect(status).toBe(429);
    expect(n).toBeLessThanOrEqual(31);
  });
});
