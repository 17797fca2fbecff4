import {
  createPublishedArticle,
  expectCountsTowardWrites,
  expectSuccess,
  lastSiteEventId,
  siteEvents,
  STAGING_SITE,
  useTwoSites,
  wordDiff,
} from '@hc/testing';
import type { TestApp, TestSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;
const API = 'http://localhost:8080/v1';

describe('article versions (spec 2.8, 3.2, 4.5)', () => {
  let t: TestApp, site: TestSite, key: string, otherKey: string;

  const published = (body: Record<string, unknown> = {}, k = key) =>
    createPublishedArticle(t, k, {
      title: { en: 'Versioned' },
      content: { en: '<p>First.</p>' },
      ...body,
    });
  /** Stages one language and publishes it: one new version of the replaced values. */
  const change = async (id: number, locale: string, body: Record<string, unknown>, k = key) => {
    const staged = await t.request('PATCH', `/v1/articles/${id}/staged`, {
      key: k,
      body: { locale, ...body },
    });
    expect(staged.status).toBe(200);
    const res = await t.request('POST', `/v1/articles/${id}/staged/publish`, {
      key: k,
      body: { locale },
    });
    expect(res.status).toBe(200);
    return res.body.article;
  };
  const versions = (id: number, query = '', k = key) =>
    t.request('GET', `/v1/articles/${id}/versions${query}`, { key: k });
  const restore = (id: number, versionId: number, k = key) =>
    t.request('POST', `/v1/articles/${id}/versions/${versionId}/restore`, { key: k });
  const lastEventId = (s: TestSite) => lastSiteEventId(t.ds, s);
  const eventsAfter = async (s: TestSite, id: number) =>
    (await siteEvents(t.ds, s, id)).map((e) => e.event);

  useTwoSites(
    createContentApi,
    { site: STAGING_SITE, freshKey: true },
    (s) => ({ t, site, key, otherKey } = s),
  );

  it('are created only by a staged publish and a restore, not by a direct edit', async () => {
    const a = await published();
    await t.request('PATCH', `/v1/articles/${a.id}`, {
      key,
      body: { title: { en: 'Edited directly' } },
    });
    expect((await versions(a.id)).body).toEqual({ status: 'success', versions: [] });
    await change(a.id, 'en', { title: 'Staged title' });
    const list = (await versions(a.id)).body.versions;
    expect(list).toEqual([
      {
        id: expect.any(Number),
        locale: 'en',
        title: 'Edited directly',
        published_at: expect.stringMatching(FORMAT_B),
        // Issue 24: null until the dispatcher has recorded the staged publish's entry.
        replaced_by: null,
        _links: {
          restore: {
            method: 'POST',
            url: `${API}/articles/${a.id}/versions/${list[0].id}/restore`,
          },
          compare: { method: 'GET', url: `${API}/articles/${a.id}/versions/${list[0].id}/compare` },
        },
      },
    ]);
  });

  it('keeps the 20 newest per language; lists newest first, 20 across languages by default, limit brought into 1–100, locale filter', async () => {
    const a = await published({ title: { en: 'Many versions', de: 'Viele Versionen' } });
    for (let i = 1; i <= 22; i++) await change(a.id, 'en', { title: `English ${i}` });
    await change(a.id, 'de', { title: 'Deutsch 1' });
    const [{ n }] = await t.ds.query(
      'SELECT COUNT(*) AS n FROM article_versions WHERE article_id = ? AND locale = ?',
      [a.id, 'en'],
    );
    expect(Number(n)).toBe(20);

    const byDefault = (await versions(a.id)).body.versions;
    expect(byDefault).toHaveLength(20);
    expect(byDefault[0]).toMatchObject({ locale: 'de', title: 'Viele Versionen' });
    expect(byDefault[1]).toMatchObject({ locale: 'en', title: 'English 21' });
    const ids = byDefault.map((v: { id: number }) => v.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    expect((await versions(a.id, '?limit=100')).body.versions).toHaveLength(21);
    expect((await versions(a.id, '?limit=500')).body.versions).toHaveLength(21);
    expect((await versions(a.id, '?limit=0')).body.versions).toHaveLength(1);
    expect((await versions(a.id, '?limit=-4')).body.versions).toHaveLength(1);
    const en = (await versions(a.id, '?locale=en&limit=100')).body.versions;
    expect(en).toHaveLength(20);
    expect(en[19].title).toBe('English 2'); // the oldest two went
    const de = (await versions(a.id, '?locale=de')).body.versions;
    expect(de.map((v: { title: string }) => v.title)).toEqual(['Viele Versionen']);
  });

  it('restore: live at once, the replaced values first kept as a new version, re-indexed, article.updated, status unchanged', async () => {
    const cat = (
      await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Old home' } } })
    ).body.category;
    const a = await published({
      title: { en: 'Original words' },
      content: { en: '<p>Original zebra text.</p>' },
      category_id: cat.id,
      metadata: { title: { en: 'Original SEO' } },
    });
    await change(a.id, 'en', {
      title: 'Newer words',
      slug: 'newer-words',
      content: '<p>Newer giraffe text.</p>',
      category_id: 0,
      visibility: 'private',
      metadata: { title: { en: '' } },
    });
    const redirects = async () =>
      (
        await t.ds.query('SELECT old_slug FROM slug_redirects WHERE article_id = ? ORDER BY id', [
          a.id,
        ])
      ).map((r: { old_slug: string }) => r.old_slug);
    expect(await redirects()).toEqual(['original-words']);
    const [v1] = (await versions(a.id)).body.versions;
    const mark = await lastEventId(site);
    const res = await restore(a.id, v1.id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const live = res.body.article;
    expect(live).toMatchObject({
      title: { en: 'Original words' },
      content: { en: '<p>Original zebra text.</p>' },
      category_id: cat.id,
      categories: [cat.id],
      visibility: 'public',
      published: true,
      metadata: { title: { en: 'Original SEO' }, description: {} },
    });
    expect(live.slug).toEqual({ en: 'original-words' });
    expect(await redirects()).toEqual(['newer-words']);
    expect(await eventsAfter(site, mark)).toEqual(['article.updated']);
    const [row] = await t.ds.query(
      'SELECT search_text FROM article_translations WHERE article_id = ? AND lang = ?',
      [a.id, 'en'],
    );
    expect(row.search_text).toContain('zebra');
    const after = (await versions(a.id)).body.versions;
    expect(after.map((v: { title: string }) => v.title)).toEqual(['Newer words', 'Original words']);
    // The replaced version stays in history and can itself be restored.
    const back = await restore(a.id, after[0].id);
    expect(back.body.article.title).toEqual({ en: 'Newer words' });
    expect(back.body.article.visibility).toBe('private');
    expect(back.body.article.slug).toEqual({ en: 'newer-words' });
    expect(await redirects()).toEqual(['original-words']);
  });

  it('a restore keeps a draft a draft', async () => {
    const a = await published({ title: { en: 'Goes draft' } });
    await change(a.id, 'en', { title: 'Goes draft 2' });
    await t.request('PATCH', `/v1/articles/${a.id}`, { key, body: { published: false } });
    const [v] = (await versions(a.id)).body.versions;
    const res = await restore(a.id, v.id);
    expect(res.body.article).toMatchObject({ published: false, title: { en: 'Goes draft' } });
  });

  it('another article’s version, or another site’s, answers 404 No such version for this article.', async () => {
    const a = await published({ title: { en: 'Mine' } });
    const b = await published({ title: { en: 'Other one' } });
    await change(b.id, 'en', { title: 'Other one 2' });
    const [vb] = (await versions(b.id)).body.versions;
    for (const res of [
      await restore(a.id, vb.id),
      await restore(a.id, 999999999),
      await t.request('GET', `/v1/articles/${a.id}/versions/${vb.id}/compare`, { key }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No such version for this article.');
    }
    const foreign = await restore(b.id, vb.id, otherKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Article not found.');
    const foreignList = await versions(b.id, '', otherKey);
    expect(foreignList.status).toBe(404);
    expect(foreignList.body.message).toBe('Article not found.');
  });

  it('restoring a version whose category was deleted fails with 500 (spec 7) and changes nothing', async () => {
    const cat = (
      await t.request('POST', '/v1/categories', { key, body: { name: { en: 'Doomed' } } })
    ).body.category;
    const a = await published({ title: { en: 'Categorised' }, category_id: cat.id });
    await change(a.id, 'en', { title: 'Categorised 2', category_id: 0 });
    const [v] = (await versions(a.id)).body.versions;
    expect((await t.request('DELETE', `/v1/categories/${cat.id}`, { key })).status).toBe(200);
    const res = await restore(a.id, v.id);
    expect(res.status).toBe(500);
    const live = (await t.request('GET', `/v1/articles/${a.id}`, { key })).body.article;
    expect(live.title).toEqual({ en: 'Categorised 2' });
    expect((await versions(a.id)).body.versions).toHaveLength(1);
  });

  it('compare: each field whose version value differs from the live one', async () => {
    const a = await published({ title: { en: 'Compare base' }, content: { en: '<p>Base.</p>' } });
    await change(a.id, 'en', { title: 'Compare next', type: 'faq' });
    const [v] = (await versions(a.id)).body.versions;
    const res = await t.request('GET', v._links.compare.url.replace(API, '/v1'), { key });
    expectSuccess(res, 200, {
      comparison: {
        article_id: a.id,
        version: v,
        locale: 'en',
        changes: [
          {
            field: 'title',
            live: 'Compare next',
            version: 'Compare base',
            old: 'Compare base',
            new: 'Compare next',
            diff: wordDiff('=Compare ', '-base', '+next'),
          },
          { field: 'type', live: 'faq', version: 'article', old: 'article', new: 'faq' },
        ],
      },
    });
  });

  it("compare (#25): word diff keeps HTML tags whole; ?to= compares two versions; another article's or site's version is 404", async () => {
    const a = await published({
      title: { en: 'Word diff' },
      content: { en: '<p class="lead">Hello big world.</p>' },
    });
    await change(a.id, 'en', {
      content: '<p class="lead">Hello <strong>small</strong> world.</p>',
    });
    await change(a.id, 'en', { title: 'Word diff three', content: '<h2>Hello world.</h2>' });
    const [v2, v1] = (await versions(a.id, '?locale=en')).body.versions;
    const live = await t.request('GET', `/v1/articles/${a.id}/versions/${v1.id}/compare`, { key });
    expect(live.status).toBe(200);
    const content = live.body.comparison.changes.find(
      (c: { field: string }) => c.field === 'content',
    );
    expect(content).toMatchObject({
      old: '<p class="lead">Hello big world.</p>',
      new: '<h2>Hello world.</h2>',
      diff: wordDiff(
        '-<p class="lead">',
        '+<h2>',
        '=Hello ',
        '-big ',
        '=world.',
        '-</p>',
        '+</h2>',
      ),
    });

    const between = await t.request(
      'GET',
      `/v1/articles/${a.id}/versions/${v1.id}/compare?to=${v2.id}`,
      { key },
    );
    expectSuccess(between, 200, {
      comparison: {
        article_id: a.id,
        version: v1,
        to: v2,
        locale: 'en',
        changes: [
          {
            field: 'content',
            old: '<p class="lead">Hello big world.</p>',
            new: '<p class="lead">Hello <strong>small</strong> world.</p>',
            diff: wordDiff(
              '=<p class="lead">Hello ',
              '-big',
              '+<strong>small</strong>',
              '= world.</p>',
            ),
          },
        ],
      },
    });

    const b = await published({ title: { en: 'Another' } });
    await change(b.id, 'en', { title: 'Another 2' });
    const [vb] = (await versions(b.id)).body.versions;
    const foreignOther = await published({ title: { en: 'Theirs' } }, otherKey);
    await change(foreignOther.id, 'en', { title: 'Theirs 2' }, otherKey);
    const [vo] = (await versions(foreignOther.id, '', otherKey)).body.versions;
    for (const url of [
      `/v1/articles/${a.id}/versions/${v1.id}/compare?to=${vb.id}`,
      `/v1/articles/${a.id}/versions/${v1.id}/compare?to=${vo.id}`,
      `/v1/articles/${a.id}/versions/${vo.id}/compare`,
      `/v1/articles/${a.id}/versions/${v1.id}/compare?to=abc`,
      `/v1/articles/${a.id}/versions/${v1.id}/compare?to=99999999999999999999`,
    ]) {
      const res = await t.request('GET', url, { key });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No such version for this article.');
    }
    const theirs = await t.request(
      'GET',
      `/v1/articles/${foreignOther.id}/versions/${vo.id}/compare?to=${v1.id}`,
      { key: otherKey },
    );
    expect(theirs.status).toBe(404);
  });

  it('reads compare’s `to` at the edge (CompareVersionsQuery): anything but a version id as sent is 404', async () => {
    const a = await published({ title: { en: 'Compared' } });
    await change(a.id, 'en', { title: 'Compared 2' });
    const [v1] = (await versions(a.id)).body.versions;
    for (const to of ['', '0', '%201', '1.0', '-1']) {
      const url = `/v1/articles/${a.id}/versions/${v1.id}/compare?to=${to}`;
      const res = await t.request('GET', url, { key });
      expect([to, res.status, res.body]).toEqual([
        to,
        404,
        { status: 'error', code: 'not_found', message: 'No such version for this article.' },
      ]);
    }
    expect(
      (await t.request('GET', `/v1/articles/${a.id}/versions/${v1.id}/compare`, { key })).status,
    ).toBe(200);
  });

  it('versions and restores are not plan-gated and count toward the 120 writes per minute', async () => {
    const s = await t.factory.site({ plan: 'growth' });
    const k = await t.factory.key(s);
    const a = await published({}, k);
    await expectCountsTowardWrites(() => versions(a.id, '', k), 1);
  });
});
