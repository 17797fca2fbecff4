import { expectValidationErrors, TestApp, TestSite, useSite } from '@hc/testing';
import { createContentApi } from './app.factory';

const INVALID_JSON = {
  status: 'error',
  code: 'invalid_json',
  message: 'The request body is not valid JSON.',
};

/** Issue #16 item 2: any JSON body gets the spec's validation answer, never a 500. */
describe('hostile JSON bodies (spec 4.1 rule 4, spec 7)', () => {
  let t: TestApp, site: TestSite, key: string;

  useSite(createContentApi, {}, (s) => ({ t, site, key } = s));

  const raw = (path: string, body: string | Buffer, type = 'application/json') =>
    t.request('POST', path, { key, raw: body, headers: { 'content-type': type } });
  const count = async (table: string) =>
    Number(
      (await t.ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE site_id = ?`, [site.id]))[0].n,
    );

  it('POST /webhooks with {"events": {"constructor": "x"}} ignores events, as any unknown field', async () => {
    const res = await t.request('POST', '/v1/webhooks', {
      key,
      body: { url: 'https://hooks.example.invalid/h', events: { constructor: 'x' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.webhook.url).toBe('https://hooks.example.invalid/h');
  });

  it.each([
    ['constructor', '{"url": {"constructor": "x"}}'],
    ['__proto__', '{"url": {"__proto__": {"polluted": "yes"}}}'],
    ['prototype', '{"url": {"prototype": {"polluted": "yes"}}}'],
    ['constructor.prototype', '{"url": {"constructor": {"prototype": {"polluted": "yes"}}}}'],
    ['a number', '{"url": 12345678901234567890123456789}'],
    ['a huge exponent', '{"url": 1e400}'],
    ['an array', '{"url": ["https://example.com/"]}'],
    ['a boolean', '{"url": true}'],
  ])('a url holding %s is refused with 422, nothing stored', async (_, body) => {
    const before = await count('webhooks');
    const res = await raw('/v1/webhooks', body);
    expectValidationErrors(res, { url: ['The url field must be a string.'] });
    expect(await count('webhooks')).toBe(before);
  });

  it('never pollutes a prototype, at any depth, on any endpoint', async () => {
    const payloads = [
      '{"__proto__": {"polluted": "yes"}}',
      '{"constructor": {"prototype": {"polluted": "yes"}}}',
      '{"title": "t", "a": {"b": [{"__proto__": {"polluted": "yes"}}]}}',
      '{"body": {"constructor": {"prototype": {"polluted": "yes"}}}, "__proto__": []}',
      '{"prototype": {"polluted": "yes"}, "name": {"__proto__": {"polluted": "yes"}}}',
    ];
    for (const path of ['/v1/articles', '/v1/categories', '/v1/webhooks', '/v1/articles/bulk']) {
      for (const body of payloads) {
        const res = await raw(path, body);
        expect([path, body, res.status < 500]).toEqual([path, body, true]);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(await count('webhooks')).toBe(1); // the one registered above
  });

  it('reads duplicate keys as the last one (JSON.parse), like any JSON library', async () => {
    const res = await raw(
      '/v1/webhooks',
      '{"url": "ftp://example.com/", "url": "https://dup.example.invalid/h"}',
    );
    expect(res.status).toBe(201);
    expect(res.body.webhook.url).toBe('https://dup.example.invalid/h');
  });

  it.each([
    ['malformed JSON', '{"name": '],
    ['a bare string', '"just a string"'],
    ['trailing garbage', '{"name": "x"} x'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ['a lone surrogate half in UTF-8', Buffer.from('{"name":"\xed\xa0\x80"}', 'latin1')],
    ['deep nesting', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['deep array nesting', `{"name": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
  ])('%s gets the one invalid_json answer (400, shape (a))', async (_, body) => {
    const before = await count('categories');
    const res = await raw('/v1/categories', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'invalid_json' });
    expect(await count('categories')).toBe(before);
  });

  it('malformed JSON and invalid UTF-8 share one message; another charset is the same answer', async () => {
    expect((await raw('/v1/categories', '{')).body).toEqual(INVALID_JSON);
    expect((await raw('/v1/categories', Buffer.from([0x7b, 0xc3, 0x7d]))).body).toEqual(
      INVALID_JSON,
    );
    const latin1 = await raw('/v1/categories', '{"name":"x"}', 'application/json; charset=latin1');
    expect([latin1.status, latin1.body]).toEqual([400, INVALID_JSON]);
    const utf16 = await raw(
      '/v1/categories',
      Buffer.from('{"name":"x"}', 'utf16le'),
      'application/json; charset=utf-16',
    );
    expect([utf16.status, utf16.body]).toEqual([400, INVALID_JSON]);
  });

  it('a top-level array where an object belongs is a validation answer, nothing stored', async () => {
    const before = [await count('articles'), await count('webhooks')];
    const article = await raw('/v1/articles', '[{"title": "x"}]');
    expect(article.status).toBe(422);
    expect(article.body.status).toBe('validation_error');
    // A DTO-validated body reads as empty (spec 4.1 rule 4).
    const webhook = await raw('/v1/webhooks', '[{"url": "https://example.com/"}]');
    expect([webhook.status, webhook.body.errors]).toEqual([
      422,
      { url: ['The url field is required.'] },
    ]);
    expect([await count('articles'), await count('webhooks')]).toEqual(before);
  });

  it('very long strings and huge numbers in scalar fields are validation answers', async () => {
    const before = await count('categories');
    for (const body of [
      { name: 'n'.repeat(2_000_000) },
      { name: 'ok', parent_id: 1e308 },
      { name: 'ok', parent_id: -1e308 },
      { name: 'ok', parent_id: 9_007_199_254_740_993 },
      { name: 'ok', position: '1'.repeat(500) },
      { name: { en: 'ok' }, position: 16_455_529_675_467_348_152_437 },
      { name: { en: 'ok' }, position: 2_147_483_648 },
      { name: { en: ['x'] } },
    ]) {
      const res = await t.request('POST', '/v1/categories', { key, body });
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([
        JSON.stringify(body).slice(0, 80),
        422,
      ]);
      expect(res.body.status).toBe('validation_error');
    }
    expect(await count('categories')).toBe(before);
  });
});
