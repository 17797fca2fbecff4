import { TestApp, TestSite, useSite } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { form, makeImage, restoreEnv, useTempDataDir } from './testing/image-fixtures';

/** Issue 37, spec 4.7: images added in the dashboard's editor are not listed by GET /images. */
describe('editor images (issue 37)', () => {
  let t: TestApp, site: TestSite, key: string;
  useTempDataDir();
  afterAll(restoreEnv);
  useSite(createContentApi, {}, (s) => ({ t, site, key } = s));

  const listed = async () =>
    (await t.request('GET', '/v1/images', { key })).body.images.map((i: { id: number }) => i.id);

  it('a session’s upload with editor=1 is stored and served (its URL) but left out of GET /images', async () => {
    const session = await t.factory.session(site.owner);
    const png = await makeImage('png', 37);
    const res = await t.request('POST', '/v1/images?editor=1', {
      session,
      site: site.id,
      raw: form([['file', { data: png, name: 'pasted.png' }]]),
    });
    expect(res.status).toBe(201);
    const editorImage = res.body.image;
    const path = new URL(editorImage.url).pathname;
    expect((await t.request('GET', path, { json: false })).status).toBe(200);
    expect(await listed()).not.toContain(editorImage.id);
    expect((await t.request('GET', `/v1/images/${editorImage.id}`, { key })).status).toBe(200);

    // The same bytes through the API: a listed image of their own, not the editor's.
    const api = await t.request('POST', '/v1/images', {
      key,
      raw: form([['file', { data: png, name: 'api.png' }]]),
    });
    expect(api.status).toBe(201);
    expect(api.body.image.id).not.toBe(editorImage.id);
    expect(await listed()).toContain(api.body.image.id);

    // A key's editor=1 is not a mark: API images stay listed.
    const keyed = await t.request('POST', '/v1/images?editor=1', {
      key,
      raw: form([['file', { data: await makeImage('png', 38), name: 'k.png' }]]),
    });
    expect(await listed()).toContain(keyed.body.image.id);
    expect(
      (
        await t.request('POST', '/v1/images?editor=2', {
          key,
          raw: form([['file', { data: png, name: 'x.png' }]]),
        })
      ).status,
    ).toBe(422);
  });
});
