import { SCOPES } from '@hc/contracts';
import {
  authorizeCode as authorizeAs,
  authorizeInBrowser,
  authorizeQuery,
  Browser,
  clientConfig,
  codeGrant,
  codeRevoked,
  connectAs,
  decodeJwt,
  expireOAuthPayload,
  freshIp,
  issuerPerFile,
  oauthPayloadRow,
  oc,
  openidAuthorizeUrl,
  refreshGrant,
  refreshRefused,
  registerClient,
  runAuthorization,
  TEST_PASSWORD,
  TestApp,
  TestUser,
  tokenRequest,
} from '@hc/testing';
import { createAuthServer } from '../app.factory';
import { run as runCli } from '../cli';
import { TokensRepository } from '../storage/tokens.repository';

const REDIRECT = 'http://127.0.0.1:4999/callback';
const API = 'http://localhost:8080';
const MCP = 'http://localhost:8080/mcp';

describe('auth-server (spec 4.13)', () => {
  const spec = issuerPerFile(createAuthServer);
  let auth: TestApp;
  let issuer: string;
  beforeAll(() => {
    ({ auth, issuer } = spec);
  });

  /** Runs authorize → sign-in → consent and returns the code (no exchange). */
  const authorizeCode = (clientId: string, person: TestUser, extra: Record<string, string> = {}) =>
    authorizeAs(
      issuer,
      clientId,
      { email: person.email, password: TEST_PASSWORD },
      { state: 'xyz', ...extra },
    );

  async function publicClient(redirectUris = [REDIRECT]) {
    return (await registerClient(issuer, { redirect_uris: redirectUris, client_name: 'Spec App' }))
      .body.client_id as string;
  }

  describe('discovery', () => {
    const expected = (openid: boolean) => ({
      // The fields of 4.13 in alphabetical order.
      authorization_endpoint: `${issuer}/oauth/authorize`,
      authorization_response_iss_parameter_supported: true,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      id_token_signing_alg_values_supported: ['RS256'],
      issuer,
      jwks_uri: `${issuer}/oauth/jwks`,
      registration_endpoint: `${issuer}/oauth/register`,
      response_modes_supported: ['query'],
      response_types_supported: ['code'],
      scopes_supported: [...SCOPES],
      service_documentation: expect.any(String),
      subject_types_supported: ['public'],
      token_endpoint: `${issuer}/oauth/token`,
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      ...(openid ? { claims_supported: expect.arrayContaining(['sub', 'email', 'name']) } : {}),
    });

    it('serves exactly the fields of 4.13, public and cacheable one hour, without CORS', async () => {
      const as = await auth.request('GET', '/.well-known/oauth-authorization-server');
      expect(as.status).toBe(200);
      expect(as.body).toStrictEqual(expected(false));
      expect(as.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(as.headers.get('access-control-allow-origin')).toBeNull();
      const oidc = await auth.request('GET', '/.well-known/openid-configuration', {
        headers: { origin: 'https://evil.example' },
      });
      expect(oidc.body).toStrictEqual(expected(true));
      expect(oidc.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(oidc.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('publishes the signing key as kid service-oidc-1, the same key every time', async () => {
      const a = await auth.request('GET', '/oauth/jwks');
      expect(a.status).toBe(200);
      expect(a.body.keys).toHaveLength(1);
      expect(a.body.keys[0]).toMatchObject({
        kty: 'RSA',
        kid: 'service-oidc-1',
        alg: 'RS256',
        use: 'sig',
      });
      expect(a.body.keys[0].d).toBeUndefined();
      const b = await auth.request('GET', '/oauth/jwks');
      expect(b.body).toEqual(a.body);
      expect(a.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('is usable by openid-client', async () => {
      const config = await clientConfig(issuer, 'anything');
      expect(config.serverMetadata().issuer).toBe(issuer);
    });
  });

  describe('registration (POST /oauth/register)', () => {
    it('registers a public client with defaults', async () => {
      const res = await registerClient(issuer, {
        redirect_uris: ['https://app.example/cb'],
        grant_types: ['authorization_code'],
        extra: 1,
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.body).toMatchObject({
        client_name: 'Unnamed application',
        redirect_uris: ['https://app.example/cb'],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'none',
      });
      expect(typeof res.body.client_id).toBe('string');
      expect(res.body.client_secret).toBeUndefined();
      expect(res.body.extra).toBeUndefined();
    });

    it('gives confidential clients a secret that never expires', async () => {
      const res = await registerClient(issuer, {
        redirect_uris: ['https://app.example/cb'],
        token_endpoint_auth_method: 'client_secret_post',
        client_name: 'Server App',
      });
      expect(res.status).toBe(201);
      expect(res.body.client_secret).toEqual(expect.any(String));
      expect(res.body.client_secret_expires_at).toBe(0);
      expect(res.body.token_endpoint_auth_method).toBe('client_secret_post');
    });

    it.each([
      ['missing redirect_uris', {}, 'invalid_redirect_uri'],
      ['empty redirect_uris', { redirect_uris: [] }, 'invalid_redirect_uri'],
      [
        'more than 10',
        { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
        'invalid_redirect_uri',
      ],
      ['relative URI', { redirect_uris: ['/cb'] }, 'invalid_redirect_uri'],
      [
        'http on a public host',
        { redirect_uris: ['http://app.example/cb'] },
        'invalid_redirect_uri',
      ],
      ['a fragment', { redirect_uris: ['https://app.example/cb#x'] }, 'invalid_redirect_uri'],
      ['a custom scheme', { redirect_uris: ['com.example.app:/cb'] }, 'invalid_redirect_uri'],
      [
        'an unknown auth method',
        { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' },
        'invalid_client_metadata',
      ],
      [
        'another grant type',
        { redirect_uris: [REDIRECT], grant_types: ['client_credentials'] },
        'invalid_client_metadata',
      ],
      [
        'a name over 120 chars',
        { redirect_uris: [REDIRECT], client_name: 'x'.repeat(121) },
        'invalid_client_metadata',
      ],
    ])('refuses %s', async (_, body, error) => {
      const res = await registerClient(issuer, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error,
        error_description: expect.any(String),
        hint: expect.any(String),
        message: expect.any(String),
      });
    });

    it('refuses a body that is not JSON with invalid_request', async () => {
      const res = await fetch(`${issuer}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        body: '{"redirect_uris": [',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'invalid_request',
        hint: 'The request body must be JSON',
      });
    });

    it('accepts loopback http on 127.0.0.1, [::1] and localhost', async () => {
      const res = await registerClient(issuer, {
        redirect_uris: ['http://127.0.0.1/cb', 'http://[::1]:8000/cb', 'http://localhost:3000/cb'],
      });
      expect(res.status).toBe(201);
    });

    it('allows 10 per hour per IP, counting refused ones, then 429 temporarily_unavailable', async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await registerClient(issuer, {}, ip)).status).toBe(400);
      for (let i = 0; i < 5; i++)
        expect((await registerClient(issuer, { redirect_uris: [REDIRECT] }, ip)).status).toBe(201);
      const over = await registerClient(issuer, { redirect_uris: [REDIRECT] }, ip);
      expect(over.status).toBe(429);
      expect(over.body.error).toBe('temporarily_unavailable');
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await registerClient(issuer, { redirect_uris: [REDIRECT] })).status).toBe(201);
    });
  });

  describe('authorization and tokens', () => {
    it('runs the code flow with PKCE: claims of 2.11, ID token, userinfo', async () => {
      const site = await auth.factory.site({ name: 'Docs' });
      const reg = await registerClient(issuer, {
        redirect_uris: [REDIRECT],
        client_name: 'Test App',
      });
      const clientId = reg.body.client_id;
      const config = await clientConfig(issuer, clientId);
      const verifier = oc.randomPKCECodeVerifier();
      const url = oc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT,
        scope: 'openid email profile content.read',
        code_challenge: await oc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'st-1',
        nonce: 'n-1',
        resource: API,
      });
      const flow = await runAuthorization(new Browser(), url.toString(), REDIRECT, {
        email: site.owner.email,
        password: TEST_PASSWORD,
      });
      expect(flow.signInShown).toBe(true);
      expect(flow.consentPages).toHaveLength(1);
      expect(flow.consentPages[0]).toContain('Test App');
      expect(flow.consentPages[0]).toContain('content.read');
      expect(flow.consentPages[0]).toContain('Docs');
      expect(flow.consentPages[0]).not.toContain('type="checkbox"'); // one site: nothing to choose
      expect(flow.callback!.searchParams.get('state')).toBe('st-1');
      expect(flow.callback!.searchParams.get('iss')).toBe(issuer);

      const tokens = await oc.authorizationCodeGrant(config, flow.callback!, {
        pkceCodeVerifier: verifier,
        expectedState: 'st-1',
      });
      expect(tokens.expires_in).toBe(3600);
      expect(tokens.scope).toBeUndefined();
      expect(tokens.refresh_token).toEqual(expect.any(String));

      const at = decodeJwt(tokens.access_token);
      expect(at.header).toEqual({ alg: 'RS256', typ: 'at+jwt' });
      expect(at.header.kid).toBeUndefined();
      expect(at.payload).toEqual({
        jti: expect.any(String),
        iat: expect.any(Number),
        nbf: expect.any(Number),
        exp: expect.any(Number),
        sub: String(site.owner.id),
        scopes: ['openid', 'email', 'profile', 'content.read'],
        iss: issuer,
        aud: [clientId, API],
        azp: clientId,
      });
      expect(at.payload.exp - at.payload.iat).toBeCloseTo(3600, 3);

      const id = decodeJwt(tokens.id_token!);
      expect(id.header.kid).toBe('service-oidc-1');
      const claims = tokens.claims()!;
      expect(claims).toMatchObject({
        iss: issuer,
        aud: clientId,
        sub: String(site.owner.id),
        email: site.owner.email,
        email_verified: true,
        name: 'Test Person',
        given_name: 'Test',
        family_name: 'Person',
      });
      expect(claims.nonce).toBeUndefined();
      expect(claims.exp - claims.iat).toBe(3600);

      const info = await oc.fetchUserInfo(config, tokens.access_token, String(site.owner.id));
      expect(info).toMatchObject({
        sub: String(site.owner.id),
        email: site.owner.email,
        name: 'Test Person',
      });
    });

    it('answers the raw token request with Bearer, no scope, Cache-Control no-store; JSON bodies too', async () => {
      const site = await auth.factory.site();
      const clientId = await publicClient();
      const { code, verifier } = await authorizeCode(clientId, site.owner);
      const res = await fetch(`${issuer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          client_id: clientId,
          code,
          code_verifier: verifier,
          redirect_uri: REDIRECT,
        }),
      });
      const body = (await res.json()) as Record<string, any>;
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(body.token_type).toBe('Bearer');
      expect(body.expires_in).toBe(3600);
      expect(body.scope).toBeUndefined();
      expect(body.id_token).toBeUndefined(); // no openid
      expect(body.refresh_token).toEqual(expect.any(String));
      // Without resource: aud is the client id alone, no azp.
      const at = decodeJwt(body.access_token).payload;
      expect(at.aud).toBe(clientId);
      expect(at.azp).toBeUndefined();
      expect(at.scopes).toEqual(['content.read']);
    });

    it('a token without scope has an empty scopes array', async () => {
      const site = await auth.factory.site();
      const clientId = await publicClient();
      const { code, verifier, flow } = await authorizeCode(clientId, site.owner, { scope: '' });
      expect(flow.consentPages[0]).toContain('No permissions beyond identifying the app.');
      const res = await tokenRequest(issuer, codeGrant(clientId, { code, verifier }));
      expect(decodeJwt(res.body.access_token).payload.scopes).toEqual([]);
    });

    it('spends a code once: a second exchange is invalid_request "Authorization code has been revoked"', async () => {
      const site = await auth.factory.site();
      const clientId = await publicClient();
      const { code, verifier } = await authorizeCode(clientId, site.owner);
      const params = codeGrant(clientId, { code, verifier });
      expect((await tokenRequest(issuer, params)).status).toBe(200);
      const again = await tokenRequest(issuer, params);
      expect(again.status).toBe(400);
      expect(again.body).toEqual(codeRevoked(again.body));
    });

    it('a code older than 10 minutes is expired', async () => {
      const site = await auth.factory.site();
      const clientId = await publicClient();
      const { code, verifier } = await authorizeCode(clientId, site.owner);
      const payload = await expireOAuthPayload(auth.ds, 'AuthorizationCode', code, 1);
      expect(payload.exp - payload.iat).toBe(600);
      const res = await tokenRequest(issuer, codeGrant(clientId, { code, verifier }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'invalid_request',
        hint: 'Authorization code has expired',
      });
    });

    it('purges expired rows but keeps expired codes and refresh tokens a week', async () => {
      const past = new Date(Date.now() - 3600_000);
      const old = new Date(Date.now() - 8 * 24 * 3600_000);
      const rows: [string, string, Date][] = [
        ['Session', 'purge-session', past],
        ['RefreshToken', 'purge-recent-rt', past],
        ['RefreshToken', 'purge-old-rt', old],
      ];
      for (const [model, id, expires] of rows) {
        await oauthPayloadRow(auth.ds, { model, id, expiresAt: expires });
      }
      await auth.app.get(TokensRepository).purgeExpired();
      const left: { id: string }[] = await auth.ds.query(
        "SELECT id FROM oauth_payloads WHERE id LIKE 'purge-%' ORDER BY id",
      );
      expect(left.map((r) => r.id)).toEqual(['purge-recent-rt']);
    });

    it('refuses a wrong code_verifier with invalid_grant "Failed to verify `code_verifier`"', async () => {
      const site = await auth.factory.site();
      const clientId = await publicClient();
      const { code } = await authorizeCode(clientId, site.owner);
      const res = await tokenRequest(
        issuer,
        codeGrant(clientId, { code, verifier: oc.randomPKCECodeVerifier() }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
      expect(res.body.hint).toBe('Failed to verify `code_verifier`');
      expect(res.body.message).toBe(res.body.error_description);
    });

    it('defaults the token resource to the authorized one; a different one is invalid_target', async () => {
      const site = await auth.factory.site();
      const clientId = await publicClient();
      const first = await authorizeCode(clientId, site.owner, { resource: API });
      const wrong = await tokenRequest(issuer, codeGrant(clientId, first, { resource: MCP }));
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('invalid_target');
      const second = await authorizeCode(clientId, site.owner, { resource: API });
      const ok = await tokenRequest(issuer, codeGrant(clientId, second));
      expect(ok.status).toBe(200);
      expect(decodeJwt(ok.body.access_token).payload.aud).toEqual([clientId, API]);
    });

    it('rotates refresh tokens; a reused one fails with the stated 401 body; narrower scope only', async () => {
      const site = await auth.factory.site();
      const c = await connectAs(issuer, site.owner, 'openid content.read content.write', {
        resource: API,
      });
      const first = c.tokens.refresh_token!;
      const wider = await tokenRequest(issuer, {
        grant_type: 'refresh_token',
        client_id: c.clientId,
        refresh_token: first,
        scope: 'content.read design.write',
      });
      expect(wider.status).toBe(400);
      expect(wider.body.error).toBe('invalid_scope');

      const refreshed = await oc.refreshTokenGrant(c.config, first, { scope: 'content.read' });
      expect(refreshed.refresh_token).not.toBe(first);
      expect(refreshed.access_token).not.toBe(c.tokens.access_token);
      expect(decodeJwt(refreshed.access_token).payload.scopes).toEqual(['content.read']);
      expect(decodeJwt(refreshed.access_token).payload.aud).toEqual([c.clientId, API]);
      expect(refreshed.id_token).toBeUndefined(); // openid not asked again

      // The old pair is revoked at once.
      const old = await auth.request('GET', '/oauth/userinfo', { token: c.tokens.access_token });
      expect(old.status).toBe(401);
      expect(
        (await auth.request('GET', '/oauth/userinfo', { token: refreshed.access_token })).status,
      ).toBe(200);

      const reuse = await tokenRequest(issuer, refreshGrant(c.clientId, first));
      expect(reuse.status).toBe(401);
      expect(reuse.body).toEqual(refreshRefused('Token has been revoked'));
      expect(reuse.headers.get('cache-control')).toBe('no-store');
    });

    it('an expired refresh token answers hint "Token has expired"', async () => {
      const site = await auth.factory.site();
      const c = await connectAs(issuer, site.owner, 'content.read');
      const rt = c.tokens.refresh_token!;
      const payload = await expireOAuthPayload(auth.ds, 'RefreshToken', rt, 10);
      expect(payload.exp - payload.iat).toBe(30 * 24 * 3600); // spec 5.2: 30 days
      const res = await tokenRequest(issuer, refreshGrant(c.clientId, rt));
      expect(res.status).toBe(401);
      expect(res.body).toEqual(refreshRefused('Token has expired'));
    });

    it('issues a refresh token without offline_access and answers the same for JSON and form', async () => {
      const site = await auth.factory.site();
      const c = await connectAs(issuer, site.owner, 'content.read');
      const res = await fetch(`${issuer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(refreshGrant(c.clientId, c.tokens.refresh_token!)),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Record<string, any>).refresh_token).toEqual(expect.any(String));
    });
  });

  describe('authorization errors (4.13 table)', () => {
    async function authorize(params: Record<string, string>, accept?: string) {
      const res = await fetch(`${issuer}/oauth/authorize?${new URLSearchParams(params)}`, {
        redirect: 'manual',
        headers: accept ? { accept } : {},
      });
      return { status: res.status, location: res.headers.get('location'), text: await res.text() };
    }
    const base = async (clientId: string) =>
      Object.fromEntries(await authorizeQuery(clientId, { state: 's1' }));

    it('unknown client: 401 invalid_client shown to the person, no redirect', async () => {
      const res = await authorize({ ...(await base('no-such-client')) });
      expect(res.status).toBe(401);
      expect(res.location).toBeNull();
      expect(res.text).toContain('invalid_client');
      const json = await authorize({ ...(await base('no-such-client')) }, 'application/json');
      expect(JSON.parse(json.text)).toMatchObject({
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    });

    it('unregistered redirect_uri: 401 invalid_client, no redirect', async () => {
      const clientId = await publicClient();
      const res = await authorize({
        ...(await base(clientId)),
        redirect_uri: 'https://evil.example/cb',
      });
      expect(res.status).toBe(401);
      expect(res.location).toBeNull();
      expect(res.text).toContain('invalid_client');
    });

    it('public client without code_challenge: 400 invalid_request with the hint, no redirect', async () => {
      const clientId = await publicClient();
      const params = await base(clientId);
      delete (params as Partial<typeof params>).code_challenge;
      const res = await authorize(params, 'application/json');
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(JSON.parse(res.text)).toMatchObject({
        error: 'invalid_request',
        hint: 'Code challenge must be provided for public clients',
      });
    });

    it('other resource: 400 invalid_target, no redirect', async () => {
      const clientId = await publicClient();
      const res = await authorize(
        { ...(await base(clientId)), resource: 'https://other.example' },
        'application/json',
      );
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(JSON.parse(res.text).error).toBe('invalid_target');
    });

    it('unknown scope: redirect with invalid_scope and iss, no state', async () => {
      const clientId = await publicClient();
      const res = await authorize({ ...(await base(clientId)), scope: 'content.read admin' });
      expect(res.status).toBe(302);
      const loc = new URL(res.location!);
      expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT);
      expect(loc.searchParams.get('error')).toBe('invalid_scope');
      expect(loc.searchParams.get('iss')).toBe(issuer);
      expect(loc.searchParams.has('state')).toBe(false);
    });

    /** A new site's owner goes through the browser flow of a new public client. */
    async function ownerInBrowser(more: Parameters<typeof authorizeInBrowser>[2]) {
      const site = await auth.factory.site();
      const clientId = await publicClient();
      const params = new URLSearchParams(await base(clientId));
      return authorizeInBrowser(`${issuer}/oauth/authorize?${params}`, site.owner, more);
    }

    it('person denies: redirect with access_denied, state and iss', async () => {
      const flow = await ownerInBrowser({ decision: 'deny' });
      expect(flow.callback!.searchParams.get('error')).toBe('access_denied');
      expect(flow.callback!.searchParams.get('state')).toBe('s1');
      expect(flow.callback!.searchParams.get('iss')).toBe(issuer);
      expect(flow.callback!.searchParams.has('code')).toBe(false);
    });

    it('wrong password keeps the person on the sign-in page', async () => {
      const flow = await ownerInBrowser({ password: 'wrong-password' });
      expect(flow.callback).toBeUndefined();
      expect(flow.page!.status).toBe(422);
      expect(flow.page!.html).toContain('These credentials do not match our records.');
    });

    it('loopback redirect URIs match on any port; host and path must match', async () => {
      const site = await auth.factory.site();
      const clientId = await publicClient(['http://127.0.0.1/cb']);
      const params = { ...(await base(clientId)), redirect_uri: 'http://127.0.0.1:53123/cb' };
      const flow = await authorizeInBrowser(
        `${issuer}/oauth/authorize?${new URLSearchParams(params)}`,
        site.owner,
        {},
        'http://127.0.0.1:53123/cb',
      );
      expect(flow.callback!.searchParams.get('code')).toEqual(expect.any(String));
      const otherPath = await authorize({
        ...params,
        redirect_uri: 'http://127.0.0.1:53123/other',
      });
      expect(otherPath.status).toBe(401);
      const otherHost = await authorize({ ...params, redirect_uri: 'http://localhost:53123/cb' });
      expect(otherHost.status).toBe(401);
    });
  });

  describe('consent', () => {
    it('several sites: none ticked first, at least one required, only the account’s own sites', async () => {
      const owner = await auth.factory.user();
      const a = await auth.factory.site({ owner, name: 'Alpha' });
      const b = await auth.factory.site({ owner, name: 'Beta' });
      const foreign = await auth.factory.site({ name: 'Foreign' });
      await auth.factory.member(foreign, owner, 'admin'); // a member, not the owner's account
      const clientId = await publicClient();
      const params = await authorizeQuery(clientId);
      const browser = new Browser();
      // Every step signs in as the owner in the same browser; `sites` are the ones ticked, if any.
      const consentAs = (url: string, sites?: number[]) =>
        runAuthorization(browser, url, REDIRECT, {
          email: owner.email,
          password: TEST_PASSWORD,
          ...(sites === undefined ? {} : { sites }),
        });
      const authorizeUrl = () => `${issuer}/oauth/authorize?${params}`;
      const none = await consentAs(authorizeUrl(), []);
      const page = none.consentPages[0];
      expect(page).toContain('Alpha');
      expect(page).toContain('Beta');
      expect(page).not.toContain('Foreign');
      expect(page).not.toContain(' checked');
      expect(none.page!.status).toBe(422);
      expect(none.page!.html).toContain('Choose at least one help center.');

      const ok = await consentAs(none.page!.url, [b.id]);
      expect(ok.callback!.searchParams.get('code')).toEqual(expect.any(String));

      // Approved and a site covered: straight back, no screen.
      const again = await consentAs(authorizeUrl());
      expect(again.consentPages).toHaveLength(0);
      expect(again.signInShown).toBe(false);
      expect(again.callback!.searchParams.get('code')).toEqual(expect.any(String));

      // prompt=consent shows it again, with the earlier site ticked.
      params.set('prompt', 'consent');
      const forced = await consentAs(authorizeUrl(), [a.id, b.id]);
      expect(forced.consentPages).toHaveLength(1);
      expect(forced.consentPages[0]).toMatch(new RegExp(`value="${b.id}" checked`));
      expect(forced.consentPages[0]).not.toMatch(new RegExp(`value="${a.id}" checked`));
      expect(forced.callback!.searchParams.get('code')).toEqual(expect.any(String));

      // A new scope asks again.
      params.delete('prompt');
      params.set('scope', 'content.read content.write');
      const wider = await consentAs(authorizeUrl(), [a.id]);
      expect(wider.consentPages).toHaveLength(1);
      expect(wider.consentPages[0]).toContain('content.write');
    });

    it('for the tool server, sites whose plan lacks it are listed but cannot be ticked', async () => {
      const owner = await auth.factory.user();
      const growth = await auth.factory.site({ owner, name: 'Growth Site', plan: 'growth' });
      const starter = await auth.factory.site({ owner, name: 'Starter Site', plan: 'starter' });
      const c = await connectAs(issuer, owner, 'content.read', {
        resource: MCP,
        sites: [growth.id, starter.id],
      });
      const page = c.flow.consentPages[0];
      expect(page).toContain('Starter Site');
      expect(page).toMatch(new RegExp(`value="${starter.id}" disabled`));
      const rows: { site_ids: number[] | string }[] = await auth.ds.query(
        'SELECT site_ids FROM oauth_connections WHERE user_id = ? AND client_id = ?',
        [owner.id, c.clientId],
      );
      const shared =
        typeof rows[0].site_ids === 'string' ? JSON.parse(rows[0].site_ids) : rows[0].site_ids;
      expect(shared).toEqual([growth.id]);
      expect(decodeJwt(c.tokens.access_token).payload.aud).toEqual([c.clientId, MCP]);
    });
  });

  describe('confidential clients registered by support', () => {
    it('hc oauth client create / rotate-secret; the secret works by Basic and in the body', async () => {
      const created = (await runCli('oauth client create', {
        name: 'Support App',
        'redirect-uri': [REDIRECT, 'https://support.example/cb'],
        confidential: true,
      })) as { client: Record<string, any> };
      expect(created.client).toMatchObject({
        client_name: 'Support App',
        redirect_uris: [REDIRECT, 'https://support.example/cb'],
        token_endpoint_auth_method: 'client_secret_basic',
        client_secret: expect.any(String),
      });
      const clientId = created.client.client_id;
      const site = await auth.factory.site();
      const first = await authorizeCode(clientId, site.owner, {
        code_challenge: '',
        code_challenge_method: '',
      });
      // Basic.
      const basic = Buffer.from(`${clientId}:${created.client.client_secret}`).toString('base64');
      const viaBasic = await tokenRequest(
        issuer,
        { grant_type: 'authorization_code', code: first.code, redirect_uri: REDIRECT },
        { authorization: `Basic ${basic}` },
      );
      expect(viaBasic.status).toBe(200);
      // In the body, although registered for Basic.
      const second = await authorizeCode(clientId, site.owner, {
        code_challenge: '',
        code_challenge_method: '',
      });
      const viaBody = await tokenRequest(issuer, {
        grant_type: 'authorization_code',
        code: second.code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        client_secret: created.client.client_secret,
      });
      expect(viaBody.status).toBe(200);

      const rotated = (await runCli('oauth client rotate-secret', { client: clientId })) as {
        client: Record<string, any>;
      };
      expect(rotated.client.client_id).toBe(clientId);
      expect(rotated.client.client_secret).not.toBe(created.client.client_secret);
      const refreshWith = (secret: string) =>
        tokenRequest(
          issuer,
          refreshGrant(clientId, viaBody.body.refresh_token, { client_secret: secret }),
        );
      const stale = await refreshWith(created.client.client_secret);
      expect(stale.status).toBe(401);
      expect(stale.body.error).toBe('invalid_client');
      const fresh = await refreshWith(rotated.client.client_secret);
      expect(fresh.status).toBe(200);
    });

    it('works with openid-client using client_secret_post', async () => {
      const created = (await runCli('oauth client create', {
        name: 'Post App',
        'redirect-uri': REDIRECT,
        confidential: 'true',
      })) as {
        client: Record<string, any>;
      };
      const site = await auth.factory.site();
      const config = await clientConfig(
        issuer,
        created.client.client_id,
        oc.ClientSecretPost(created.client.client_secret),
      );
      const { url, verifier } = await openidAuthorizeUrl(config, 'p');
      const flow = await authorizeInBrowser(url, site.owner);
      const tokens = await oc.authorizationCodeGrant(config, flow.callback!, {
        pkceCodeVerifier: verifier,
        expectedState: 'p',
      });
      expect(tokens.claims()!.aud).toBe(created.client.client_id);
    });
  });
});
