import { Logger } from '@nestjs/common';
import { ActivityBuffer, normalizeQuery, searchTexts } from '@hc/data';
import { resetSettings } from '@hc/contracts';
import {
  articleRow,
  categoryRow,
  commentRow,
  contactMessageRow,
  feedbackRow,
  readerSearchRow,
  readerViewRow,
  startTestApp,
  TestApp,
  TestSite,
  testServices,
  testSiteId,
  validationErrorBody,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import { COMMANDS } from '../cli/commands';
import { addDays, isoDay } from './analytics-range';
import { RollupService } from './rollup.service';

const today = isoDay(new Date());
const yesterday = addDays(today, -1);
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}.000Z`);

describe('GET /analytics/* (spec 4.10) and the daily rollup', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(createContentApi);
    // The daily schedule (and its catch-up at boot) is not part of these tests: they roll up
    // when they say so.
    await t.app.get(RollupService).onApplicationShutdown();
  });
  afterAll(() => t.close());

  const articleIn = (
    site: TestSite,
    title: Record<string, string>,
    categoryId: number | null = null,
  ) => articleRow(t.ds, site.id, { title, categoryId, slug: (id, lang) => `s-${id}-${lang}` });

  /** Rows as the reader site writes them. */
  const view = (site: TestSite, articleId: number, day: string, who: number, lang = 'en') =>
    readerViewRow(t.ds, site.id, { articleId, day, reader: who, lang, at: at(day) });
  const search = (site: TestSite, query: string, results: number, day: string, lang = 'en') =>
    readerSearchRow(t.ds, site.id, { query, results, lang, at: at(day) });
  const rating = (
    site: TestSite,
    articleId: number,
    value: string,
    day: string,
    lang = 'en',
    message: string | null = null,
  ) => feedbackRow(t.ds, site.id, { articleId, rating: value, lang, message, at: at(day) });

  async function populated() {
    const site = await t.factory.site({ languages: ['en', 'de'] });
    const other = await t.factory.site();
    const key = await t.factory.key(site, { scope: 'read' });
    const cat = await categoryRow(t.ds, site.id, { en: 'Billing' });
    const a = await articleIn(site, { en: 'Pay an invoice', de: 'Rechnung zahlen' }, cat);
    const b = await articleIn(site, { en: 'Reset password' });
    const never = await articleIn(site, { en: 'Never read' });
    for (const who of [1, 2, 3]) await view(site, a, yesterday, who);
    await view(site, a, yesterday, 4, 'de');
    await view(site, b, yesterday, 1);
    await view(site, b, addDays(today, -9), 1); // the preceding period
    await search(site, 'invoice', 3, yesterday);
    await search(site, 'invoice', 2, yesterday);
    await search(site, 'refund policy', 0, yesterday);
    await search(site, 'Refund Policy', 0, yesterday);
    await search(site, 'rechnung', 1, yesterday, 'de');
    await rating(site, a, 'thumbs_up', yesterday);
    await rating(site, a, 'love', today, 'en', 'Great!');
    await rating(site, b, 'thumbs_down', addDays(today, -8));
    await commentRow(t.ds, site.id, { articleId: a, at: at(yesterday) });
    await contactMessageRow(t.ds, site.id, { at: at(today) });
    // Another site's activity never shows.
    const foreign = await articleIn(other, { en: 'Foreign' });
    await view(other, foreign, yesterday, 9);
    await search(other, 'invoice', 0, yesterday);
    return { site, other, key, cat, a, b, never };
  }

  const rollUp = (siteId?: number) =>
    t.app.get(RollupService).run({ siteId: siteId === undefined ? undefined : testSiteId(siteId) });

  it('summary: traffic from the rollup (same period, same numbers), ratings/activity/totals live, compared with the preceding period', async () => {
    const { site, key } = await populated();
    const before = await t.request('GET', '/v1/analytics/summary', { key });
    expect(before.status).toBe(200);
    expect(before.body.summary.traffic.views.value).toBe(0);
    expect(before.body.summary.ratings.total.value).toBe(2);

    await rollUp(site.id);
    const res = await t.request('GET', '/v1/analytics/summary', { key });
    expect(res.body.range).toEqual({
      from: addDays(today, -6),
      to: today,
      days: 7,
      lang: null,
      previous: { from: addDays(today, -13), to: addDays(today, -7) },
    });
    const s = res.body.summary;
    expect(s.traffic.views).toEqual({ value: 5, previous: 0, change_percent: null });
    // Distinct readers per day and language, summed: readers 1–3 in English (1 read both), 4 in German.
    expect(s.traffic.visitors.value).toBe(4);
    expect(s.traffic.searches.value).toBe(5);
    expect(s.traffic.searches_without_results.value).toBe(2);
    expect(s.ratings.thumbs_up.value).toBe(1);
    expect(s.ratings.love.value).toBe(1);
    expect(s.ratings.thumbs_down).toEqual({ value: 0, previous: 1, change_percent: -100 });
    expect(s.activity).toEqual({
      comments: { value: 1, previous: 0, change_percent: null },
      feedback_messages: { value: 1, previous: 0, change_percent: null },
      contact_messages: { value: 1, previous: 0, change_percent: null },
    });
    expect(s.totals).toMatchObject({
      published_articles: 3,
      draft_articles: 0,
      categories: 1,
      pending_comments: 1,
    });

    // The range day by day (the dashboard's charts): every day, zeros where nothing happened.
    expect(res.body.daily.map((d: { day: string }) => d.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    const day = (d: string) => res.body.daily.find((x: { day: string }) => x.day === d);
    expect(day(yesterday)).toEqual({
      day: yesterday,
      views: 5,
      visitors: 4,
      searches: 5,
      searches_without_results: 2,
      ratings: { thumbs_up: 1, thumbs_down: 0, love: 0 },
    });
    expect(day(today)).toMatchObject({
      views: 0,
      ratings: { thumbs_up: 0, thumbs_down: 0, love: 1 },
    });
    expect(day(addDays(today, -3))).toMatchObject({ views: 0, searches: 0 });

    const wider = await t.request(
      'GET',
      `/v1/analytics/summary?from=${addDays(today, -13)}&to=${today}`,
      { key },
    );
    expect(wider.body.summary.traffic.views.value).toBe(5); // the older view was never rolled up
    await t.app.get(RollupService).run({ siteId: testSiteId(site), date: addDays(today, -9) });
    const again = await t.request(
      'GET',
      `/v1/analytics/summary?from=${addDays(today, -13)}&to=${today}`,
      { key },
    );
    expect(again.body.summary.traffic.views.value).toBe(6);
    const german = await t.request('GET', '/v1/analytics/summary?lang=de', { key });
    expect(german.body.summary.traffic.views.value).toBe(1);
    expect(german.body.summary.traffic.searches.value).toBe(1);
    expect(german.body.range.lang).toBe('de');
    // Rolling up again gives the same numbers (the preceding period now holds the older view).
    await rollUp(site.id);
    const rerun = (await t.request('GET', '/v1/analytics/summary', { key })).body.summary.traffic;
    expect(rerun.views).toEqual({ value: 5, previous: 1, change_percent: 400 });
    expect(rerun.searches).toEqual(s.traffic.searches);
  });

  it('content: viewed articles of the range, most viewed first, 25 per page, category filter and sort', async () => {
    const { site, key, cat, a, b, never } = await populated();
    await rollUp(site.id);
    const res = await t.request('GET', '/v1/analytics/content', { key });
    expect(res.status).toBe(200);
    expect(res.body.excludes_never_viewed).toBe(true);
    expect(res.body.articles.map((x: { id: number }) => x.id)).toEqual([a, b]);
    expect(res.body.articles.map((x: { id: number }) => x.id)).not.toContain(never);
    expect(res.body.articles[0]).toMatchObject({
      id: a,
      title: 'Pay an invoice',
      category_id: cat,
      views: 4,
      ratings: { thumbs_up: 1, thumbs_down: 0, love: 1 },
      comments: 1,
    });
    expect(res.body.articles[0]._links.view.url).toMatch(
      new RegExp(`/hc/${site.subdomain}/articles/${a}-s-${a}-en$`),
    );
    expect(res.body.meta).toEqual({
      page: 1,
      per_page: 25,
      total_pages: 1,
      items_count: 2,
      sort: 'views',
    });
    const ignored = await t.request('GET', '/v1/analytics/content?per_page=5', { key });
    expect(ignored.body.meta.per_page).toBe(25);
    const inCategory = await t.request('GET', `/v1/analytics/content?category_id=${cat}`, { key });
    expect(inCategory.body.articles.map((x: { id: number }) => x.id)).toEqual([a]);
    const german = await t.request('GET', '/v1/analytics/content?lang=de', { key });
    expect(german.body.articles).toHaveLength(1);
    expect(german.body.articles[0]).toMatchObject({ title: 'Rechnung zahlen', views: 1 });
    const past = await t.request('GET', '/v1/analytics/content?page=2', { key });
    expect(past.body.articles).toEqual([]);
    const byDown = await t.request(
      'GET',
      `/v1/analytics/content?sort=thumbs_down&from=${addDays(today, -13)}`,
      { key },
    );
    expect(byDown.body.articles.map((x: { id: number }) => x.id)).toEqual([b, a]);
    expect(byDown.body.meta.sort).toBe('thumbs_down');
  });

  it('searches: content gaps, frequent queries and common terms, top `limit` of each', async () => {
    const { site, key } = await populated();
    await rollUp(site.id);
    const res = await t.request('GET', '/v1/analytics/searches', { key });
    expect(res.status).toBe(200);
    expect(res.body.content_gaps).toEqual([
      { query: 'refund policy', searches: 2, last_results_count: 0 },
    ]);
    expect(res.body.frequent_queries[0]).toEqual({
      query: 'invoice',
      searches: 2,
      without_results: 0,
      last_results_count: 2,
    });
    expect(res.body.frequent_queries).toHaveLength(3);
    expect(res.body.common_terms.slice(0, 3)).toEqual([
      { term: 'invoice', searches: 2 },
      { term: 'policy', searches: 2 },
      { term: 'refund', searches: 2 },
    ]);
    expect(res.body.meta).toEqual({
      limit: 20,
      lists_are_top_n: true,
      total_searches: 5,
      searches_without_results: 2,
    });
    const one = await t.request('GET', '/v1/analytics/searches?limit=1&lang=en', { key });
    expect(one.body.frequent_queries).toHaveLength(1);
    expect(one.body.meta.limit).toBe(1);
  });

  it('caller mistakes are 422, never a 500; analytics.read is required', async () => {
    const { site, key } = await populated();
    const cases: Array<[string, string]> = [
      ['/v1/analytics/summary?from=2026-02-30', 'from'],
      ['/v1/analytics/summary?to=yesterday', 'to'],
      [`/v1/analytics/summary?from=${addDays(today, -92)}&to=${today}`, 'to'],
      [`/v1/analytics/summary?from=${today}&to=${addDays(today, -1)}`, 'to'],
      ['/v1/analytics/summary?lang=fr', 'lang'],
      ['/v1/analytics/content?per_page=101', 'per_page'],
      ['/v1/analytics/content?page=0', 'page'],
      ['/v1/analytics/content?sort=random', 'sort'],
      ['/v1/analytics/content?category_id=999999', 'category_id'],
      ['/v1/analytics/content?category_id=abc', 'category_id'],
      ['/v1/analytics/searches?limit=51', 'limit'],
      ['/v1/analytics/searches?limit=0', 'limit'],
      ['/v1/analytics/searches?from[]=x', 'from'],
    ];
    for (const [path, field] of cases) {
      const res = await t.request('GET', path, { key });
      expect([path, res.status]).toEqual([path, 422]);
      expect(res.body.errors[field]).toHaveLength(1);
    }
    expect(
      (
        await t.request('GET', `/v1/analytics/summary?from=${addDays(today, -91)}&to=${today}`, {
          key,
        })
      ).status,
    ).toBe(200);
    expect((await t.request('GET', '/v1/analytics/summary')).status).toBe(401);
    void site;
  });

  it('reads its query at the edge (Analytics*Query): the range rules and their exact answers', async () => {
    const { key } = await populated();
    const cases: Array<[string, Record<string, string[]>]> = [
      [
        `/v1/analytics/summary?from=${addDays(today, -92)}`,
        { to: ['The range from from to to must not be longer than 92 days.'] },
      ],
      [
        `/v1/analytics/content?from=${addDays(today, 1)}`,
        { to: ['The to field must be a date after or equal to from.'] },
      ],
      ['/v1/analytics/content?from=2026-02-30', { from: ['The from field must be a valid date.'] }],
      [
        '/v1/analytics/content?per_page=101',
        { per_page: ['The per page field must not be greater than 100.'] },
      ],
      ['/v1/analytics/content?sort=random', { sort: ['The selected sort is invalid.'] }],
      ['/v1/analytics/searches?limit=1.5', { limit: ['The limit field must be an integer.'] }],
    ];
    for (const [path, errors] of cases) {
      const res = await t.request('GET', path, { key });
      expect([path, res.status, res.body]).toEqual([path, 422, validationErrorBody(errors)]);
    }
    // `per_page` within its maximum is accepted; the page still holds 25.
    const page = await t.request('GET', '/v1/analytics/content?per_page=%2050%20', { key });
    expect([page.status, page.body.meta.per_page]).toEqual([200, 25]);
  });

  it('`hc analytics rollup` runs the daily computation now (default yesterday and today)', async () => {
    const { site, other } = await populated();
    const out = (await COMMANDS['analytics rollup'](t.app, { site: String(site.id) })) as {
      rolled_up: Array<Record<string, unknown>>;
    };
    expect(out.rolled_up).toEqual([
      { date: yesterday, site_id: site.id, views: 5, searches: 5 },
      { date: today, site_id: site.id, views: 0, searches: 0 },
    ]);
    const day = (await COMMANDS['analytics rollup'](t.app, { date: yesterday })) as {
      rolled_up: Array<Record<string, unknown>>;
    };
    expect(day.rolled_up).toHaveLength(1);
    expect(day.rolled_up[0].site_id).toBeNull();
    const rows = await t.ds.query(
      'SELECT views FROM analytics_daily WHERE site_id = ? AND day = ?',
      [other.id, yesterday],
    );
    expect(rows).toEqual([{ views: 1 }]);
    await expect(COMMANDS['analytics rollup'](t.app, { date: '2026-13-01' })).rejects.toMatchObject(
      { status: 422 },
    );
  });

  it('a 190 × "İ" search, then views still count and `hc analytics rollup` succeeds with the bad row dead-lettered (issue 34 item 3)', async () => {
    const site = await t.factory.site();
    const siteId = testSiteId(site);
    const id = await articleIn(site, { en: 'Still counted' });
    const before = process.env.HC_REDIS_URL;
    process.env.HC_REDIS_URL = testServices().redisUrl;
    resetSettings();
    try {
      // What reader replicas buffered in Redis and did not write yet: a view, the search as the
      // reader records it now (normalized, then cut), the same search as an earlier version
      // recorded it (cut, then normalized: 380 code points for a 190-character column), a view.
      const replica = new ActivityBuffer(t.ds, testServices().redisUrl);
      const entry = { siteId, lang: 'en', resultsCount: 0, at: Date.now() };
      const q = 'İ'.repeat(190);
      await replica.view({ ...entry, articleId: id, readerKey: 'a'.repeat(64) });
      await replica.search({ ...entry, ...searchTexts(q), readerKey: 'a'.repeat(64) });
      await replica.search({
        ...entry,
        query: q,
        normalizedQuery: normalizeQuery(q),
        readerKey: 'b'.repeat(64),
      });
      await replica.view({ ...entry, articleId: id, readerKey: 'b'.repeat(64) });
      const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const out = (await COMMANDS['analytics rollup'](t.app, { site: String(site.id) })) as {
        rolled_up: Array<Record<string, unknown>>;
        dead_lettered: number;
      };
      const logged = errors.mock.calls.map((c) => String(c[0]));
      errors.mockRestore();
      await replica.stop();
      expect(out.dead_lettered).toBe(1);
      expect(logged).toEqual([
        expect.stringMatching(/^dead letter: search dropped .*"readerKey":"b{64}"/),
      ]);
      expect(out.rolled_up[1]).toEqual({ date: today, site_id: site.id, views: 2, searches: 1 });
      expect(
        await t.ds.query(
          'SELECT query, searches FROM analytics_search_daily WHERE site_id = ? AND day = ?',
          [site.id, today],
        ),
      ).toEqual([{ query: 'i\u0307'.repeat(95), searches: 1 }]);
      const [stats] = await t.ds.query('SELECT views FROM article_stats WHERE article_id = ?', [
        id,
      ]);
      expect(Number(stats.views)).toBe(2);
    } finally {
      if (before === undefined) delete process.env.HC_REDIS_URL;
      else process.env.HC_REDIS_URL = before;
      resetSettings();
    }
  });
});
