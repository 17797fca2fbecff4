import { TestApp, useTestApp } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { seedDemoContent } from './demo-content';

describe('demo content for `hc seed demo`', () => {
  let t: TestApp;
  useTestApp(createContentApi, (app) => (t = app));

  it('adds categories and published articles in English and German', async () => {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const key = await t.factory.key(site);
    await seedDemoContent(t.app, site, site.owner.id);
    const categories = (await t.request('GET', '/v1/categories', { key })).body.categories;
    expect(categories.length).toBeGreaterThanOrEqual(2);
    expect(categories[0].name).toEqual({ en: expect.any(String), de: expect.any(String) });
    const articles = (await t.request('GET', '/v1/articles', { key })).body.articles;
    expect(articles.length).toBeGreaterThanOrEqual(3);
    for (const a of articles) {
      expect(a.published).toBe(true);
      expect(a.published_translations).toEqual(['en', 'de']);
      expect(a.category_id).toEqual(expect.any(Number));
    }
    const found = await t.request('GET', '/v1/articles?search=Rechnungen&lang=de', { key });
    expect(found.body.articles).toHaveLength(1);
  });
});
