import type { TestApp } from './test-app';

/** A published article created through POST /articles (201 asserted); returns `article`. */
export async function createPublishedArticle(
  t: Pick<TestApp, 'request'>,
  key: string,
  body: Record<string, unknown>,
): Promise<any> {
  const res = await t.request('POST', '/v1/articles', { key, body: { published: true, ...body } });
  expect(res.status).toBe(201);
  return res.body.article;
}

/** Waits until the change-set worker is done with a set; returns the set as GET shows it. */
export async function settledChangeSet(
  t: Pick<TestApp, 'request'>,
  key: string,
  id: number,
): Promise<any> {
  for (let i = 0; i < 100; i++) {
    const set = (await t.request('GET', `/v1/change-sets/${id}`, { key })).body.change_set;
    if (!['queued', 'scheduled', 'publishing'].includes(set.status)) return set;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`change set ${id} was not published`);
}
