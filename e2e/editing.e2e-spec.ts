import { edge, hc, unique } from './support/stack';

/** Issue #25 through the edge: word diffs on compare, outdated translations on reads and lists. */
describe('editing beyond the anchors (#25)', () => {
  it('a staged publish of the default language marks the other one outdated; compare shows the word diff', async () => {
    const { user } = await hc(
      'user',
      'create',
      '--email',
      `${unique('ed')}@example.test`,
      '--password',
      'secret-pass-1',
    );
    const { site } = await hc(
      'site',
      'create',
      '--owner',
      String(user.id),
      '--name',
      'Editing KB',
      '--subdomain',
      unique('ed'),
      '--languages',
      'en,de',
      '--plan',
      'catalyst',
      '--staging-preview',
    );
    const { key } = await hc(
      'key',
      'create',
      '--site',
      String(site.id),
      '--user',
      String(user.id),
      '--scope',
      'read_write',
    );
    const k = { key: key.token as string };
    const created = await edge('POST', '/v1/articles', {
      ...k,
      body: {
        title: { en: 'Setup', de: 'Einrichtung' },
        content: { en: '<p>Step <b>one</b>.</p>', de: '<p>Schritt eins.</p>' },
        published: true,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.article.id as number;
    const stageAndPublish = async (body: Record<string, unknown>) => {
      expect((await edge('PATCH', `/v1/articles/${id}/staged`, { ...k, body })).status).toBe(200);
      const res = await edge('POST', `/v1/articles/${id}/staged/publish`, { ...k, body: {} });
      expect(res.status).toBe(200);
      return res.body.article;
    };
    await stageAndPublish({ locale: 'de', title: 'Einrichtung', release_translation: true });
    const after = await stageAndPublish({ locale: 'en', content: '<p>Step <b>two</b>.</p>' });
    expect(after.outdated_translations).toEqual(['de']);
    const listed = await edge('GET', '/v1/articles?outdated=1', k);
    expect(listed.body.articles.map((a: { id: number }) => a.id)).toEqual([id]);

    const [version] = (await edge('GET', `/v1/articles/${id}/versions?locale=en`, k)).body.versions;
    const compare = await edge('GET', `/v1/articles/${id}/versions/${version.id}/compare`, k);
    expect(compare.status).toBe(200);
    expect(compare.body.comparison.changes).toEqual([
      expect.objectContaining({
        field: 'content',
        old: '<p>Step <b>one</b>.</p>',
        new: '<p>Step <b>two</b>.</p>',
        diff: [
          { op: 'equal', text: '<p>Step <b>' },
          { op: 'delete', text: 'one' },
          { op: 'insert', text: 'two' },
          { op: 'equal', text: '</b>.</p>' },
        ],
      }),
    ]);
  });
});
