import { TestApp, useTwoSites } from '@hc/testing';
import { createContentApi } from '../app.factory';

describe('search synonyms: GET and PUT /search/synonyms (issue 40)', () => {
  let t: TestApp, key: string, otherKey: string;

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] }, other: {} },
    (s) => ({ t, key, otherKey } = s),
  );

  const search = (q: string, k = key) =>
    t.request('GET', `/v1/articles?search=${encodeURIComponent(q)}`, { key: k });
  const titles = (res: { body: { articles: { title: Record<string, string> }[] } }) =>
    res.body.articles.map((a) => a.title.en);

  it('a synonym group makes each word find the others, for this site and language only', async () => {
    const post = (k: string, title: string) =>
      t.request('POST', '/v1/articles', {
        key: k,
        body: { title: { en: title }, published: true },
      });
    expect((await post(key, 'Download an invoice')).status).toBe(201);
    expect((await post(otherKey, 'Download an invoice')).status).toBe(201);
    expect(titles(await search('bill'))).toEqual([]);

    const put = await t.request('PUT', '/v1/search/synonyms', {
      key,
      body: {
        groups: [
          ['Invoice', 'bill', 'Rëceipt'],
          ['sign in', 'login'],
        ],
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      status: 'success',
      lang: 'en',
      groups: [
        ['bill', 'invoice', 'receipt'],
        ['login', 'sign in'],
      ],
    });
    expect(titles(await search('bill'))).toEqual(['Download an invoice']);
    expect(titles(await search('receipt'))).toEqual(['Download an invoice']);
    // A synonym of several words: the query's words in sequence find it, and it finds an
    // article only with each of its words ("sign" alone is no "sign in").
    expect((await post(key, 'Sign in with a passkey')).status).toBe(201);
    expect((await post(key, 'Sign the contract')).status).toBe(201);
    expect((await post(key, 'Login troubles')).status).toBe(201);
    expect(titles(await search('login'))).toEqual(['Login troubles', 'Sign in with a passkey']);
    const signIn = titles(await search('how to sign in '));
    expect(signIn).toHaveLength(3);
    expect(signIn[2]).toBe('Login troubles');
    // One site's synonyms never change another site's search.
    expect(titles(await search('bill', otherKey))).toEqual([]);
    const read = await t.request('GET', '/v1/search/synonyms?lang=de', { key });
    expect(read.body).toEqual({ status: 'success', lang: 'de', groups: [] });
    const other = await t.request('GET', '/v1/search/synonyms', { key: otherKey });
    expect(other.body.groups).toEqual([]);

    expect(
      (await t.request('PUT', '/v1/search/synonyms', { key, body: { groups: [] } })).body.groups,
    ).toEqual([]);
    expect(titles(await search('bill'))).toEqual([]);
  });

  it('refuses a bad shape or a language the site lacks with a clear 4xx', async () => {
    for (const groups of [
      'bill',
      [['one']],
      [['a', '']],
      [['a', 'x'.repeat(65)]],
      [[1, 2]],
      Array.from({ length: 501 }, () => ['a', 'b']),
    ]) {
      const res = await t.request('PUT', '/v1/search/synonyms', { key, body: { groups } });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('The groups field must be a list');
    }
    const lang = await t.request('PUT', '/v1/search/synonyms', {
      key,
      body: { lang: 'fr', groups: [] },
    });
    expect(lang.status).toBe(400);
    expect((await t.request('GET', '/v1/search/synonyms?lang=xx', { key })).status).toBe(400);
  });
});
