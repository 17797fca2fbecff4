import {
  createPublishedArticle,
  settledChangeSet,
  STAGING_SITE,
  TestApp,
  TestSite,
  useTwoSites,
} from '@hc/testing';
import { createContentApi } from '../app.factory';

/** Outdated translations (issue #25 item 3), on two sites in en (default) and de. */
describe('outdated translations (#25)', () => {
  let t: TestApp, site: TestSite, key: string, otherKey: string;

  const read = async (id: number, k = key) =>
    (await t.request('GET', `/v1/articles/${id}`, { key: k })).body.article;
  const patch = (id: number, body: Record<string, unknown>, k = key) =>
    t.request('PATCH', `/v1/articles/${id}`, { key: k, body });
  const stageAndPublish = async (id: number, copies: Record<string, unknown>[], k = key) => {
    for (const c of copies) {
      const res = await t.request('PATCH', `/v1/articles/${id}/staged`, { key: k, body: c });
      expect(res.status).toBe(200);
    }
    const res = await t.request('POST', `/v1/articles/${id}/staged/publish`, { key: k, body: {} });
    expect(res.status).toBe(200);
    return res.body.article;
  };
  /** A published article in en and de with both languages released. */
  const bilingual = async (k = key, extra: Record<string, unknown> = {}) => {
    const a = await createPublishedArticle(t, k, {
      title: { en: 'Setup', de: 'Einrichtung' },
      content: { en: '<p>Step one.</p>', de: '<p>Schritt eins.</p>' },
      ...extra,
    });
    const live = await stageAndPublish(
      a.id,
      [{ locale: 'de', title: 'Einrichtung', release_translation: true }],
      k,
    );
    expect(live.published_translations).toEqual(['en', 'de']);
    expect(live.outdated_translations).toEqual([]);
    return a.id as number;
  };
  const listed = async (k = key) =>
    (await t.request('GET', '/v1/articles?outdated=1', { key: k })).body.articles.map(
      (a: { id: number }) => a.id,
    );

  useTwoSites(createContentApi, { site: STAGING_SITE }, (s) => ({ t, site, key, otherKey } = s));

  it('an edit of the default title or content marks the other released languages; editing one clears it; list, export and events', async () => {
    const id = await bilingual();
    const theirs = await bilingual(otherKey);
    const lastEvent = Number(
      (
        await t.ds.query('SELECT COALESCE(MAX(id), 0) AS n FROM outbox WHERE site_id = ?', [
          site.id,
        ])
      )[0].n,
    );
    // A change that leaves the default title and content alone marks nothing.
    expect((await patch(id, { metadata: { title: { en: 'SEO' } } })).status).toBe(200);
    expect((await read(id)).outdated_translations).toEqual([]);

    expect((await patch(id, { content: { en: '<p>Step one, then two.</p>' } })).status).toBe(200);
    expect((await read(id)).outdated_translations).toEqual(['de']);
    expect(await listed()).toEqual([id]);
    expect(await listed(otherKey)).toEqual([]);
    expect((await t.request('GET', '/v1/articles?outdated=2', { key })).status).toBe(400);
    const exported = (await t.request('GET', '/v1/export', { key })).body.articles;
    expect(exported.find((a: { id: number }) => a.id === id).outdated_translations).toEqual(['de']);
    // The other site's article is untouched.
    expect((await read(theirs, otherKey)).outdated_translations).toEqual([]);
    // Webhook payloads do not change.
    const payloads = (
      await t.ds.query('SELECT payload FROM outbox WHERE site_id = ? AND id > ?', [
        site.id,
        lastEvent,
      ])
    ).map((r: { payload: unknown }) =>
      typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload),
    );
    expect(payloads.length).toBeGreaterThan(0);
    for (const p of payloads) expect(p).not.toContain('outdated');

    expect((await patch(id, { title: { de: 'Einrichtung 2' } })).status).toBe(200);
    expect((await read(id)).outdated_translations).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it('an unreleased language is not marked', async () => {
    const a = await createPublishedArticle(t, key, {
      title: { en: 'Draft de', de: 'Entwurf' },
    });
    expect((await patch(a.id, { title: { en: 'Draft de 2' } })).status).toBe(200);
    expect((await read(a.id)).outdated_translations).toEqual([]);
  });

  it('staged publish: the default alone marks, both together leave nothing outdated; a restore marks too', async () => {
    const id = await bilingual();
    const both = await stageAndPublish(id, [
      { locale: 'de', title: 'Einrichtung neu' },
      { locale: 'en', title: 'Setup new' },
    ]);
    expect(both.outdated_translations).toEqual([]);
    const alone = await stageAndPublish(id, [{ locale: 'en', content: '<p>Only English.</p>' }]);
    expect(alone.outdated_translations).toEqual(['de']);
    const fixed = await stageAndPublish(id, [{ locale: 'de', content: '<p>Nur Deutsch.</p>' }]);
    expect(fixed.outdated_translations).toEqual([]);

    const versions = (await t.request('GET', `/v1/articles/${id}/versions?locale=en`, { key })).body
      .versions;
    const restored = await t.request(
      'POST',
      `/v1/articles/${id}/versions/${versions[versions.length - 1].id}/restore`,
      { key },
    );
    expect(restored.status).toBe(200);
    expect(restored.body.article.outdated_translations).toEqual(['de']);
    // Another site cannot see or clear it.
    expect((await patch(id, { title: { de: 'Fremd' } }, otherKey)).status).toBe(404);
    expect((await read(id)).outdated_translations).toEqual(['de']);
  });

  it('bulk updates mark like edits', async () => {
    const id = await bilingual(key, { external_id: 'outdated-bulk' });
    const res = await t.request('POST', '/v1/articles/bulk', {
      key,
      body: { articles: [{ external_id: 'outdated-bulk', title: { en: 'Setup by bulk' } }] },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.body.meta).toMatchObject({ updated: 1, failed: 0 });
    expect((await read(id)).outdated_translations).toEqual(['de']);
  });

  it('a change set publishing the default title or content marks the other languages; one carrying the translation too leaves nothing outdated', async () => {
    const stage = async (id: number, body: Record<string, unknown>, k = key) =>
      expect((await t.request('PATCH', `/v1/articles/${id}/staged`, { key: k, body })).status).toBe(
        200,
      );
    const publishSet = async (items: { article_id: number; locale: string }[], k = key) => {
      const set = (await t.request('POST', '/v1/change-sets', { key: k, body: {} })).body
        .change_set;
      const added = await t.request('POST', `/v1/change-sets/${set.id}/items`, {
        key: k,
        body: { items },
      });
      const published = await t.request('POST', `/v1/change-sets/${set.id}/publish`, {
        key: k,
        body: {},
      });
      expect(published.status).toBe(202);
      return { added: added.body, done: await settledChangeSet(t, k, set.id) };
    };
    const alone = await bilingual();
    const together = await bilingual();
    const theirs = await bilingual(otherKey);
    await stage(alone, { locale: 'en', title: 'Setup, by change set' });
    await stage(together, { locale: 'en', content: '<p>Step one, revised.</p>' });
    await stage(together, { locale: 'de', content: '<p>Schritt eins, neu.</p>' });
    await stage(theirs, { locale: 'en', title: 'Theirs, staged' }, otherKey);

    const first = await publishSet([
      { article_id: alone, locale: 'en' },
      // Another site's article is no item of this site's set.
      { article_id: theirs, locale: 'en' },
    ]);
    expect(first.added.status).toBe('partial');
    expect(first.done.items).toEqual([{ article_id: alone, locale: 'en', status: 'published' }]);
    expect((await read(alone)).title.en).toBe('Setup, by change set');
    expect((await read(alone)).outdated_translations).toEqual(['de']);
    expect(await listed()).toContain(alone);
    // The other site's article kept its staged change and is not outdated.
    expect((await read(theirs, otherKey)).outdated_translations).toEqual([]);
    expect(await listed(otherKey)).not.toContain(theirs);

    const second = await publishSet([
      { article_id: together, locale: 'en' },
      { article_id: together, locale: 'de' },
    ]);
    expect(second.done.status).toBe('published');
    const live = await read(together);
    expect(live.content).toEqual({
      en: '<p>Step one, revised.</p>',
      de: '<p>Schritt eins, neu.</p>',
    });
    expect(live.outdated_translations).toEqual([]);
  });
});
