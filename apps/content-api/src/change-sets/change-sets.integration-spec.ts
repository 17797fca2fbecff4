import {
  createPublishedArticle,
  expectCountsTowardWrites,
  settledChangeSet,
  STAGING_SITE,
  useTwoSites,
  validationErrorBody,
} from '@hc/testing';
import type { TestApp } from '@hc/testing';
import { createContentApi } from '../app.factory';

const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;
const API = 'http://localhost:8080/v1';

describe('change sets (spec 3.4, 4.1, 4.2, 4.4, 5.2)', () => {
  let t: TestApp, key: string, otherKey: string;

  const published = (title: string, k = key) =>
    createPublishedArticle(t, k, { title: { en: title, de: `${title} (de)` } });
  const stage = async (id: number, body: Record<string, unknown>, k = key) => {
    const res = await t.request('PATCH', `/v1/articles/${id}/staged`, { key: k, body });
    expect(res.status).toBe(200);
    return res.body.staged;
  };
  const createSet = async (body: unknown = {}, k = key) =>
    t.request('POST', '/v1/change-sets', { key: k, body });
  const getSet = (id: number, k = key) => t.request('GET', `/v1/change-sets/${id}`, { key: k });
  /** POSTs `items` (`{article_id, locale}` each) to a set. */
  const addItems = (id: number, items: unknown, k = key) =>
    t.request('POST', `/v1/change-sets/${id}/items`, { key: k, body: { items } });
  /** Waits for the worker to finish the set. */
  const settled = (id: number, k = key) => settledChangeSet(t, k, id);

  useTwoSites(
    createContentApi,
    { site: STAGING_SITE, freshKey: true },
    (s) => ({ t, key, otherKey } = s),
  );

  it('accept only API keys: an OAuth token gets 401 Unknown API key on every route', async () => {
    for (const [method, path] of [
      ['GET', '/v1/change-sets'],
      ['POST', '/v1/change-sets'],
      ['GET', '/v1/change-sets/1'],
      ['POST', '/v1/change-sets/1/items'],
      ['POST', '/v1/change-sets/1/publish'],
    ]) {
      const res = await t.request(method, path, {
        token: 'any-access-token',
        body: method === 'GET' ? undefined : {},
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'unauthorized', message: 'Unknown API key' });
    }
  });

  it('POST /change-sets answers 201 with the change set', async () => {
    const res = await createSet({ name: 'Spring release' });
    expect(res.status).toBe(201);
    const id = res.body.change_set.id;
    expect(res.body).toEqual({
      status: 'success',
      change_set: {
        id: expect.any(Number),
        name: 'Spring release',
        status: 'open',
        publish_at: null,
        published_at: null,
        force: false,
        items_count: 0,
        items: [],
        created_at: expect.stringMatching(FORMAT_B),
        updated_at: expect.stringMatching(FORMAT_B),
        _links: {
          self: { method: 'GET', url: `${API}/change-sets/${id}` },
          items: { method: 'POST', url: `${API}/change-sets/${id}/items` },
          publish: { method: 'POST', url: `${API}/change-sets/${id}/publish` },
        },
      },
    });
    expect((await createSet()).body.change_set.name).toBeNull();
    const long = await createSet({ name: 'x'.repeat(192) });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ status: 'validation_error', reason: 'validation_error' });
  });

  it('GET /change-sets pages with per_page (default 25, above 100 lowered), most recently updated first, meta current_page/last_page/total', async () => {
    const s = await t.factory.site(STAGING_SITE);
    const k = await t.factory.key(s);
    const ids: number[] = [];
    for (let i = 0; i < 27; i++)
      ids.push((await createSet({ name: `Set ${i}` }, k)).body.change_set.id);
    // Touch the first one: it becomes the most recently updated.
    const a = await published('Touched', k);
    await stage(a.id, { locale: 'en', title: 'Touched 2' }, k);
    await new Promise((r) => setTimeout(r, 5));
    await addItems(ids[0], [{ article_id: a.id, locale: 'en' }], k);

    const first = await t.request('GET', '/v1/change-sets', { key: k });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('success');
    expect(first.body.change_sets).toHaveLength(25);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, total: 27 });
    expect(first.body.change_sets[0].id).toBe(ids[0]);
    expect(first.body.change_sets[1].id).toBe(ids[26]);
    const second = await t.request('GET', '/v1/change-sets?page=2&per_page=25', { key: k });
    expect(second.body.change_sets).toHaveLength(2);
    expect(second.body.meta).toEqual({ current_page: 2, last_page: 2, total: 27 });
    const lowered = await t.request('GET', '/v1/change-sets?per_page=1000', { key: k });
    expect(lowered.status).toBe(200);
    expect(lowered.body.change_sets).toHaveLength(27);
    expect(lowered.body.meta).toEqual({ current_page: 1, last_page: 1, total: 27 });
    // Another site sees none of them.
    const theirs = await t.request('GET', '/v1/change-sets', { key: otherKey });
    expect(theirs.body.change_sets.map((c: { id: number }) => c.id)).not.toContain(ids[0]);
    expect((await getSet(ids[0], otherKey)).status).toBe(404);
  });

  it('POST /change-sets/{id}/items answers 207; status partial with a reason for each rejected item', async () => {
    const a = await published('Itemised');
    const b = await published('Not staged');
    const theirs = await published('Foreign', otherKey);
    await stage(a.id, { locale: 'en', title: 'Itemised 2' });
    await stage(theirs.id, { locale: 'en', title: 'Foreign 2' }, otherKey);
    const set = (await createSet()).body.change_set;
    const ok = await addItems(set.id, [{ article_id: a.id, locale: 'en' }]);
    expect(ok.status).toBe(207);
    expect(ok.body.status).toBe('success');
    expect(ok.body.results).toEqual([
      { index: 0, article_id: a.id, locale: 'en', status: 'added' },
    ]);
    expect(ok.body.change_set.items).toEqual([
      { article_id: a.id, locale: 'en', status: 'pending' },
    ]);

    const mixed = await addItems(set.id, [
      { article_id: a.id, locale: 'en' },
      { article_id: b.id, locale: 'en' },
      { article_id: theirs.id, locale: 'en' },
      { article_id: 'x', locale: 'en' },
      { article_id: a.id, locale: 'xx' },
    ]);
    expect(mixed.status).toBe(207);
    expect(mixed.body.status).toBe('partial');
    expect(
      mixed.body.results.map((r: { status: string; reason?: string }) => [r.status, r.reason]),
    ).toEqual([
      ['rejected', 'already_in_change_set'],
      ['rejected', 'not_staged'],
      ['rejected', 'article_not_found'],
      ['rejected', 'invalid_item'],
      ['rejected', 'invalid_item'],
    ]);
    const empty = await addItems(set.id, []);
    expect(empty.status).toBe(422);
    const missing = await addItems(999999999, [{ article_id: a.id, locale: 'en' }]);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      status: 'error',
      reason: 'not_found',
      message: 'Change set not found.',
    });
    const foreign = await addItems(set.id, [{ article_id: theirs.id, locale: 'en' }], otherKey);
    expect(foreign.status).toBe(404);
  });

  it('publish answers 202 queued; the worker publishes the items through the staged publish', async () => {
    const a = await published('Queued one');
    const b = await published('Queued two');
    await stage(a.id, { locale: 'en', title: 'Queued one, live' });
    await stage(b.id, { locale: 'de', title: 'Zwei, live', release_translation: true });
    const set = (await createSet({ name: 'Batch' })).body.change_set;
    await addItems(set.id, [
      { article_id: a.id, locale: 'en' },
      { article_id: b.id, locale: 'de' },
    ]);
    const empty = (await createSet()).body.change_set;
    const refused = await t.request('POST', `/v1/change-sets/${empty.id}/publish`, {
      key,
      body: {},
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ status: 'error', reason: 'empty' });

    const res = await t.request('POST', `/v1/change-sets/${set.id}/publish`, { key, body: {} });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('queued');
    expect(res.body.change_set.id).toBe(set.id);
    const done = await settled(set.id);
    expect(done.status).toBe('published');
    expect(done.published_at).toMatch(FORMAT_B);
    expect(done.items).toEqual([
      { article_id: a.id, locale: 'en', status: 'published' },
      { article_id: b.id, locale: 'de', status: 'published' },
    ]);
    const liveA = (await t.request('GET', `/v1/articles/${a.id}`, { key })).body.article;
    expect(liveA.title.en).toBe('Queued one, live');
    expect(liveA.has_staged_changes).toBe(false);
    const liveB = (await t.request('GET', `/v1/articles/${b.id}`, { key })).body.article;
    expect(liveB.title.de).toBe('Zwei, live');
    expect(liveB.published_translations).toEqual(['en', 'de']);
    const again = await t.request('POST', `/v1/change-sets/${set.id}/publish`, { key, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'error', reason: 'not_open' });
  });

  it('an item that meets a refusal fails with its reason; the others still publish (status partial)', async () => {
    const a = await published('Changes live');
    const b = await published('Fine');
    await stage(a.id, { locale: 'en', content: '<p>Staged</p>' });
    await stage(b.id, { locale: 'en', title: 'Fine 2' });
    const set = (await createSet()).body.change_set;
    await addItems(set.id, [
      { article_id: a.id, locale: 'en' },
      { article_id: b.id, locale: 'en' },
    ]);
    await t.request('PATCH', `/v1/articles/${a.id}`, {
      key,
      body: { content: { en: '<p>Live edit</p>' } },
    });
    await t.request('POST', `/v1/change-sets/${set.id}/publish`, { key, body: {} });
    const done = await settled(set.id);
    expect(done.status).toBe('partial');
    expect(done.items).toEqual([
      { article_id: a.id, locale: 'en', status: 'failed', reason: 'base_changed' },
      { article_id: b.id, locale: 'en', status: 'published' },
    ]);
  });

  it('publish with a future publish_at answers 202 scheduled with the time; the worker publishes it when due', async () => {
    const a = await published('Scheduled');
    await stage(a.id, { locale: 'en', title: 'Scheduled, live' });
    const set = (await createSet()).body.change_set;
    await addItems(set.id, [{ article_id: a.id, locale: 'en' }]);
    const bad = await t.request('POST', `/v1/change-sets/${set.id}/publish`, {
      key,
      body: { publish_at: 'tomorrow' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ publish_at: ['The publish at field must be a valid date.'] });

    const far = new Date(Date.now() + 3600_000);
    const later = await t.request('POST', `/v1/change-sets/${set.id}/publish`, {
      key,
      body: { publish_at: far.toISOString() },
    });
    expect(later.status).toBe(202);
    expect(later.body.status).toBe('scheduled');
    expect(later.body.publish_at).toMatch(FORMAT_B);
    expect(later.body.change_set.status).toBe('scheduled');
    // Rescheduled to two seconds from now: published once due, not before.
    const soon = new Date(Date.now() + 2000);
    const res = await t.request('POST', `/v1/change-sets/${set.id}/publish`, {
      key,
      body: { publish_at: soon.toISOString() },
    });
    expect(res.body.status).toBe('scheduled');
    expect((await getSet(set.id)).body.change_set.status).toBe('scheduled');
    const done = await settled(set.id);
    expect(done.status).toBe('published');
    expect(Date.now()).toBeGreaterThanOrEqual(soon.getTime() - 5);
    expect((await t.request('GET', `/v1/articles/${a.id}`, { key })).body.article.title.en).toBe(
      'Scheduled, live',
    );
  });

  it('read their bodies at the edge (DTOs): one message per field, shape (b) with reason, unknown fields ignored', async () => {
    const invalid = (
      res: { status: number; body: Record<string, unknown> },
      errors: Record<string, string[]>,
    ) => {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ ...validationErrorBody(errors), reason: 'validation_error' });
    };
    invalid(await createSet({ name: 5 }), { name: ['The name field must be a string.'] });
    invalid(await createSet({ name: 'é'.repeat(192) }), {
      name: ['The name field must not be greater than 191 characters.'],
    });
    const named = await createSet({ name: '  ', extra: true, ['__proto__']: { polluted: 1 } });
    expect(named.status).toBe(201);
    expect(named.body.change_set.name).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const id = named.body.change_set.id as number;
    const items = (body: unknown) =>
      t.request('POST', `/v1/change-sets/${id}/items`, { key, body });
    invalid(await items({}), { items: ['The items field must be an array.'] });
    const badPath = await t.request('POST', '/v1/change-sets/x1/items', { key, body: {} });
    expect([badPath.status, badPath.body.message]).toEqual([404, 'Change set not found.']);
    invalid(await items({ items: 'a' }), { items: ['The items field must be an array.'] });
    invalid(await items({ items: [] }), { items: ['The items field is required.'] });
    invalid(await items({ items: Array.from({ length: 101 }, () => ({})) }), {
      items: ['The items field must not have more than 100 items.'],
    });
    const publish = (body: unknown) =>
      t.request('POST', `/v1/change-sets/${id}/publish`, { key, body });
    invalid(await publish({ force: 'yes' }), { force: ['The force field must be true or false.'] });
    invalid(await publish({ publish_at: 'tomorrow', force: 1 }), {
      publish_at: ['The publish at field must be a valid date.'],
      force: ['The force field must be true or false.'],
    });
  });

  it('reads count toward the 120 writes per minute', async () => {
    await expectCountsTowardWrites(() => t.request('GET', '/v1/change-sets', { key }));
  });
});
