import { TestApp, TestSite, useTwoSites } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { run } from '../cli';

/**
 * Issue #28: every write that changes what a reader page shows moves the site's reader-page
 * version once it is committed (the reader site's page cache keys on it), only the writing
 * site's, and a refused write moves nothing.
 */
describe('writes move the reader-page version of their site (issue #28)', () => {
  let t: TestApp, site: TestSite, key: string, other: TestSite;

  const version = async (s: TestSite = site) =>
    Number(
      (await t.ds.query('SELECT version FROM reader_page_versions WHERE site_id = ?', [s.id]))[0]
        ?.version ?? 0,
    );
  /** Runs `write` and answers by how much the version moved. */
  const moved = async (write: () => Promise<unknown>) => {
    const before = await version();
    await write();
    return (await version()) - before;
  };

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] }, other: {} },
    (s) => ({ t, site, key, other } = s),
  );

  it('articles, categories, interface texts and site settings; one move per write', async () => {
    const otherBefore = await version(other);
    let id = 0;
    expect(
      await moved(async () => {
        const res = await t.request('POST', '/v1/articles', {
          key,
          body: { title: { en: 'Cached' }, content: { en: '<p>x</p>' }, published: true },
        });
        expect(res.status).toBe(201);
        id = res.body.article.id;
      }),
    ).toBe(1);
    expect(
      await moved(async () => {
        const res = await t.request('PATCH', `/v1/articles/${id}`, {
          key,
          body: { title: { en: 'Cached again' } },
        });
        expect(res.status).toBe(200);
      }),
    ).toBe(1);
    let categoryId = 0;
    expect(
      await moved(async () => {
        const res = await t.request('POST', '/v1/categories', {
          key,
          body: { name: { en: 'Guides' } },
        });
        expect(res.status).toBe(201);
        categoryId = res.body.category.id;
      }),
    ).toBe(1);
    expect(
      await moved(async () => {
        const res = await t.request('PATCH', `/v1/categories/${categoryId}`, {
          key,
          body: { name: { en: 'How-to guides' } },
        });
        expect(res.status).toBe(200);
      }),
    ).toBe(1);
    expect(
      await moved(() =>
        run('interface-text set', {
          site: String(site.id),
          lang: 'en',
          key: 'search.button',
          text: 'Go',
        }),
      ),
    ).toBe(1);
    expect(await moved(() => run('site update', { site: String(site.id), name: 'Renamed' }))).toBe(
      1,
    );
    expect(
      await moved(async () => {
        const res = await t.request('DELETE', `/v1/articles/${id}`, { key });
        expect(res.status).toBeLessThan(300);
      }),
    ).toBe(1);
    // Another site's pages stay as they are.
    expect(await version(other)).toBe(otherBefore);
  });

  it('a refused or rolled-back write moves nothing; a read moves nothing', async () => {
    expect(
      await moved(async () => {
        // Spec 4.1 rule 4: an empty title fails (500) and writes nothing.
        const res = await t.request('POST', '/v1/articles', { key, body: { title: { en: ' ' } } });
        expect(res.status).toBe(500);
      }),
    ).toBe(0);
    expect(
      await moved(async () => {
        const res = await t.request('GET', '/v1/articles', { key });
        expect(res.status).toBe(200);
      }),
    ).toBe(0);
  });
});
