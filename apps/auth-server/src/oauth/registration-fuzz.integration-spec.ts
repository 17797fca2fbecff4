// Issue #16 item 5: generated OAuth registration bodies, many hostile, against the running
// authorization server. No 5xx, an OAuth error body (spec 7 shape (f)), no client stored on
// refusal. Seeded (printed), time-bounded.
import fc from 'fast-check';
import { fuzzEndpoint, fuzzSeed, hostileBody, json, startIssuer, TestApp } from '@hc/testing';
import { createAuthServer } from '../app.factory';

const seed = fuzzSeed('auth-server registration');

describe('fuzz: POST /oauth/register (issue #16)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startIssuer(createAuthServer);
  });
  afterAll(() => t.close());

  it('answers every generated registration in a spec shape, never 5xx, nothing stored on refusal', async () => {
    let client = 0;
    const uri = fc.constantFrom(
      'https://app.example/cb',
      'http://localhost:8080/cb',
      'http://127.0.0.1/cb',
      'javascript:alert(1)',
      'https://a@b/cb',
      'not a uri',
    );
    await fuzzEndpoint(
      seed,
      hostileBody({
        redirect_uris: json(fc.array(uri, { maxLength: 3 })),
        client_name: json(fc.string({ maxLength: 130 })),
        grant_types: json(
          fc.array(fc.constantFrom('authorization_code', 'refresh_token', 'implicit', 'password')),
        ),
        response_types: json(fc.array(fc.constantFrom('code', 'token', 'id_token'))),
        token_endpoint_auth_method: json(
          fc.constantFrom('none', 'client_secret_post', 'client_secret_basic', 'private_key_jwt'),
        ),
        scope: json(fc.constantFrom('content.read', 'content.read content.write', 'admin')),
        client_uri: json(uri),
        logo_uri: json(uri),
      }),
      {
        // Registration allows 10 per hour per IP (spec 8): each body from its own address.
        send: (body) =>
          t.request('POST', '/oauth/register', {
            raw: body,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.7.${(++client >> 8) & 255}.${client & 255}`,
            },
          }),
        stored: () => t.ds.query('CHECKSUM TABLE oauth_payloads, oauth_secrets'),
        ok: [201],
        success: (b) => typeof (b as { client_id?: unknown }).client_id === 'string',
      },
      { runs: 100, timeLimitMs: 5_000 },
    );
  });
});
