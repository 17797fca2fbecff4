import {
  createPublishedArticle,
  expectCountsTowardWrites,
  expectError,
  expectSuccess,
  lastSiteEventId,
  siteEvents,
  STAGING_SITE,
  useTwoSites,
  validationErrorBody,
  wordDiff,
} from '@hc/testing';
import type { TestApp, TestSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

const FORMAT_A = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;
const API = 'http://localhost:8080/v1';
const MATCHES_LIVE = expect.stringContaining('match the live article');

describe('staged changes (spec 2.7, 3.2, 4.5)', () => {
  let t: TestApp, site: TestSite, key: string, otherKey: string;

  const events = async (s: TestSite, afterId = 0) =>
    (await siteEvents(t.ds, s, afterId)).map(({ event, data }) => ({ event, data }));
  const lastEventId = (s: TestSite) => lastSiteEventId(t.ds, s);

  /** A published article, created through POST /articles. */
  const published = (body: Record<string, unknown> = {}, k = key) =>
    createPublishedArticle(t, k, {
      title: { en: 'Reset your password' },
      content: { en: '<p>Click reset.</p>' },
      ...body,
    });
  const stage = (id: number, body: unknown, k = key) =>
    t.request('PATCH', `/v1/articles/${id}/staged`, { key: k, body });
  const getStaged = (id: number, locale?: string, k = key) =>
    t.request('GET', `/v1/articles/${id}/staged${locale ? `?locale=${locale}` : ''}`, { key: k });
  const publish = (id: number, body: unknown = {}, k = key) =>
    t.request('POST', `/v1/articles/${id}/staged/publish`, { key: k, body });
  const discard = (id: number, locale?: string, k = key) =>
    t.request('DELETE', `/v1/articles/${id}/staged${locale ? `?locale=${locale}` : ''}`, {
      key: k,
    });
  /** The staged routes' validation answer: shape (b) with their `code` (spec 4.5). */
  const refusedWithCode = (errors: Record<string, string[]>) => ({
    ...validationErrorBody(errors),
    code: 'validation_error',
  });
  const article = async (id: number, k = key) =>
    (await t.request('GET', `/v1/articles/${id}`, { key: k })).body.article;

  // Every call here counts toward the 120 writes per minute: a fresh key per test.
  useTwoSites(
    createContentApi,
    { site: STAGING_SITE, freshKey: true },
    (s) => ({ t, site, key, otherKey } = s),
  );

  describe('PATCH /articles/{id}/staged', () => {
    it('stages a published article: every field of 2.7, no webhook, live article and updated_at untouched', async () => {
      const a = await published();
      const before = await article(a.id);
      const mark = await lastEventId(site);
      await new Promise((r) => setTimeout(r, 1100)); // a changed updated_at would show in format A
      const res = await stage(a.id, {
        locale: 'en',
        title: 'Reset a password',
        content: '<p>Press reset.</p>',
      });
      expectSuccess(res, 200, {
        staged: {
          article_id: a.id,
          locale: 'en',
          fields: { title: 'Reset a password', content: '<p>Press reset.</p>' },
          shared: [],
          release_translation: false,
          etag: expect.any(String),
          shared_etag: null,
          updated_at: expect.stringMatching(FORMAT_B),
          _links: {
            publish: { method: 'POST', url: `${API}/articles/${a.id}/staged/publish?locale=en` },
            discard: { method: 'DELETE', url: `${API}/articles/${a.id}/staged?locale=en` },
            compare: { method: 'GET', url: `${API}/articles/${a.id}/staged/compare?locale=en` },
          },
        },
      });
      expect(res.body.staged).not.toHaveProperty('base_signature');
      expect(await events(site, mark)).toEqual([]);
      const after = await article(a.id);
      expect(after.title).toEqual({ en: 'Reset your password' });
      expect(after.content).toEqual({ en: '<p>Click reset.</p>' });
      expect(after.updated_at).toBe(before.updated_at);
      expect(after.updated_at).toMatch(FORMAT_A);
      expect(after.has_staged_changes).toBe(true);
      expect(after.staged_locales).toEqual(['en']);
      expect(after.staged_updated_at).toMatch(FORMAT_B);
    });

    it('GET /articles?staged=1 lists the articles with staged changes of this site only (issue 39)', async () => {
      const [a, untouched, other] = [
        await published(),
        await published(),
        await published({}, otherKey),
      ];
      expect((await stage(a.id, { locale: 'en', title: 'Waiting' })).status).toBe(200);
      expect((await stage(other.id, { locale: 'en', title: 'Elsewhere' }, otherKey)).status).toBe(
        200,
      );
      const listed = async () =>
        (await t.request('GET', '/v1/articles?staged=1&limit=100', { key })).body.articles.map(
          (x: { id: number }) => x.id,
        );
      const ids = await listed();
      expect(ids).toContain(a.id);
      expect(ids).not.toContain(untouched.id);
      expect(ids).not.toContain(other.id);
      expect((await discard(a.id, 'en')).status).toBe(200);
      expect(await listed()).not.toContain(a.id);
      expect((await t.request('GET', '/v1/articles?staged=2', { key })).status).toBe(400);
    });

    it('refuses an article that is not published with 422 NOT_PUBLISHED', async () => {
      const draft = (
        await t.request('POST', '/v1/articles', { key, body: { title: { en: 'Draft' } } })
      ).body.article;
      const res = await stage(draft.id, { locale: 'en', title: 'New' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        status: 'error',
        code: 'NOT_PUBLISHED',
        message: expect.any(String),
      });
      expect((await getStaged(draft.id)).status).toBe(404);
    });

    it('a write equal to the live article answers 200 with staged null and deletes the copy', async () => {
      const a = await published();
      const none = await stage(a.id, { locale: 'en', title: 'Reset your password' });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ status: 'success', staged: null, message: MATCHES_LIVE });

      expect((await stage(a.id, { locale: 'en', title: 'Other' })).body.staged.fields).toEqual({
        title: 'Other',
      });
      const back = await stage(a.id, { locale: 'en', title: 'Reset your password' });
      expect(back.status).toBe(200);
      expect(back.body.staged).toBeNull();
      expect(back.body.message).toEqual(MATCHES_LIVE);
      const read = await getStaged(a.id);
      expect(read.status).toBe(404);
      expect(read.body.message).toBe('This article has no staged changes.');
      expect((await article(a.id)).has_staged_changes).toBe(false);
    });

    it('another write keeps the staged values, merges the new ones and gives a new etag', async () => {
      const a = await published();
      const first = (await stage(a.id, { locale: 'en', title: 'One' })).body.staged;
      const second = (await stage(a.id, { locale: 'en', content: '<p>Two</p>' })).body.staged;
      expect(second.fields).toEqual({ title: 'One', content: '<p>Two</p>' });
      expect(second.etag).not.toBe(first.etag);
      // Clearing the title (empty or null) is staged as null; content HTML is not converted.
      const third = (await stage(a.id, { locale: 'en', title: '', content: '# Not markdown' })).body
        .staged;
      expect(third.fields).toEqual({ title: null, content: '# Not markdown' });
    });

    it('ignores unknown fields and refuses change_set_id with 422 CHANGE_SETS_UNAVAILABLE', async () => {
      const a = await published();
      const res = await stage(a.id, {
        locale: 'en',
        title: 'Known',
        colour: 'blue',
        fields: { x: 1 },
      });
      expect(res.status).toBe(200);
      expect(res.body.staged.fields).toEqual({ title: 'Known' });
      const cs = await stage(a.id, { locale: 'en', title: 'X', change_set_id: 5 });
      expect(cs.status).toBe(422);
      expect(cs.body).toMatchObject({
        status: 'error',
        code: 'CHANGE_SETS_UNAVAILABLE',
        message: expect.any(String),
      });
      expect((await getStaged(a.id, 'en')).body.staged.fields).toEqual({ title: 'Known' });
    });

    it('reads the locale and limit queries at the edge, with the staged code', async () => {
      const a = await published();
      const refused = refusedWithCode({ locale: ['The selected locale is invalid.'] });
      for (const [method, path] of [
        ['GET', `/v1/articles/${a.id}/staged?locale=pt-BR`],
        ['GET', `/v1/articles/${a.id}/staged/compare?locale=xx`],
        ['DELETE', `/v1/articles/${a.id}/staged?locale[]=en`],
        ['GET', `/v1/articles/${a.id}/versions?locale=zz`],
      ]) {
        const res = await t.request(method, path, { key });
        expect([res.status, res.body]).toEqual([422, refused]);
      }
      const limit = await t.request('GET', `/v1/articles/${a.id}/versions?limit=ten`, { key });
      expect([limit.status, limit.body.errors]).toEqual([
        422,
        { limit: ['The limit field must be an integer.'] },
      ]);
      for (const q of ['limit=0', 'limit=500', 'limit=', 'locale=']) {
        const res = await t.request('GET', `/v1/articles/${a.id}/versions?${q}`, { key });
        expect(res.status).toBe(200);
      }
      // A path that cannot be an id answers its 404 before the query is judged.
      const bad = await t.request('GET', '/v1/articles/abc/staged?locale=xx', { key });
      expect(bad.status).toBe(404);
    });

    it('needs a supported locale, even one not enabled on the site', async () => {
      const a = await published();
      const missing = await stage(a.id, { title: 'X' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ locale: ['The locale field is required.'] });
      const unknown = await stage(a.id, { locale: 'pt-BR', title: 'X' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ locale: ['The selected locale is invalid.'] });
      const french = await stage(a.id, {
        locale: 'fr',
        title: 'Réinitialiser',
        content: '<p>Cliquez.</p>',
      });
      expect(french.status).toBe(200);
      expect(french.body.staged.locale).toBe('fr');
    });

    it('makes slugs valid and unique (up to 190), and an empty slug from the title', async () => {
      await published({ title: { en: 'Taken slug' } });
      const a = await published({ title: { en: 'Slugged' } });
      const valid = (await stage(a.id, { locale: 'en', slug: '  Hello World!! ' })).body.staged;
      expect(valid.fields).toEqual({ slug: 'hello-world', has_custom_slug: true });
      const unique = (await stage(a.id, { locale: 'en', slug: 'taken slug' })).body.staged;
      expect(unique.fields.slug).toBe('taken-slug-2');
      const fromTitle = (await stage(a.id, { locale: 'en', title: 'Brand new name', slug: '' }))
        .body.staged;
      // has_custom_slug goes back to false, which is the live value, so it is no longer staged.
      expect(fromTitle.fields).toEqual({ title: 'Brand new name', slug: 'brand-new-name' });
      const long = await stage(a.id, { locale: 'en', slug: 'a'.repeat(191) });
      expect(long.status).toBe(422);
      expect(long.body.errors.slug).toEqual([
        'The slug field must not be greater than 190 characters.',
      ]);
      expect(
        (await stage(a.id, { locale: 'en', slug: 'b'.repeat(190) })).body.staged.fields.slug,
      ).toBe('b'.repeat(190));
    });

    it('stages article-wide fields in `shared`, metadata merged per language of the site', async () => {
      const a = await published({
        title: { en: 'Wide', de: 'Weit' },
        metadata: { title: { en: 'SEO en' } },
      });
      const res = await stage(a.id, {
        locale: 'de',
        visibility: 'private',
        type: 'faq',
        metadata: { title: { de: 'SEO de' }, description: { en: 'About' } },
      });
      expect(res.status).toBe(200);
      expect(res.body.staged.fields).toEqual([]);
      expect(res.body.staged.shared).toEqual({
        visibility: 'private',
        type: 'faq',
        metadata: { title: { de: 'SEO de' }, description: { en: 'About' } },
      });
      expect(res.body.staged.shared_etag).toEqual(expect.any(String));
      const merged = await stage(a.id, { locale: 'de', metadata: { title: { en: '' } } });
      expect(merged.body.staged.shared.metadata).toEqual({
        title: { de: 'SEO de', en: null },
        description: { en: 'About' },
      });
      // Languages of metadata must be enabled on the site (spec 2.1 message).
      const fr = await stage(a.id, { locale: 'de', metadata: { title: { fr: 'Titre' } } });
      expect(fr.status).toBe(400);
      expect(fr.body.message).toBe('Unsupported language key "fr" provided.');
      const long = await stage(a.id, { locale: 'de', metadata: { title: { de: 'x'.repeat(61) } } });
      expect(long.status).toBe(422);
      expect(long.body.errors).toEqual({
        'metadata.title.de': [
          'The metadata.title.de field must not be greater than 60 characters.',
        ],
      });
      // The article-wide block shows on every copy.
      await stage(a.id, { locale: 'en', title: 'Wide two' });
      const all = (await getStaged(a.id)).body.staged;
      expect(all.map((c: { locale: string }) => c.locale)).toEqual(['de', 'en']);
      expect(all[1].shared).toEqual(all[0].shared);
      expect(all[1].shared_etag).toBe(all[0].shared_etag);
    });

    it('checks etag and shared_etag: 409 STALE_ETAG with scope and the current tag; without them the last write wins', async () => {
      const a = await published();
      const first = (
        await stage(a.id, { locale: 'en', title: 'A', etag: 'none', shared_etag: 'none' })
      ).body.staged;
      const stale = await stage(a.id, { locale: 'en', title: 'B', etag: 'old-etag' });
      expectError(stale, 409, 'STALE_ETAG', expect.any(String), {
        scope: 'locale',
        etag: first.etag,
      });
      const second = (await stage(a.id, { locale: 'en', title: 'B', etag: first.etag })).body
        .staged;
      expect(second.fields.title).toBe('B');
      const wide = (await stage(a.id, { locale: 'en', type: 'faq', shared_etag: 'none' })).body
        .staged;
      const staleShared = await stage(a.id, { locale: 'en', type: 'article', shared_etag: 'none' });
      expectError(staleShared, 409, 'STALE_ETAG', expect.any(String), {
        scope: 'shared',
        shared_etag: wide.shared_etag,
      });
      // Both left out: the last write wins.
      const last = await stage(a.id, { locale: 'en', title: 'C', visibility: 'private' });
      expect(last.status).toBe(200);
      expect(last.body.staged.fields.title).toBe('C');
      expect(last.body.staged.shared).toEqual({ type: 'faq', visibility: 'private' });
    });

    it('validates field types with 422', async () => {
      const a = await published();
      const res = await stage(a.id, {
        locale: 'en',
        visibility: 'secret',
        type: 'page',
        categories: 'x',
        release_translation: 'yes',
        audio_file: 'not a url',
      });
      expect(res.status).toBe(422);
      expect(res.body.status).toBe('validation_error');
      expect(Object.keys(res.body.errors).sort()).toEqual([
        'audio_file',
        'categories',
        'release_translation',
        'type',
        'visibility',
      ]);
    });

    it('answers 404 Article not found for an unknown or foreign article', async () => {
      const mine = await published({}, otherKey);
      for (const id of [mine.id, 999999999]) {
        const res = await stage(id, { locale: 'en', title: 'X' });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Article not found.');
      }
    });
  });

  describe('plan gate', () => {
    it('staging needs Catalyst with early preview: 403 STAGING_UNAVAILABLE; reads, publish, discard and versions are not gated', async () => {
      for (const options of [
        { plan: 'growth' as const, stagingPreview: true },
        { plan: 'catalyst' as const, stagingPreview: false },
      ]) {
        const s = await t.factory.site(options);
        const k = await t.factory.key(s);
        const a = await published({}, k);
        const res = await stage(a.id, { locale: 'en', title: 'X' }, k);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ status: 'error', code: 'STAGING_UNAVAILABLE' });
        expect(res.body.message).toMatch(/staged changes are not included in .*plan/i);
        // The plan is checked before the body is judged at the edge.
        expect((await stage(a.id, { locale: 'xx', title: 5 }, k)).status).toBe(403);
        expect((await getStaged(a.id, undefined, k)).status).toBe(404);
        expect((await discard(a.id, undefined, k)).status).toBe(404);
        expect((await publish(a.id, {}, k)).status).toBe(422);
        expect((await t.request('GET', `/v1/articles/${a.id}/versions`, { key: k })).status).toBe(
          200,
        );
      }
    });
  });

  it('after a downgrade, existing copies can still be read, compared, published and discarded; only staging is refused', async () => {
    const s = await t.factory.site(STAGING_SITE);
    const k = await t.factory.key(s);
    const a = await published({ title: { en: 'Downgraded', de: 'Herabgestuft' } }, k);
    await stage(a.id, { locale: 'en', title: 'Downgraded 2' }, k);
    await stage(a.id, { locale: 'de', title: 'Herabgestuft 2' }, k);
    await t.ds.query("UPDATE sites SET plan = 'growth' WHERE id = ?", [s.id]);
    expect((await stage(a.id, { locale: 'en', title: 'Downgraded 3' }, k)).status).toBe(403);
    expect((await getStaged(a.id, 'en', k)).status).toBe(200);
    expect((await t.request('GET', `/v1/articles/${a.id}/staged/compare`, { key: k })).status).toBe(
      200,
    );
    expect((await publish(a.id, { locale: 'en' }, k)).status).toBe(200);
    expect((await discard(a.id, 'de', k)).body.discarded).toBe(1);
  });

  it('an article in the Trash answers 404 Article not found; its copies come back with it', async () => {
    const a = await published({ title: { en: 'Trashed with copy' } });
    await stage(a.id, { locale: 'en', title: 'Kept copy' });
    expect((await t.request('DELETE', `/v1/articles/${a.id}`, { key })).status).toBe(200);
    for (const res of [
      await getStaged(a.id),
      await stage(a.id, { locale: 'en', title: 'X' }),
      await publish(a.id),
      await discard(a.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Article not found.');
    }
    await t.ds.query('UPDATE articles SET deleted_at = NULL WHERE id = ?', [a.id]);
    expect((await getStaged(a.id, 'en')).body.staged.fields).toEqual({ title: 'Kept copy' });
  });

  describe('GET /articles/{id}/staged', () => {
    it('one object with locale, else an array sorted by language code; the two 404 messages', async () => {
      const a = await published({ title: { en: 'Sorted', de: 'Sortiert' } });
      await stage(a.id, { locale: 'en', title: 'E' });
      await stage(a.id, { locale: 'fr', title: 'F' });
      await stage(a.id, { locale: 'de', title: 'D' });
      const one = await getStaged(a.id, 'fr');
      expect(one.status).toBe(200);
      expect(one.body.staged.locale).toBe('fr');
      expect(one.body.staged.fields).toEqual({ title: 'F' });
      const all = await getStaged(a.id);
      expect(all.body.staged.map((c: { locale: string }) => c.locale)).toEqual(['de', 'en', 'fr']);
      const none = await getStaged(a.id, 'es');
      expect(none.status).toBe(404);
      expect(none.body).toMatchObject({
        status: 'error',
        message: 'This article has no staged changes for that language.',
      });
      const b = await published();
      const nothing = await getStaged(b.id);
      expect(nothing.status).toBe(404);
      expect(nothing.body.message).toBe('This article has no staged changes.');
      const unknown = await getStaged(999999999);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Article not found.');
      // Another site sees nothing of it.
      const foreign = await getStaged(a.id, undefined, otherKey);
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Article not found.');
    });

    it('counts toward the 120 writes per minute', async () => {
      const a = await published();
      await stage(a.id, { locale: 'en', title: 'Counted' });
      await expectCountsTowardWrites(() => getStaged(a.id), 2);
    });
  });

  describe('DELETE /articles/{id}/staged', () => {
    it('discards one language or all, sends nothing, keeps article-wide changes on the other languages', async () => {
      const a = await published({ title: { en: 'Discard', de: 'Verwerfen' } });
      await stage(a.id, { locale: 'en', title: 'E', category_id: 0, type: 'faq' });
      await stage(a.id, { locale: 'de', title: 'D' });
      const mark = await lastEventId(site);
      const one = await discard(a.id, 'en');
      expect(one.status).toBe(200);
      expect(one.body.status).toBe('success');
      expect(one.body.discarded).toBe(1);
      expect(one.body.article.id).toBe(a.id);
      expect(one.body.article.staged_locales).toEqual(['de']);
      const de = (await getStaged(a.id, 'de')).body.staged;
      expect(de.shared).toEqual({ type: 'faq' });
      const rest = await discard(a.id);
      expect(rest.body.discarded).toBe(1);
      expect(rest.body.article.has_staged_changes).toBe(false);
      expect(rest.body.article.staged_updated_at).toBeNull();
      expect(await events(site, mark)).toEqual([]);
      const none = await discard(a.id);
      expect(none.status).toBe(404);
      expect(none.body).toMatchObject({
        status: 'error',
        message: 'This article has no staged changes to discard.',
      });
      expect((await t.request('GET', `/v1/articles/${a.id}`, { key })).body.article.type).toBe(
        'article',
      );
    });

    it('discarding every language counts them and removes the article-wide block', async () => {
      const a = await published({ title: { en: 'All', de: 'Alle' } });
      await stage(a.id, { locale: 'en', title: 'E', visibility: 'private' });
      await stage(a.id, { locale: 'de', title: 'D' });
      expect((await discard(a.id)).body.discarded).toBe(2);
      expect((await stage(a.id, { locale: 'en', title: 'Again' })).body.staged.shared).toEqual([]);
    });
  });

  describe('POST /articles/{id}/staged/publish', () => {
    it('makes the changes live: re-index, one article.updated, slug redirect, replaced text kept as a version', async () => {
      const a = await published({ title: { en: 'Forgot my password' } });
      await stage(a.id, {
        locale: 'en',
        title: 'Recover your account',
        slug: 'recover-account',
        content: '<p>Use recovery codes.</p>',
      });
      const mark = await lastEventId(site);
      const res = await publish(a.id, { locale: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.published_locales).toEqual(['en']);
      const live = res.body.article;
      expect(live.title).toEqual({ en: 'Recover your account' });
      expect(live.slug).toEqual({ en: 'recover-account' });
      expect(live.content).toEqual({ en: '<p>Use recovery codes.</p>' });
      expect(live.has_staged_changes).toBe(false);
      expect(live.published).toBe(true);
      const sent = await events(site, mark);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        event: 'article.updated',
        data: { id: a.id, title: 'Recover your account', slug: 'recover-account' },
      });
      const [text] = await t.ds.query(
        'SELECT search_text FROM article_translations WHERE article_id = ? AND lang = ?',
        [a.id, 'en'],
      );
      expect(text.search_text).toContain('Use recovery codes.');
      const found = await t.request('GET', '/v1/articles?search=recovery', { key });
      expect(found.body.articles.map((x: { id: number }) => x.id)).toContain(a.id);
      const redirects = await t.ds.query(
        'SELECT lang, old_slug, article_id FROM slug_redirects WHERE site_id = ?',
        [site.id],
      );
      expect(redirects).toContainEqual({
        lang: 'en',
        old_slug: 'forgot-my-password',
        article_id: a.id,
      });
      const versions = (await t.request('GET', `/v1/articles/${a.id}/versions`, { key })).body
        .versions;
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ locale: 'en', title: 'Forgot my password' });
      expect((await getStaged(a.id)).status).toBe(404);
    });

    it('publishes every staged language without locale; article-wide changes apply with any language; release_translation releases', async () => {
      const cat = (
        await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Accounts' } } })
      ).body.category;
      const a = await published({ title: { en: 'Both', de: 'Beide' } });
      expect(a.published_translations).toEqual(['en']);
      await stage(a.id, {
        locale: 'de',
        title: 'Beide neu',
        release_translation: true,
        category_id: cat.id,
        metadata: { description: { de: 'Über' } },
      });
      await stage(a.id, { locale: 'en', title: 'Both new' });
      const de = await publish(a.id, { locale: 'de' });
      expect(de.status).toBe(200);
      expect(de.body.published_locales).toEqual(['de']);
      expect(de.body.article.category_id).toBe(cat.id);
      expect(de.body.article.metadata.description).toEqual({ de: 'Über' });
      expect(de.body.article.published_translations).toEqual(['en', 'de']);
      expect(de.body.article.title).toEqual({ en: 'Both', de: 'Beide neu' });
      // The English copy was in step with the live article, so it still publishes without force.
      const en = (await getStaged(a.id, 'en')).body.staged;
      expect(en.shared).toEqual([]);
      const rest = await publish(a.id);
      expect(rest.status).toBe(200);
      expect(rest.body.published_locales).toEqual(['en']);
      expect(rest.body.article.title).toEqual({ en: 'Both new', de: 'Beide neu' });
    });

    it('publishing all languages at once sends one event and answers every language', async () => {
      const a = await published({ title: { en: 'Many', de: 'Viele' } });
      await stage(a.id, { locale: 'en', title: 'Many 2' });
      await stage(a.id, { locale: 'de', title: 'Viele 2', type: 'faq' });
      const mark = await lastEventId(site);
      const res = await publish(a.id);
      expect(res.body.published_locales).toEqual(['de', 'en']);
      expect(res.body.article.type).toBe('faq');
      expect((await events(site, mark)).map((e: { event: string }) => e.event)).toEqual([
        'article.updated',
      ]);
    });

    it('409 BASE_CHANGED when the live article changed since staging; force overwrites', async () => {
      const a = await published();
      await stage(a.id, { locale: 'en', content: '<p>Staged text.</p>' });
      await t.request('PATCH', `/v1/articles/${a.id}`, {
        key,
        body: { content: { en: '<p>Edited live.</p>' } },
      });
      const refused = await publish(a.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        status: 'error',
        code: 'BASE_CHANGED',
        message: expect.stringContaining('force'),
      });
      expect((await getStaged(a.id, 'en')).status).toBe(200);
      expect((await article(a.id)).content).toEqual({ en: '<p>Edited live.</p>' });
      const forced = await publish(a.id, { force: true });
      expect(forced.status).toBe(200);
      expect(forced.body.article.content).toEqual({ en: '<p>Staged text.</p>' });
    });

    it('refusals: nothing staged, language not staged, no title left, author not on the team, category of another site', async () => {
      const a = await published();
      const nothing = await publish(a.id);
      expectError(nothing, 422, 'NO_STAGED_CHANGES', 'This article has no staged changes.');
      await stage(a.id, { locale: 'en', title: '' });
      const lang = await publish(a.id, { locale: 'de' });
      expect(lang.status).toBe(422);
      expect(lang.body.message).toBe('This article has no staged changes for that language.');
      const noTitle = await publish(a.id);
      expect(noTitle.status).toBe(422);
      expect(noTitle.body).toMatchObject({ status: 'error', code: 'NO_TITLE' });
      expect(noTitle.body.message).toMatch(/no title in any language/);

      const stranger = await t.factory.user();
      await stage(a.id, { locale: 'en', title: 'Titled', author_id: stranger.id });
      const author = await publish(a.id);
      expect(author.status).toBe(422);
      expect(author.body).toMatchObject({ status: 'error', code: 'AUTHOR_NOT_ON_TEAM' });
      expect(author.body.message).toMatch(/author is not a member/i);

      const foreignCat = (
        await t.request('POST', '/v1/categories', {
          key: otherKey,
          body: { name: { en: 'Theirs' } },
        })
      ).body.category;
      await stage(a.id, { locale: 'en', author_id: site.owner.id, category_id: foreignCat.id });
      const category = await publish(a.id);
      expect(category.status).toBe(422);
      expect(category.body).toMatchObject({ status: 'error', code: 'CATEGORY_INVALID' });
      expect(category.body.message).toMatch(/category does not belong to this site/i);
      expect((await article(a.id)).title).toEqual({ en: 'Reset your password' });

      const body = await publish(a.id, { force: 'yes' });
      expect(body.status).toBe(422);
      expect(body.body.errors).toEqual({ force: ['The force field must be true or false.'] });
      // Read at the edge (DTO): every wrong field gets its message, with the staged `code`.
      const both = await publish(a.id, { locale: 'no such', force: 1 });
      expect(both.status).toBe(422);
      expect(both.body).toEqual(
        refusedWithCode({
          locale: ['The selected locale is invalid.'],
          force: ['The force field must be true or false.'],
        }),
      );
    });

    it('clearing a title removes that language when another one keeps a title', async () => {
      const a = await published({ title: { en: 'Keep', de: 'Weg' } });
      await stage(a.id, { locale: 'de', title: null });
      const res = await publish(a.id);
      expect(res.status).toBe(200);
      expect(res.body.article.title).toEqual({ en: 'Keep' });
    });

    it('a new language needs a staged title; then it is created (unreleased unless release_translation)', async () => {
      const a = await published();
      await stage(a.id, { locale: 'de', content: '<p>Nur Inhalt</p>' });
      const refused = await publish(a.id);
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('TITLE_REQUIRED');
      await stage(a.id, {
        locale: 'de',
        title: 'Neu',
        audio_file: 'https://cdn.example.test/de.mp3',
      });
      const res = await publish(a.id);
      expect(res.status).toBe(200);
      expect(res.body.article.title).toEqual({ en: 'Reset your password', de: 'Neu' });
      expect(res.body.article.slug.de).toBe('neu');
      expect(res.body.article.published_translations).toEqual(['en']);
      const [row] = await t.ds.query(
        'SELECT audio_file FROM article_translations WHERE article_id = ? AND lang = ?',
        [a.id, 'de'],
      );
      expect(row.audio_file).toBe('https://cdn.example.test/de.mp3');
    });

    it('an article unpublished after staging keeps its copy, refuses more staging with ARTICLE_UNPUBLISHED, publish applies and it stays unpublished', async () => {
      const a = await published();
      await stage(a.id, { locale: 'en', title: 'Staged before' });
      await t.request('PATCH', `/v1/articles/${a.id}`, { key, body: { published: false } });
      expect((await getStaged(a.id, 'en')).body.staged.fields).toEqual({ title: 'Staged before' });
      const refused = await stage(a.id, { locale: 'en', title: 'More' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ status: 'error', code: 'ARTICLE_UNPUBLISHED' });
      // Unpublishing changed the live article's status only, which is not part of the base.
      const res = await publish(a.id);
      expect(res.status).toBe(200);
      expect(res.body.article.title).toEqual({ en: 'Staged before' });
      expect(res.body.article.published).toBe(false);
    });

    it('another site cannot read, publish or discard the copies', async () => {
      const a = await published();
      await stage(a.id, { locale: 'en', title: 'Private plan' });
      for (const res of [
        await publish(a.id, {}, otherKey),
        await discard(a.id, undefined, otherKey),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Article not found.');
      }
      expect((await getStaged(a.id, 'en')).body.staged.fields).toEqual({ title: 'Private plan' });
    });
  });

  describe('GET /articles/{id}/staged/compare', () => {
    it('lists each field whose staged value differs from the live one, and whether the base changed', async () => {
      const a = await published({
        title: { en: 'Compare me' },
        metadata: { title: { en: 'Old SEO' } },
      });
      const staged = (
        await stage(a.id, {
          locale: 'en',
          title: 'Compared',
          visibility: 'private',
          release_translation: true,
          metadata: { title: { en: 'New SEO' } },
        })
      ).body.staged;
      const res = await t.request('GET', staged._links.compare.url.replace(API, '/v1'), { key });
      expectSuccess(res, 200, {
        comparison: {
          article_id: a.id,
          locale: 'en',
          base_changed: false,
          changes: [
            {
              field: 'title',
              live: 'Compare me',
              staged: 'Compared',
              old: 'Compare me',
              new: 'Compared',
              diff: wordDiff('-Compare me', '+Compared'),
            },
            {
              field: 'visibility',
              live: 'public',
              staged: 'private',
              old: 'public',
              new: 'private',
            },
            {
              field: 'metadata.title.en',
              live: 'Old SEO',
              staged: 'New SEO',
              old: 'Old SEO',
              new: 'New SEO',
            },
          ],
          _links: staged._links,
        },
      });
      await t.request('PATCH', `/v1/articles/${a.id}`, {
        key,
        body: { title: { en: 'Changed live' } },
      });
      const all = await t.request('GET', `/v1/articles/${a.id}/staged/compare`, { key });
      expect(all.body.comparisons).toHaveLength(1);
      expect(all.body.comparisons[0].base_changed).toBe(true);
      expect(all.body.comparisons[0].changes[0]).toEqual({
        field: 'title',
        live: 'Changed live',
        staged: 'Compared',
        old: 'Changed live',
        new: 'Compared',
        diff: wordDiff('-Changed live', '+Compared'),
      });
      const none = await t.request('GET', `/v1/articles/${a.id}/staged/compare?locale=de`, { key });
      expect(none.status).toBe(404);
      expect(none.body.message).toBe('This article has no staged changes for that language.');
    });

    it('content changes carry a word diff with tags whole (#25); another site sees none of it', async () => {
      const a = await published({ content: { en: '<p>Keep <em>this</em> text.</p>' } });
      await stage(a.id, { locale: 'en', content: '<p>Keep <em>that</em> text.</p>' });
      const res = await t.request('GET', `/v1/articles/${a.id}/staged/compare?locale=en`, { key });
      expect(res.body.comparison.changes).toEqual([
        {
          field: 'content',
          live: '<p>Keep <em>this</em> text.</p>',
          staged: '<p>Keep <em>that</em> text.</p>',
          old: '<p>Keep <em>this</em> text.</p>',
          new: '<p>Keep <em>that</em> text.</p>',
          diff: wordDiff('=<p>Keep <em>', '-this', '+that', '=</em> text.</p>'),
        },
      ]);
      const foreign = await t.request('GET', `/v1/articles/${a.id}/staged/compare`, {
        key: otherKey,
      });
      expect(foreign.status).toBe(404);
    });
  });
});
