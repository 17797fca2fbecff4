import {
  expectNotFound,
  expectSuccess,
  expectValidationErrors,
  siteEventCount,
  TestApp,
  TestSite,
  useTwoSites,
} from '@hc/testing';
import { createContentApi } from '../app.factory';

/** The ratings of an article nobody rated. */
const NO_RATINGS = { thumbs_up: 0, thumbs_down: 0, love: 0 };

describe('reader feedback: POST /articles/{id}/feedback (spec 4.4, 2.3 ratings)', () => {
  let t: TestApp, site: TestSite, key: string, otherKey: string;
  let readKey: string, article: number, otherArticle: number;

  const rate = (id: number | string, body: unknown, k = key) =>
    t.request('POST', `/v1/articles/${id}/feedback`, { key: k, body });
  const ratings = async (id: number, k = key) =>
    (await t.request('GET', `/v1/articles/${id}`, { key: k })).body.article.ratings;

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] }, other: {} },
    (s) => ({ t, site, key, otherKey } = s),
  );
  beforeAll(async () => {
    readKey = await t.factory.key(site, { scope: 'read' });
    const post = async (k: string) =>
      (
        await t.request('POST', '/v1/articles', {
          key: k,
          body: { title: { en: 'Rated' }, published: true },
        })
      ).body.article.id as number;
    article = await post(key);
    otherArticle = await post(otherKey);
  });

  it('counts thumbs_up, thumbs_down and love into the article’s ratings (the stats row made on first use)', async () => {
    expect(await t.ds.query('SELECT * FROM article_stats WHERE article_id = ?', [article])).toEqual(
      [],
    );
    const res = await rate(article, { rating: 'thumbs_up' });
    expectSuccess(res, 200, {
      message: 'Thank you for your feedback.',
      feedback: { article_id: article, rating: 'thumbs_up', lang: 'en' },
      ratings: { thumbs_up: 1, thumbs_down: 0, love: 0 },
    });
    await rate(article, { rating: 'thumbs_up' });
    await rate(article, { rating: 'thumbs_down', message: 'Missing a screenshot' });
    await rate(article, { rating: 'love', lang: 'de' });
    expect(await ratings(article)).toEqual({ thumbs_up: 2, thumbs_down: 1, love: 1 });
    expect(await ratings(otherArticle, otherKey)).toEqual(NO_RATINGS);
  });

  it('records feedback in a language the site lacks in the default language', async () => {
    for (const lang of ['fr', 'xx', 'de']) {
      const res = await rate(article, { rating: 'love', lang });
      expect(res.body.feedback.lang).toBe(lang === 'de' ? 'de' : 'en');
    }
    const rows = await t.ds.query(
      'SELECT lang, COUNT(*) AS n FROM article_feedback WHERE article_id = ? AND rating = ? GROUP BY lang ORDER BY lang',
      [article, 'love'],
    );
    expect(rows.map((r: { lang: string; n: number }) => [r.lang, Number(r.n)])).toEqual([
      ['de', 2],
      ['en', 2],
    ]);
  });

  it.each([
    ['no rating', {}, { rating: ['The rating field is required.'] }],
    ['an unknown rating', { rating: 'meh' }, { rating: ['The selected rating is invalid.'] }],
    [
      'a message over 5,000 characters',
      { rating: 'love', message: 'm'.repeat(5001) },
      {
        message: ['The message field must not be greater than 5000 characters.'],
      },
    ],
  ])('refuses %s with 422', async (_, body, errors) => {
    expectValidationErrors(await rate(article, body), errors);
  });

  it('answers 404 Article not found. for unknown and foreign articles; counts nothing there', async () => {
    for (const id of [otherArticle, 999999, 'abc']) {
      const res = await rate(id, { rating: 'love' });
      expectNotFound(res, 'Article not found.');
    }
    expect(await ratings(otherArticle, otherKey)).toEqual(NO_RATINGS);
  });

  it('needs content.write (decisions.md)', async () => {
    const res = await rate(article, { rating: 'love' }, readKey);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
  });

  it('sends no webhook event and leaves updated_at alone', async () => {
    const before = await t.request('GET', `/v1/articles/${article}`, { key });
    const events = await siteEventCount(t.ds, site);
    await rate(article, { rating: 'thumbs_up' });
    const after = await t.request('GET', `/v1/articles/${article}`, { key });
    expect(after.body.article.updated_at).toBe(before.body.article.updated_at);
    const eventsAfter = await siteEventCount(t.ds, site);
    expect(eventsAfter).toBe(events);
  });
});
