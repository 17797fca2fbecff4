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
  /** Sends a request that must answer `status`: by how much it moved the version, and the body. */
  const send = async (method: string, path: string, body: unknown, status: number) => {
    let answer: any;
    const by = await moved(async () => {
      const res = await t.request(method, path, { key, body });
      expect(res.status).toBe(status);
      answer = res.body;
    });
    return { by, body: answer };
  };

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] }, other: {} },
    (s) => ({ t, site, key, other } = s),
  );

  it('articles, categories, interface texts and site settings; one move per write', async () => {
    const otherBefore = await version(other);
    const created = await send(
      'POST',
      '/v1/articles',
      { title: { en: 'Cached' }, content: { en: '<p>x</p>' }, published: true },
      201,
    );
    expect(created.by).toBe(1);
    const id = created.body.article.id;
    expect(
      (await send('PATCH', `/v1/articles/${id}`, { title: { en: 'Cached again' } }, 200)).by,
    ).toBe(1);
    const category = await send('POST', '/v1/categories', { name: { en: 'Guides' } }, 201);
    expect(category.by).toBe(1);
    const categoryPath = `/v1/categories/${category.body.category.id}`;
    expect((await send('PATCH', categoryPath, { name: { en: 'How-to guides' } }, 200)).by).toBe(1);
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
    // Spec 4.1 rule 4: an empty title fails (500) and writes nothing.
    expect((await send('POST', '/v1/articles', { title: { en: ' ' } }, 500)).by).toBe(0);
    expect((await send('GET', '/v1/articles', undefined, 200)).by).toBe(0);
  });
});
