// Issue 34 item 7: strings as JSON allows them. A lone UTF-16 surrogate ("\ud800") is valid JSON
// but no UTF-8 text: each endpoint refuses it with its own 422 shape, and nothing is stored.
import { createPublishedArticle, TestApp, TestSite, useTwoSites } from '@hc/testing';
import { createContentApi } from './app.factory';

describe('lone surrogates in JSON strings (issue 34 item 7)', () => {
  let t: TestApp, site: TestSite, key: string;
  useTwoSites(createContentApi, { site: {}, other: {} }, (s) => ({ t, site, key } = s));

  const send = (method: string, path: string, raw: string) =>
    t.request(method, path, { key, raw, headers: { 'content-type': 'application/json' } });
  const count = async (table: string) =>
    Number(
      (await t.ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE site_id = ?`, [site.id]))[0].n,
    );

  it('creates answer shape (b) on the field’s path and store nothing', async () => {
    const before = [await count('articles'), await count('categories')];
    const article = await send('POST', '/v1/articles', '{"title":{"en":"\\ud800"}}');
    expect([article.status, article.body]).toEqual([
      422,
      {
        status: 'validation_error',
        message: 'The request could not be accepted.',
        errors: { 'title.en': ['The title.en field must be valid Unicode text.'] },
      },
    ]);
    const content = await send(
      'POST',
      '/v1/articles',
      '{"title":{"en":"Fine"},"content":{"en":"<p>a\\udc00b</p>"},"external_id":"x\\ud83d"}',
    );
    expect([content.status, content.body.errors]).toEqual([
      422,
      {
        'content.en': ['The content.en field must be valid Unicode text.'],
        external_id: ['The external id field must be valid Unicode text.'],
      },
    ]);
    const category = await send('POST', '/v1/categories', '{"name":{"en":"\\udc00\\ud800"}}');
    expect([category.status, category.body.status]).toEqual([422, 'validation_error']);
    expect([await count('articles'), await count('categories')]).toEqual(before);
    // A surrogate pair is one character (an emoji) and is stored as sent.
    const emoji = await send('POST', '/v1/articles', '{"title":{"en":"Hi \\ud83d\\ude00"}}');
    expect([emoji.status, emoji.body.article.title.en]).toEqual([201, 'Hi 😀']);
  });

  it('PATCH /articles/{id} answers shape (c) and changes nothing', async () => {
    const { id } = await createPublishedArticle(t, key, { title: { en: 'Kept' } });
    const res = await send(
      'PATCH',
      `/v1/articles/${id}`,
      '{"metadata":{"title":{"en":"\\ud800"}}}',
    );
    expect([res.status, res.body]).toEqual([
      422,
      {
        message: 'The metadata.title.en field must be valid Unicode text.',
        errors: {
          'metadata.title.en': ['The metadata.title.en field must be valid Unicode text.'],
        },
      },
    ]);
    const read = await t.request('GET', `/v1/articles/${id}`, { key });
    expect(read.body.article.title.en).toBe('Kept');
  });
});
