// Issue 34 item 3: no view or search can stop the others from being written.
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { testSiteId, testServices } from '../index';
import { ActivityBuffer, normalizeQuery, searchTexts, createDataSource } from '@hc/data';
import type { SearchRecord, ViewRecord } from '@hc/data';

/** A site id no other test in this worker's database writes activity under. */
const SITE = 900_000 + (process.pid % 50_000);
const site = testSiteId(SITE);

async function metric(name: string, kind: string): Promise<number> {
  const m = register.getSingleMetric(name);
  if (!m) return 0;
  const found = (await m.get()).values.find((v) => v.labels.kind === kind);
  return found?.value ?? 0;
}

describe('ActivityBuffer: bad rows, unreadable entries and bounds (issue 34 item 3)', () => {
  let ds: DataSource;
  let redis: Redis;
  let errors: jest.SpyInstance;
  let reader = 0;
  const view = (articleId: number): ViewRecord => ({
    siteId: site,
    articleId,
    lang: 'en',
    readerKey: String(++reader).padStart(64, '0'),
    at: Date.now(),
  });
  const search = (query: string, texts = searchTexts(query)): SearchRecord => ({
    siteId: site,
    lang: 'en',
    ...texts,
    resultsCount: 0,
    readerKey: 'f'.repeat(64),
    at: Date.now(),
  });
  /** What the reader site buffered before the fix: cut to 190 code points, then normalized. */
  const cutThenNormalized = (query: string) => {
    const q = [...query].slice(0, 190).join('');
    return search(q, { query: q, normalizedQuery: normalizeQuery(q) });
  };
  const views = async (articleId: number) =>
    Number(
      (
        await ds.query(
          'SELECT COUNT(*) AS n FROM reader_views WHERE site_id = ? AND article_id = ?',
          [SITE, articleId],
        )
      )[0].n,
    );
  const searches = async () =>
    (await ds.query(
      'SELECT query, normalized_query FROM reader_searches WHERE site_id = ? ORDER BY id',
      [SITE],
    )) as { query: string; normalized_query: string }[];
  const deadLetterLines = () =>
    errors.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('dead letter:'));

  beforeAll(async () => {
    ds = await createDataSource({ poolSize: 3 }).initialize();
    redis = new Redis(testServices().redisUrl);
  });
  beforeEach(async () => {
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await ds.query('DELETE FROM reader_views WHERE site_id = ?', [SITE]);
    await ds.query('DELETE FROM reader_searches WHERE site_id = ?', [SITE]);
  });
  afterEach(() => errors.mockRestore());
  afterAll(async () => {
    await redis.quit();
    await ds.destroy();
  });

  it('a search is normalized first, then cut to the column in code points', () => {
    const texts = searchTexts('İ'.repeat(190));
    expect([...texts.query]).toHaveLength(190);
    expect([...texts.normalizedQuery]).toHaveLength(190);
    expect(texts.normalizedQuery).toBe('i\u0307'.repeat(95));
    // The old order (cut, then normalize) gives 380 code points, which the column refuses.
    expect([...normalizeQuery('İ'.repeat(190))]).toHaveLength(380);
    // Astral characters count once; a cut never leaves a trailing space.
    expect([...searchTexts('😀'.repeat(300)).query]).toHaveLength(190);
    expect(searchTexts(`${'a'.repeat(189)}  b`).normalizedQuery).toBe('a'.repeat(189));
  });

  it('without Redis: a batch with a bad row is written row by row, the bad row dead-lettered once', async () => {
    const buffer = new ActivityBuffer(ds, null);
    const before = await metric('hc_activity_dead_letters_total', 'search');
    await buffer.view(view(1));
    await buffer.search(search('İ'.repeat(190)));
    await buffer.search(cutThenNormalized('İ'.repeat(190)));
    await buffer.view(view(1));
    await buffer.search(search('shipping'));
    expect(await buffer.flush()).toBe(1);
    expect(await views(1)).toBe(2);
    expect((await searches()).map((s) => [...s.normalized_query].length)).toEqual([190, 8]);
    expect(await metric('hc_activity_dead_letters_total', 'search')).toBe(before + 1);
    expect(deadLetterLines()).toEqual([
      expect.stringMatching(
        /^dead letter: search dropped \(.*normalized_query.*\): \{"kind":"search"/,
      ),
    ]);
    // Dropped, never tried again; what comes next is written as usual.
    await buffer.view(view(1));
    expect(await buffer.flush()).toBe(0);
    expect(await views(1)).toBe(3);
    expect(buffer.deadLetters).toBe(1);
    await buffer.stop();
  });

  it('with Redis: an unreadable entry and one of another shape are dead-lettered, the rest written', async () => {
    const buffer = new ActivityBuffer(ds, testServices().redisUrl);
    const queue = `hc:activity:${String(ds.options.database)}:queue`;
    await buffer.flush();
    const before = await metric('hc_activity_dead_letters_total', 'unreadable');
    await buffer.view(view(2));
    await redis.rpush(queue, '{not json', JSON.stringify({ kind: 'view', v: null }));
    await buffer.search(cutThenNormalized('İ'.repeat(190)));
    await buffer.view(view(2));
    expect(await buffer.flush()).toBe(3);
    expect(await redis.llen(queue)).toBe(0);
    expect(await views(2)).toBe(2);
    expect(await metric('hc_activity_dead_letters_total', 'unreadable')).toBe(before + 1);
    expect(deadLetterLines()).toHaveLength(3);
    await buffer.stop();
  });

  it('a failure of the moment keeps what is not written yet, and loses nothing once the database is back', async () => {
    const buffer = new ActivityBuffer(ds, null);
    await buffer.view(view(3));
    await buffer.view(view(3));
    const gone = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), {
      code: 'ECONNREFUSED',
      errno: -111,
    });
    const lockWait = Object.assign(new Error('Lock wait timeout exceeded'), {
      errno: 1205,
      sqlState: 'HY000',
    });
    for (const err of [gone, lockWait]) {
      const transaction = jest.spyOn(ds, 'transaction').mockRejectedValue(err);
      await expect(buffer.flush()).rejects.toBe(err);
      transaction.mockRestore();
    }
    expect(await views(3)).toBe(0);
    expect(deadLetterLines()).toEqual([]);
    expect(await buffer.flush()).toBe(0);
    expect(await views(3)).toBe(2);
    await buffer.stop();
  });

  it('the buffer holds at most its bound, in memory and in Redis, and counts what it drops', async () => {
    for (const url of [null, testServices().redisUrl]) {
      const buffer = new ActivityBuffer(ds, url, 1000, 3);
      await buffer.flush();
      const before = await metric('hc_activity_dropped_total', 'view');
      for (let i = 0; i < 5; i++) await buffer.view(view(4));
      expect(await metric('hc_activity_dropped_total', 'view')).toBe(before + 2);
      await buffer.stop();
    }
    expect(await views(4)).toBe(6);
  });
});
