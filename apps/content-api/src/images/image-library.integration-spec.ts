import { TestApp, TestSession, TestSite, useSite } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { form, makeImage, restoreEnv, useTempDataDir } from './testing/image-fixtures';

interface LibraryImage {
  id: number;
  origin: string;
  uses_count: number;
  used_in: {
    article_id: number;
    lang: string;
    title: string;
    published: boolean;
    alts: string[];
  }[];
}

/** Issue 39 item 5: the dashboard's image library, session only, with where each image is used. */
describe('image library (issue 39)', () => {
  let t: TestApp, site: TestSite, key: string;
  useTempDataDir();
  afterAll(restoreEnv);
  useSite(createContentApi, { languages: ['en', 'de'] }, (s) => ({ t, site, key } = s));

  const upload = async (seed: number, query = '', auth: Record<string, unknown> = { key }) => {
    const res = await t.request('POST', `/v1/images${query}`, {
      ...auth,
      raw: form([['file', { data: await makeImage('png', seed), name: `i${seed}.png` }]]),
    });
    expect(res.status).toBe(201);
    return res.body.image as { id: number; url: string };
  };
  const library = async (session: TestSession, siteId = site.id, query = '') =>
    t.request('GET', `/v1/dashboard/images${query}`, { session, site: siteId });

  it('lists every origin newest first with the translations using each image and their alts', async () => {
    const session = await t.factory.session(site.owner);
    const api = await upload(1);
    const editor = await upload(2, '?editor=1', { session, site: site.id });
    const unused = await upload(3);
    const article = await t.request('POST', '/v1/articles', {
      key,
      body: {
        title: { en: 'Setup', de: 'Einrichtung' },
        content: {
          en: `<p>a</p><img src="${api.url}" alt="First step"><img src="${api.url}">`,
          de: `<p><img src="${editor.url}" alt="Erster Schritt"></p><a href="${api.url}">x</a>`,
        },
        published: true,
      },
    });
    expect(article.status).toBe(201);
    const id = article.body.article.id;
    const trashed = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Old' }, content: { en: `<img src="${unused.url}" alt="gone">` } },
    });
    await t.request('DELETE', `/v1/articles/${trashed.body.article.id}`, { key });

    const res = await library(session);
    expect(res.status).toBe(200);
    const images = res.body.images as LibraryImage[];
    expect(images.map((i) => [i.id, i.origin])).toEqual([
      [unused.id, 'api'],
      [editor.id, 'editor'],
      [api.id, 'api'],
    ]);
    const byId = new Map(images.map((i) => [i.id, i]));
    expect(byId.get(api.id)?.used_in).toEqual([
      { article_id: id, lang: 'de', title: 'Einrichtung', published: true, alts: [] },
      { article_id: id, lang: 'en', title: 'Setup', published: true, alts: ['First step', ''] },
    ]);
    expect(byId.get(editor.id)?.used_in).toEqual([
      {
        article_id: id,
        lang: 'de',
        title: 'Einrichtung',
        published: true,
        alts: ['Erster Schritt'],
      },
    ]);
    // Trash is not a use (as the DELETE check reads it, spec 4.7).
    expect(byId.get(unused.id)).toMatchObject({ uses_count: 0, used_in: [] });
    expect(res.body.meta).toEqual({ page: 1, per_page: 50, total_pages: 1, items_count: 3 });
    expect((await library(session, site.id, '?limit=2&page=2')).body.images).toHaveLength(1);
    expect((await library(session, site.id, '?limit=101')).status).toBe(422);
  });

  it('is session only, and another site’s member sees only their own images', async () => {
    await upload(4);
    const res = await t.request('GET', '/v1/dashboard/images', { key });
    expect([res.status, res.body.code]).toEqual([403, 'session_required']);

    const other = await t.factory.site();
    const outsider = await t.factory.session(other.owner);
    // Naming this site with another site's session: not a member here.
    expect((await library(outsider)).status).toBe(403);
    const own = await library(outsider, other.id);
    expect([own.status, own.body.images]).toEqual([200, []]);
  });
});
