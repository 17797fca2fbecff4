import { startTestApp, TestApp, TestSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

/**
 * Creates at the same time must not deadlock on the translations table: a locking read of a
 * translation row that does not exist yet locks the gap at the end of the index, which every
 * concurrent create shares, and their inserts then deadlock (500s under load, found by
 * `npm run bench -- content`).
 */
describe('POST /articles at the same time', () => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await startTestApp(createContentApi);
    site = await t.factory.site({ languages: ['en', 'de'] });
  });
  afterAll(() => t.close());

  it('creates every article (no deadlock between concurrent creates)', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => t.factory.key(site)));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.request('POST', '/v1/articles', {
          key: keys[i % keys.length],
          body: {
            title: { en: `Together ${i}`, de: `Zusammen ${i}` },
            content: { en: '<p>x</p>' },
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
  });
});
