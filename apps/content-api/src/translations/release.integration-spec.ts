import { expectError, TestApp, TestSession, TestSite, useTestApp } from '@hc/testing';
import { createContentApi } from '../app.factory';

/** Issue 38 item 6: releasing a translation (spec 2.1) from the dashboard, attacked. */
describe('releasing a translation in the dashboard (issue 38)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, otherKey: string;
  let owner: TestSession;

  useTestApp(createContentApi, async (app) => {
    t = app;
    site = await t.factory.site({ languages: ['en', 'de'] });
    other = await t.factory.site({ languages: ['en', 'de'] });
    key = await t.factory.key(site);
    otherKey = await t.factory.key(other);
    owner = await t.factory.session(site.owner);
  });

  const bilingual = async (k: string) =>
    (
      await t.request('POST', '/v1/articles', {
        key: k,
        body: { title: { en: 'Hello', de: 'Hallo' }, published: true },
      })
    ).body.article.id as number;
  const released = async (id: number, k: string) =>
    (await t.request('GET', `/v1/articles/${id}`, { key: k })).body.article.published_translations;
  const release = (id: number, session: TestSession, siteId: number, lang = 'de') =>
    t.request('POST', `/v1/articles/${id}/translations/${lang}/release`, { session, site: siteId });

  it('a member of one site cannot release on another, by its id or by X-Service-Site', async () => {
    const theirs = await bilingual(otherKey);
    expectError(await release(theirs, owner, site.id), 404, 'not_found');
    expectError(await release(theirs, owner, other.id), 403, 'site_forbidden');
    expect(await released(theirs, otherKey)).toEqual(['en']);
  });

  it('a Viewer cannot release; a Translator can; an unknown language is 404', async () => {
    const id = await bilingual(key);
    const viewer = await t.factory.user();
    await t.factory.member(site, viewer, 'viewer');
    expectError(await release(id, await t.factory.session(viewer), site.id), 403, 'role_forbidden');
    expect(await released(id, key)).toEqual(['en']);
    const translator = await t.factory.user();
    await t.factory.member(site, translator, 'translator');
    const res = await release(id, await t.factory.session(translator), site.id);
    expect(res.status).toBe(200);
    expect(res.body.article.published_translations).toEqual(['en', 'de']);
    expectError(await release(id, owner, site.id, 'xx'), 404, 'not_found');
  });
});
