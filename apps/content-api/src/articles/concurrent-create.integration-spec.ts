import { startTestApp, TestApp, TestSite, watchLockWaits } from '@hc/testing';
import { createContentApi } from '../app.factory';

/**
 * Creates at the same time must neither deadlock nor wait on each other's locks (issue 35): 200
 * articles in two languages through 8 keys, while a second replica keeps writing articles of the
 * same site (edits) and of another one (creates). The lock tables are sampled throughout; no
 * wait may last a second (docs/decisions/article-create-lock-waits.md).
 */
describe('POST /articles at the same time', () => {
  let t: TestApp;
  let other: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    [t, other] = await Promise.all([
      startTestApp(createContentApi),
      startTestApp(createContentApi),
    ]);
    site = await t.factory.site({ languages: ['en', 'de'] });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), other?.close()]);
  });

  /** The other replica's writes until `done` settles: edits here, creates in a site of its own. */
  async function writeMeanwhile(done: Promise<unknown>): Promise<number[]> {
    const elsewhere = await other.factory.site({ languages: ['en', 'de'] });
    const [key, elsewhereKey] = await Promise.all([
      other.factory.key(site),
      other.factory.key(elsewhere),
    ]);
    const created = await other.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Edited meanwhile' }, content: { en: '<p>0</p>' } },
    });
    const id = created.body.article.id as number;
    let finished = false;
    void done.finally(() => (finished = true));
    const statuses: number[] = [];
    for (let n = 1; !finished; n++) {
      const results = await Promise.all([
        other.request('PATCH', `/v1/articles/${id}`, {
          key,
          body: { title: { en: `Edited meanwhile ${n}` }, content: { en: `<p>${n}</p>` } },
        }),
        other.request('POST', '/v1/articles', {
          key: elsewhereKey,
          body: { title: { en: `Elsewhere ${n}`, de: `Anderswo ${n}` } },
        }),
      ]);
      statuses.push(...results.map((r) => r.status));
    }
    return statuses;
  }

  it('creates 200 articles over 8 keys beside another writer, no lock wait of a second', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => t.factory.key(site)));
    const locks = await watchLockWaits(t.ds);
    const creates = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.request('POST', '/v1/articles', {
          key: keys[i % keys.length],
          body: {
            title: { en: `Together ${i}`, de: `Zusammen ${i}` },
            content: { en: `<p>Text ${i}</p>` },
          },
        }),
      ),
    );
    const [results, meanwhile] = await Promise.all([creates, writeMeanwhile(creates)]);
    const waits = await locks.stop();

    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));
    expect(meanwhile.length).toBeGreaterThan(0);
    expect(meanwhile.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    expect(waits.filter((w) => w.ms >= 1000)).toEqual([]);
    const [{ n }] = await t.ds.query(
      'SELECT COUNT(DISTINCT t.slug) AS n FROM article_translations t WHERE t.site_id = ? AND t.lang = ?',
      [site.id, 'de'],
    );
    expect(Number(n)).toBe(200);
  });
});
