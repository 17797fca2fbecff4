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
