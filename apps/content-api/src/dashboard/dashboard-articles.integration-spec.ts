import { aiDraft, internalNote, noteMark } from '@hc/content';
import {
  expectError,
  lastSiteEventId,
  siteEvents,
  STAGING_SITE,
  TestApp,
  TestSession,
  TestSite,
  useSite,
} from '@hc/testing';
import { createContentApi } from '../app.factory';

/**
 * Issue 37 items 3 and 4: the dashboard's semantics of spec 6 for session requests, asserted
 * from the outbox, and the session's view of articles (stored HTML, revisions).
 */
describe('dashboard article operations (issue 37)', () => {
  let t: TestApp, site: TestSite, key: string;
  let owner: TestSession;

  useSite(createContentApi, STAGING_SITE, async (s) => {
    ({ t, site, key } = s);
    owner = await t.factory.session(site.owner);
  });

  const as = () => ({ session: owner, site: site.id });
  const post = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/v1/articles', { key, body });
    expect(res.status).toBe(201);
    return res.body.article as { id: number; revision?: number };
  };
  const drafts = async (n: number) => {
    const out = [];
    for (let i = 0; i < n; i++) out.push(await post({ title: { en: `Draft ${i}` } }));
    return out;
  };
  const mark = () => lastSiteEventId(t.ds, site);
  const eventsSince = async (from: number) =>
    (await siteEvents(t.ds, site, from)).map((e) => [e.event, e.data.id] as [string, number]);
  const auditSince = async (from: number) => {
    const rows = await t.ds.query(
      `SELECT payload FROM outbox WHERE site_id = ? AND event = 'audit.recorded' AND id > ? ORDER BY id`,
      [site.id, from],
    );
    return rows.map((r: { payload: unknown }) => {
      const p = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
        data: { action: string; target_id: string; actor: unknown };
      };
      return [p.data.action, Number(p.data.target_id), p.data.actor];
    });
  };
  const lastOutbox = async () =>
    Number((await t.ds.query('SELECT COALESCE(MAX(id), 0) AS n FROM outbox'))[0].n);
  const act = (body: unknown) =>
    t.request('POST', '/v1/dashboard/articles/actions', { ...as(), body });
  const member = async (role: 'translator' | 'viewer' | 'editor') => {
    const user = await t.factory.user();
    await t.factory.member(site, user, role);
    return t.factory.session(user);
  };

  it('keys and tokens get 403 session_required on every dashboard-only operation', async () => {
    const [a] = await drafts(1);
    for (const [method, path, body] of [
      ['POST', '/v1/dashboard/articles/actions', { action: 'trash', ids: [a.id] }],
      ['POST', '/v1/dashboard/articles/actions', { action: 'restore', ids: [a.id] }],
      ['POST', '/v1/dashboard/articles/actions', { action: 'delete', ids: [a.id] }],
      ['POST', `/v1/articles/${a.id}/translations/de/release`, undefined],
      ['GET', '/v1/trash', undefined],
      ['POST', `/v1/trash/${a.id}/restore`, undefined],
      ['DELETE', `/v1/trash/${a.id}`, undefined],
      ['DELETE', '/v1/trash', undefined],
      ['GET', '/v1/articles?team_search=draft', undefined],
      ['GET', '/v1/session', undefined],
      ['POST', '/v1/session/signout', undefined],
    ] as const) {
      const res = await t.request(method, path, { key, body });
      expect([method, path, res.status, res.body.code]).toEqual([
        method,
        path,
        403,
        'session_required',
      ]);
    }
    // Nothing moved: the article is still live.
    expect((await t.request('GET', `/v1/articles/${a.id}`, { key })).status).toBe(200);
  });

  it('several articles to the Trash at once send no event; each is recorded as the person’s', async () => {
    const picked = await drafts(3);
    const from = await mark();
    const audit = await lastOutbox();
    const res = await act({ action: 'trash', ids: [...picked.map((a) => a.id), 999999999] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      updated: picked.map((a) => a.id),
      failed: [{ id: 999999999, message: 'Article not found.' }],
    });
    expect(await eventsSince(from)).toEqual([]);
    expect(await auditSince(audit)).toEqual(
      picked.map((a) => ['article.delete', a.id, { kind: 'dashboard', user_id: site.owner.id }]),
    );
    for (const a of picked)
      expect((await t.request('GET', `/v1/articles/${a.id}`, { key })).status).toBe(404);
  });

  it('one article to the Trash sends article.deleted', async () => {
    const [a] = await drafts(1);
    const from = await mark();
    expect((await act({ action: 'trash', ids: [a.id] })).body.data.updated).toEqual([a.id]);
    expect(await eventsSince(from)).toEqual([['article.deleted', a.id]]);
  });

  it('publish, unpublish and set_category: one request, spec 6 events per article changed', async () => {
    const picked = await drafts(2);
    const ids = picked.map((a) => a.id);
    let from = await mark();
    expect((await act({ action: 'publish', ids })).body.data).toEqual({ updated: ids, failed: [] });
    expect(await eventsSince(from)).toEqual(ids.map((id) => ['article.published', id]));
    // Already published: counted, not written again.
    from = await mark();
    expect((await act({ action: 'publish', ids })).body.data.updated).toEqual(ids);
    expect(await eventsSince(from)).toEqual([]);
    from = await mark();
    await act({ action: 'unpublish', ids: [ids[0]] });
    expect(await eventsSince(from)).toEqual([['article.updated', ids[0]]]);

    const category = await t.request('POST', '/v1/categories', {
      key,
      body: { name: { en: 'Billing' } },
    });
    from = await mark();
    const moved = await act({
      action: 'set_category',
      ids,
      category_id: category.body.category.id,
    });
    expect(moved.body.data.updated).toEqual(ids);
    expect(await eventsSince(from)).toEqual(ids.map((id) => ['article.updated', id]));
    const read = await t.request('GET', `/v1/articles/${ids[1]}`, { key });
    expect(read.body.article.category_id).toBe(category.body.category.id);

    const noCategory = await act({ action: 'set_category', ids });
    expect(noCategory.status).toBe(422);
    expect(noCategory.body.errors).toEqual({ category_id: ['The category id field is required.'] });
    const bad = await act({ action: 'set_category', ids, category_id: 999999999 });
    expect(bad.status).toBe(422);
    expect((await act({ action: 'archive', ids })).status).toBe(422);
    expect((await act({ action: 'trash', ids: [] })).status).toBe(422);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await act({ action: 'trash', ids: tooMany })).status).toBe(422);
  });

  it('the Trash: list, restore (previous status, article.updated), delete for good (article.deleted), empty (nothing)', async () => {
    await t.request('DELETE', '/v1/trash', as()); // what earlier tests left
    const live = await post({ title: { en: 'Published one' }, published: true });
    const [draft, a, b] = await drafts(3);
    await act({ action: 'trash', ids: [live.id, draft.id, a.id, b.id] });

    const list = await t.request('GET', '/v1/trash?limit=2', as());
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ per_page: 2, items_count: 4, total_pages: 2 });
    expect(list.body.articles[0]).toMatchObject({
      deleted_at: expect.any(String),
      revision: expect.any(Number),
    });

    let from = await mark();
    const restored = await t.request('POST', `/v1/trash/${live.id}/restore`, as());
    expect(restored.status).toBe(200);
    expect(restored.body.article).toMatchObject({ id: live.id, published: true });
    expect(await eventsSince(from)).toEqual([['article.updated', live.id]]);
    expectError(await t.request('POST', `/v1/trash/${live.id}/restore`, as()), 404, 'not_found');

    from = await mark();
    expect((await t.request('DELETE', `/v1/trash/${draft.id}`, as())).status).toBe(200);
    expect(await eventsSince(from)).toEqual([['article.deleted', draft.id]]);
    expectError(await t.request('DELETE', `/v1/trash/${live.id}`, as()), 404, 'not_found');

    from = await mark();
    const emptied = await t.request('DELETE', '/v1/trash', as());
    expect(emptied.body).toMatchObject({ status: 'success', deleted: 2 });
    expect(await eventsSince(from)).toEqual([]);
    expect((await t.request('GET', '/v1/trash', as())).body.meta.items_count).toBe(0);
    expect(
      await t.ds.query('SELECT id FROM articles WHERE id IN (?)', [[draft.id, a.id, b.id]]),
    ).toEqual([]);
  });

  it('restore and delete for good of several trashed articles: one request, spec 3.1 and 6 events', async () => {
    const published = await post({ title: { en: 'Was live' }, published: true });
    const [draft, one, x, y] = await drafts(4);
    const alive = (await drafts(1))[0];
    await act({ action: 'trash', ids: [published.id, draft.id, one.id, x.id, y.id] });

    // Restore: each back to its previous status, article.updated each; a live or unknown id fails.
    let from = await mark();
    let audit = await lastOutbox();
    const restored = await act({
      action: 'restore',
      ids: [published.id, draft.id, alive.id, 999999999],
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toEqual({
      updated: [published.id, draft.id],
      failed: [
        { id: alive.id, message: 'Article not found in the Trash.' },
        { id: 999999999, message: 'Article not found in the Trash.' },
      ],
    });
    expect(await eventsSince(from)).toEqual([
      ['article.updated', published.id],
      ['article.updated', draft.id],
    ]);
    expect(await auditSince(audit)).toEqual(
      [published.id, draft.id].map((id) => [
        'article.restore',
        id,
        { kind: 'dashboard', user_id: site.owner.id },
      ]),
    );
    const back = await t.request('GET', `/v1/articles/${published.id}`, { key });
    expect(back.body.article.published).toBe(true);
    expect(
      (await t.request('GET', `/v1/articles/${draft.id}`, { key })).body.article.published,
    ).toBe(false);

    // Delete for good, one article: article.deleted again (spec 3.1 "one by one").
    from = await mark();
    const single = await act({ action: 'delete', ids: [one.id] });
    expect(single.body.data).toEqual({ updated: [one.id], failed: [] });
    expect(await eventsSince(from)).toEqual([['article.deleted', one.id]]);

    // Several at once: no event, each recorded; a live article is never deleted by it.
    from = await mark();
    audit = await lastOutbox();
    const several = await act({ action: 'delete', ids: [x.id, y.id, alive.id] });
    expect(several.body.data).toEqual({
      updated: [x.id, y.id],
      failed: [{ id: alive.id, message: 'Article not found in the Trash.' }],
    });
    expect(await eventsSince(from)).toEqual([]);
    expect(await auditSince(audit)).toEqual(
      [x.id, y.id].map((id) => [
        'article.purge',
        id,
        { kind: 'dashboard', user_id: site.owner.id },
      ]),
    );
    expect(
      await t.ds.query('SELECT id FROM articles WHERE id IN (?)', [[one.id, x.id, y.id]]),
    ).toEqual([]);
    expect((await t.request('GET', `/v1/articles/${alive.id}`, { key })).status).toBe(200);

    // A Viewer may do neither.
    const viewer = await member('viewer');
    await act({ action: 'trash', ids: [alive.id] });
    for (const action of ['restore', 'delete'])
      expectError(
        await t.request('POST', '/v1/dashboard/articles/actions', {
          session: viewer,
          site: site.id,
          body: { action, ids: [alive.id] },
        }),
        403,
        'role_forbidden',
      );
    expect(
      (await t.request('GET', '/v1/trash', as())).body.articles.map((a: { id: number }) => a.id),
    ).toContain(alive.id);
  });

  it('another site’s articles are out of reach of the Trash and the actions', async () => {
    const other = await t.factory.site();
    const otherKey = await t.factory.key(other);
    const theirs = await t.request('POST', '/v1/articles', {
      key: otherKey,
      body: { title: { en: 'Theirs' } },
    });
    const id = theirs.body.article.id;
    expect((await act({ action: 'trash', ids: [id] })).body.data.failed).toEqual([
      { id, message: 'Article not found.' },
    ]);
    await t.request('DELETE', `/v1/articles/${id}`, { key: otherKey });
    for (const action of ['restore', 'delete'])
      expect((await act({ action, ids: [id] })).body.data.failed).toEqual([
        { id, message: 'Article not found in the Trash.' },
      ]);
    expectError(await t.request('POST', `/v1/trash/${id}/restore`, as()), 404, 'not_found');
    expectError(await t.request('DELETE', `/v1/trash/${id}`, as()), 404, 'not_found');
    await t.request('DELETE', '/v1/trash', as());
    expect((await t.ds.query('SELECT id FROM articles WHERE id = ?', [id])).length).toBe(1);
  });

  it('releasing a translation shows it to readers and sends article.updated', async () => {
    const a = await post({ title: { en: 'Hello', de: 'Hallo' } });
    const before = await t.request('GET', `/v1/articles/${a.id}`, { key });
    expect(before.body.article.published_translations).toEqual(['en']);
    const from = await mark();
    const res = await t.request('POST', `/v1/articles/${a.id}/translations/de/release`, as());
    expect(res.status).toBe(200);
    expect(res.body.article.published_translations).toEqual(['en', 'de']);
    expect(await eventsSince(from)).toEqual([['article.updated', a.id]]);
    expectError(
      await t.request('POST', `/v1/articles/${a.id}/translations/fr/release`, as()),
      404,
      'not_found',
    );
  });

  it('reordering through the session sends article.updated per moved article; through a key, none', async () => {
    const category = (
      await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Order' } } })
    ).body.category;
    const a = await post({ title: { en: 'A' }, category_id: category.id });
    const b = await post({ title: { en: 'B' }, category_id: category.id });
    const c = await post({ title: { en: 'C' }, category_id: category.id });
    const path = `/v1/categories/${category.id}/articles/order`;
    await t.request('PUT', path, { key, body: [a.id, b.id, c.id] });
    let from = await mark();
    await t.request('PUT', path, { key, body: [b.id, a.id, c.id] });
    expect(await eventsSince(from)).toEqual([]);
    from = await mark();
    const res = await t.request('PUT', path, { ...as(), body: [a.id, b.id, c.id] });
    expect(res.status).toBe(200);
    // Exactly one event per moved article (a and b swapped places), none for c.
    expect((await eventsSince(from)).sort()).toEqual(
      [
        ['article.updated', a.id],
        ['article.updated', b.id],
      ].sort(),
    );
    // The order reads back (order_by=position, the session's), unordered articles last.
    const d = await post({ title: { en: 'D' }, category_id: category.id });
    const order = async () =>
      (
        await t.request('GET', `/v1/articles?category_id=${category.id}&order_by=position`, as())
      ).body.articles.map((x: { id: number }) => x.id);
    expect(await order()).toEqual([a.id, b.id, c.id, d.id]);
    from = await mark();
    // c moves to the front, d gets its first place; a and b each shift by one.
    await t.request('PUT', path, { ...as(), body: [c.id, a.id, b.id, d.id] });
    expect(await order()).toEqual([c.id, a.id, b.id, d.id]);
    const events = await eventsSince(from);
    expect(events).toHaveLength(4);
    expect(events.sort()).toEqual([a, b, c, d].map((x) => ['article.updated', x.id]).sort());
    from = await mark();
    // Only the last two swap: two events, none for c and a.
    await t.request('PUT', path, { ...as(), body: [c.id, a.id, d.id, b.id] });
    expect(await order()).toEqual([c.id, a.id, d.id, b.id]);
    expect((await eventsSince(from)).sort()).toEqual(
      [b, d].map((x) => ['article.updated', x.id]).sort(),
    );
    // Keys and tokens keep spec 4.4's order_by (views or default); position needs a category.
    const byKey = await t.request(
      'GET',
      `/v1/articles?category_id=${category.id}&order_by=position`,
      { key },
    );
    expect(byKey.status).toBe(400);
    expect(byKey.body.errors).toEqual({ order_by: ['The selected order by is invalid.'] });
    const noCategory = await t.request('GET', '/v1/articles?order_by=position', as());
    expect(noCategory.status).toBe(400);
    expect(Object.keys(noCategory.body.errors)).toEqual(['category_id']);
  });

  it('deleting a category through the session sends only category.deleted', async () => {
    const category = (
      await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Gone' } } })
    ).body.category;
    const a = await post({ title: { en: 'Filed' }, category_id: category.id });
    const from = await mark();
    const res = await t.request(
      'DELETE',
      `/v1/categories/${category.id}?on_orphan=uncategorize`,
      as(),
    );
    expect(res.status).toBe(200);
    expect((await siteEvents(t.ds, site, from)).map((e) => e.event)).toEqual(['category.deleted']);
    expect(
      (await t.request('GET', `/v1/articles/${a.id}`, { key })).body.article.category_id,
    ).toBeNull();
  });

  it('team_search finds every status and language, paged past 15; search keeps spec 4.4 for the session', async () => {
    const word = `zebrafish${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 18; i++) made.push(await post({ title: { en: `${word} ${i}` } }));
    const hidden = await post({
      title: { en: 'Private one', de: `Privat ${word}` },
      visibility: 'private',
    });
    // Trash is a status too (spec 2.3 rule 6): found, after the live ones, with its deleted_at.
    const trashed = made[3];
    await t.request('DELETE', `/v1/articles/${trashed.id}`, { key });
    const page1 = await t.request('GET', `/v1/articles?team_search=${word}&limit=10`, as());
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toMatchObject({ items_count: 19, total_pages: 2, per_page: 10 });
    const page2 = await t.request('GET', `/v1/articles?team_search=${word}&limit=10&page=2`, as());
    const all = [...page1.body.articles, ...page2.body.articles];
    const found = all.map((x: { id: number }) => x.id);
    expect([...found].sort()).toEqual([...made.map((a) => a.id), hidden.id].sort());
    expect(found[found.length - 1]).toBe(trashed.id);
    expect(all[all.length - 1].deleted_at).toEqual(expect.stringMatching(/^\d{4}-.+\+00:00$/));
    expect(all.filter((x: { deleted_at?: string }) => 'deleted_at' in x)).toHaveLength(1);
    const german = await t.request('GET', `/v1/articles?team_search=${word}&lang=de`, as());
    expect(german.body.articles.map((x: { id: number }) => x.id)).toEqual([hidden.id]);
    // Issue 40: team search forgives like search (a transposition is one edit).
    const typo = `${word.slice(0, 5)}${word[6]}${word[5]}${word.slice(7)}`;
    const forgiving = await t.request('GET', `/v1/articles?team_search=${typo}&limit=50`, as());
    expect(forgiving.body.meta.items_count).toBe(19);
    // Drafts are not found by spec 4.4's search, whoever asks.
    const search = await t.request('GET', `/v1/articles?search=${word}`, as());
    expect(search.body.meta.items_count).toBe(0);
  });

  it('team_search matches a synonym of several words only where every word of it stands', async () => {
    const tag = `q${Date.now().toString(36)}`;
    const put = await t.request('PUT', '/v1/search/synonyms', {
      key,
      body: { groups: [[`${tag}login`, 'sign in']] },
    });
    expect(put.status).toBe(200);
    const both = await post({ title: { en: 'Sign in with a passkey' } });
    const one = await post({ title: { en: 'Sign the contract' } });
    const other = await post({ title: { en: 'Log in elsewhere' } });
    const res = await t.request('GET', `/v1/articles?team_search=${tag}login&limit=50`, as());
    const ids = res.body.articles.map((x: { id: number }) => x.id);
    expect(ids).toContain(both.id);
    expect(ids).not.toContain(one.id);
    expect(ids).not.toContain(other.id);
  });

  it('the session reads and writes the stored HTML; keys keep spec 2.1’s stripping', async () => {
    const stored = `<p>Hi ${noteMark('m1', 'there')}</p>${internalNote('<p>Legal?</p>')}${aiDraft('<p>Maybe</p>')}`;
    const a = await post({ title: { en: 'Marked' } });
    const first = await t.request('GET', `/v1/articles/${a.id}`, as());
    const saved = await t.request('PATCH', `/v1/articles/${a.id}`, {
      ...as(),
      body: { content: { en: stored }, base_revision: first.body.article.revision },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.article.content.en).toBe(stored);
    expect((await t.request('GET', `/v1/articles/${a.id}`, as())).body.article.content.en).toBe(
      stored,
    );
    const byKey = await t.request('GET', `/v1/articles/${a.id}`, { key });
    expect(byKey.body.article.content.en).toBe('<p>Hi there</p>');
    expect(byKey.body.article.revision).toBeUndefined();
    const listed = await t.request('GET', '/v1/articles', as());
    expect(listed.body.articles.find((x: { id: number }) => x.id === a.id).content.en).toBe(stored);
  });

  it('revisions: opening writes nothing, a stale save answers 409 with the article, keys keep last-write-wins', async () => {
    const a = await post({ title: { en: 'Rev' } });
    const opened = await t.request('GET', `/v1/articles/${a.id}`, as());
    const rev = opened.body.article.revision as number;
    const from = await mark();
    await t.request('GET', `/v1/articles/${a.id}`, as());
    const again = await t.request('GET', `/v1/articles/${a.id}`, as());
    expect(again.body.article).toMatchObject({
      revision: rev,
      updated_at: opened.body.article.updated_at,
    });
    expect(await eventsSince(from)).toEqual([]);

    const missing = await t.request('PATCH', `/v1/articles/${a.id}`, {
      ...as(),
      body: { title: { en: 'No base' } },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      base_revision: ['The base_revision field is required.'],
    });

    const first = await t.request('PATCH', `/v1/articles/${a.id}`, {
      ...as(),
      body: { title: { en: 'Mine' }, base_revision: rev },
    });
    expect(first.body.article.revision).toBe(rev + 1);
    // Each save is an edit: article.updated.
    expect(await eventsSince(from)).toEqual([['article.updated', a.id]]);
    const stale = await t.request('PATCH', `/v1/articles/${a.id}`, {
      ...as(),
      body: { title: { en: 'Theirs' }, base_revision: rev },
    });
    expectError(stale, 409, 'revision_conflict', expect.any(String), {
      article: expect.objectContaining({ id: a.id, title: { en: 'Mine' }, revision: rev + 1 }),
    });
    // A key ignores base_revision: last write wins.
    const byKey = await t.request('PATCH', `/v1/articles/${a.id}`, {
      key,
      body: { title: { en: 'Key' }, base_revision: 1 },
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body.article.title.en).toBe('Key');
  });

  it('a Translator edits and releases other languages only; article-wide fields and the default language are 403', async () => {
    const session = await member('translator');
    const a = await post({ title: { en: 'Source', de: 'Quelle' } });
    const rev = (await t.request('GET', `/v1/articles/${a.id}`, { session, site: site.id })).body
      .article.revision;
    const ok = await t.request('PATCH', `/v1/articles/${a.id}`, {
      session,
      site: site.id,
      body: { title: { de: 'Neue Quelle' }, content: { de: '<p>Text</p>' }, base_revision: rev },
    });
    expect(ok.status).toBe(200);
    for (const body of [
      { title: { en: 'Changed source' }, base_revision: rev + 1 },
      { visibility: 'private', base_revision: rev + 1 },
      { published: true, base_revision: rev + 1 },
    ]) {
      expectError(
        await t.request('PATCH', `/v1/articles/${a.id}`, { session, site: site.id, body }),
        403,
        'role_forbidden',
      );
    }
    expectError(
      await t.request('POST', '/v1/articles', {
        session,
        site: site.id,
        body: { title: { de: 'Neu' } },
      }),
      403,
      'role_forbidden',
    );
    expectError(
      await t.request('POST', '/v1/dashboard/articles/actions', {
        session,
        site: site.id,
        body: { action: 'publish', ids: [a.id] },
      }),
      403,
      'role_forbidden',
    );
  });

  it('a Translator releases other languages, not the default; a Viewer reads the Trash but changes nothing', async () => {
    const translator = await member('translator');
    const viewer = await member('viewer');
    const a = await post({ title: { en: 'Two', de: 'Zwei' } });
    expect(
      (
        await t.request('POST', `/v1/articles/${a.id}/translations/de/release`, {
          session: translator,
          site: site.id,
        })
      ).status,
    ).toBe(200);
    expectError(
      await t.request('POST', `/v1/articles/${a.id}/translations/en/release`, {
        session: translator,
        site: site.id,
      }),
      403,
      'role_forbidden',
    );
    const [d] = await drafts(1);
    await act({ action: 'trash', ids: [d.id] });
    expect((await t.request('GET', '/v1/trash', { session: viewer, site: site.id })).status).toBe(
      200,
    );
    for (const [method, path] of [
      ['POST', `/v1/trash/${d.id}/restore`],
      ['DELETE', `/v1/trash/${d.id}`],
      ['DELETE', '/v1/trash'],
    ] as const) {
      expectError(
        await t.request(method, path, { session: viewer, site: site.id }),
        403,
        'role_forbidden',
      );
    }
    expect(
      (await t.request('GET', '/v1/trash', as())).body.articles.map((x: { id: number }) => x.id),
    ).toContain(d.id);
  });

  it('a Translator stages, discards and publishes other languages; the default and article-wide fields are 403', async () => {
    const session = await member('translator');
    const as2 = { session, site: site.id };
    const a = await post({ title: { en: 'Live', de: 'Live de' }, published: true });
    const staged = `/v1/articles/${a.id}/staged`;
    const ok = await t.request('PATCH', staged, { ...as2, body: { locale: 'de', title: 'Neu' } });
    expect(ok.status).toBe(200);
    for (const body of [
      { locale: 'en', title: 'New' },
      { locale: 'de', category_id: 0 },
      { locale: 'de', metadata: { title: { en: 'SEO' } } },
    ]) {
      expectError(await t.request('PATCH', staged, { ...as2, body }), 403, 'role_forbidden');
    }
    expectError(
      await t.request('POST', `${staged}/publish`, { ...as2, body: {} }),
      403,
      'role_forbidden',
    );
    expectError(await t.request('DELETE', staged, as2), 403, 'role_forbidden');
    const from = await mark();
    const published = await t.request('POST', `${staged}/publish`, {
      ...as2,
      body: { locale: 'de' },
    });
    expect(published.status).toBe(200);
    expect(await eventsSince(from)).toEqual([['article.updated', a.id]]);
  });

  it('a Translator publishing a staged language leaves others’ article-wide staged changes staged', async () => {
    const session = await member('translator');
    const as2 = { session, site: site.id };
    const a = await post({ title: { en: 'Wide', de: 'Breit' }, published: true });
    const staged = `/v1/articles/${a.id}/staged`;
    // An Editor (here a key) stages an article-wide change with the default language.
    const wide = await t.request('PATCH', staged, {
      key,
      body: { locale: 'en', title: 'Wide v2', visibility: 'private' },
    });
    expect(wide.status).toBe(200);
    expect(
      (await t.request('PATCH', staged, { ...as2, body: { locale: 'de', title: 'Neu' } })).status,
    ).toBe(200);

    const from = await mark();
    const published = await t.request('POST', `${staged}/publish`, {
      ...as2,
      body: { locale: 'de' },
    });
    expect(published.status).toBe(200);
    expect(published.body.published_locales).toEqual(['de']);
    expect(published.body.article).toMatchObject({
      title: { en: 'Wide', de: 'Neu' },
      visibility: 'public',
    });
    expect(await eventsSince(from)).toEqual([['article.updated', a.id]]);
    // The Editor's article-wide change is still staged, in step, and theirs to publish.
    const left = await t.request('GET', staged, { key });
    expect(left.body.staged).toEqual([
      expect.objectContaining({ locale: 'en', shared: { visibility: 'private' } }),
    ]);
    const editor = await t.request('POST', `${staged}/publish`, { key, body: { locale: 'en' } });
    expect(editor.status).toBe(200);
    expect(editor.body.article).toMatchObject({
      title: { en: 'Wide v2', de: 'Neu' },
      visibility: 'private',
    });
  });
});
