// Issue 34 item 7: strings as JSON allows them. A lone UTF-16 surrogate ("\ud800") is valid JSON
// but no UTF-8 text. Dynamic client registration (spec 4.13) refuses it like any other unusable
// field: its own OAuth error, shape (f) of spec 7 ({error, error_description, hint, message},
// status 400 as every registration refusal), and no client is stored.
import { freshIp, startIssuer, TestApp } from '@hc/testing';
import { createAuthServer } from '../app.factory';

describe('lone surrogates in OAuth dynamic client registration (issue 34 item 7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIssuer(createAuthServer);
  });
  afterAll(() => t.close());

  /** A raw body (the escapes are sent as written), each from an address of its own (spec 8). */
  const register = (raw: string) =>
    t.request('POST', '/oauth/register', {
      raw,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
    });
  const stored = async () =>
    (await t.ds.query('CHECKSUM TABLE oauth_payloads, oauth_secrets')) as unknown[];

  const METADATA = {
    error: 'invalid_client_metadata',
    error_description: 'The value of one of the client metadata fields is invalid.',
  };
  const REDIRECT = {
    error: 'invalid_redirect_uri',
    error_description: 'The value of one or more redirection URIs is invalid.',
  };

  it.each([
    [
      'a lone high surrogate in client_name',
      '"client_name":"App \\ud800"',
      METADATA,
      'client_name',
    ],
    ['a lone low surrogate in client_name', '"client_name":"\\udc00"', METADATA, 'client_name'],
    ['two halves the wrong way round', '"client_name":"\\ude00\\ud83d"', METADATA, 'client_name'],
    [
      'a lone surrogate in a redirect URI',
      '"redirect_uris":["https://app.example/cb?x=\\ud800"]',
      REDIRECT,
      'redirect URI',
    ],
    [
      'a lone surrogate in a redirect URI’s host',
      '"redirect_uris":["https://app\\udfff.example/cb"]',
      REDIRECT,
      'redirect URI',
    ],
  ])('%s answers shape (f), nothing stored', async (_, field, error, named) => {
    const before = await stored();
    const body = field.startsWith('"redirect_uris"')
      ? `{${field}}`
      : `{"redirect_uris":["https://app.example/cb"],${field}}`;
    const res = await register(body);
    const hint = `${named === 'client_name' ? 'client_name' : 'Each redirect URI'} must be valid Unicode text.`;
    expect([res.status, res.body]).toEqual([
      400,
      { ...error, hint, message: error.error_description },
    ]);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await stored()).toEqual(before);
  });

  it('a surrogate pair (an emoji) is one character and is registered as sent', async () => {
    const res = await register(
      '{"redirect_uris":["https://app.example/cb"],"client_name":"App \\ud83d\\ude00"}',
    );
    expect([res.status, res.body.client_name]).toEqual([201, 'App 😀']);
  });

  it('a lone surrogate in a field registration ignores changes nothing', async () => {
    const res = await register(
      '{"redirect_uris":["https://app.example/cb"],"logo_uri":"\\ud800","\\udc00":1}',
    );
    expect([res.status, res.body.client_name]).toEqual([201, 'Unnamed application']);
  });
});
