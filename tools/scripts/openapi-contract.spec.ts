import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { contractChecker } from '../../e2e/support/openapi-contract';

const ROOT = path.resolve(__dirname, '../..');
const doc = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8'));

/**
 * The e2e tier's check of every answer (e2e/support/openapi-contract.ts) against the document,
 * whose shared answers are `$ref`s to components.responses: an answer must match what the
 * reference leads to, and a key the shared answer does not name is refused as on an inline one.
 */
describe('the OpenAPI contract check of the e2e tier', () => {
  const checker = contractChecker(doc);
  const check = (method: string, url: string, status: number, body: unknown, type = 'json') => {
    const route = checker.route(method, url);
    if (!route) throw new Error(`no route for ${method} ${url}`);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return checker.check(route, status, `application/${type}; charset=utf-8`, text);
  };

  it('refers shared answers to components.responses (the document repeats none)', () => {
    const answers = doc.paths['/v1/articles/{id}'].get.responses;
    expect(answers['404'].$ref).toBe('#/components/responses/ArticleNotFound');
    expect(answers['401'].$ref).toBe('#/components/responses/Unauthorized');
    expect(doc.paths['/v1/analytics/summary'].get.responses['422'].$ref).toBe(
      '#/components/responses/ValidationFailed',
    );
    expect(doc.components.responses.TooManyAttempts.headers['Retry-After'].$ref).toBe(
      '#/components/headers/RetryAfter',
    );
  });

  it('accepts an answer that matches the shared answer it refers to', () => {
    const notFound = { status: 'error', code: 'not_found', message: 'Article not found.' };
    expect(check('GET', '/v1/articles/12', 404, notFound)).toEqual([]);
    expect(check('GET', '/v1/articles/12', 401, { status: 'unauthorized' })).toEqual([]);
    const invalid = { status: 'validation_error', message: 'No.', errors: { lang: ['Bad.'] } };
    expect(check('GET', '/v1/analytics/summary', 422, invalid)).toEqual([]);
    const route = checker.route('GET', '/v1/articles');
    if (!route) throw new Error('no route');
    expect(checker.check(route, 429, 'text/html; charset=utf-8', '<p>Slow down</p>')).toEqual([]);
    expect(checker.check(route, 429, 'text/plain', 'Slow down')).toEqual([
      expect.stringMatching(/content type text\/plain not documented/),
    ]);
  });

  it('refuses an undocumented key in an answer behind a $ref', () => {
    const extra = { status: 'error', code: 'not_found', message: 'Article not found.', id: 12 };
    expect(check('GET', '/v1/articles/12', 404, extra)).toEqual([
      expect.stringMatching(/GET \/v1\/articles\/\{id\} → 404: body does not match the schema/),
    ]);
    expect(check('GET', '/v1/articles/12', 401, { status: 'unauthorized', user: 1 })).toEqual([
      expect.stringMatching(/must NOT have additional properties/),
    ]);
    // A shared generic answer (`Error`) under an operation's own description.
    expect(check('DELETE', '/v1/images/7', 409, { status: 'error', message: 'x', at: 1 })).toEqual([
      expect.stringMatching(/must NOT have additional properties/),
    ]);
    expect(check('GET', '/v1/analytics/summary', 422, { status: 'nope', message: 'x' })).toEqual([
      expect.stringMatching(/body does not match the schema/),
    ]);
  });

  it('checks a schema whose properties refer to those of another (a dry-run article)', () => {
    expect(doc.components.schemas.DryRunArticle.properties.title.$ref).toBe(
      '#/components/schemas/Article/properties/title',
    );
    const article = doc.components.schemas.Article.examples[0];
    const dryRun = { ...article, id: null, _links: { view: { method: 'GET', url: null } } };
    const answer = (item: unknown) => ({
      status: 'success',
      results: [{ index: 0, status: 'created', article: item, images: null }],
      meta: { total: 1, created: 1, updated: 0, failed: 0 },
      dry_run: true,
    });
    expect(check('POST', '/v1/articles/bulk', 207, answer(dryRun))).toEqual([]);
    expect(check('POST', '/v1/articles/bulk', 207, answer({ ...dryRun, title: 'x' }))).toEqual([
      expect.stringMatching(/body does not match the schema/),
    ]);
  });

  it('follows a chain of references and refuses one that leads nowhere', () => {
    const small = {
      paths: {
        '/v1/a': {
          get: {
            operationId: 'A_get',
            responses: {
              '200': { $ref: '#/components/responses/Alias' },
              '404': { $ref: '#/components/responses/Missing' },
            },
          },
        },
      },
      components: {
        responses: {
          Alias: { $ref: '#/components/responses/Ok' },
          Ok: {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { ok: { const: true } },
                  additionalProperties: false,
                },
              },
            },
          },
        },
      },
    };
    const own = contractChecker(small);
    const route = own.route('GET', '/v1/a');
    if (!route) throw new Error('no route');
    expect(own.check(route, 200, 'application/json', '{"ok":true}')).toEqual([]);
    expect(own.check(route, 200, 'application/json', '{"ok":true,"x":1}')).toHaveLength(1);
    expect(() => own.check(route, 404, 'application/json', '{}')).toThrow(
      /unresolvable reference #\/components\/responses\/Missing/,
    );
  });
});
