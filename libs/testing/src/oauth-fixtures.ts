import * as oc from 'openid-client';
import { TEST_PASSWORD } from './factory';
import { AuthorizeOptions, AuthorizeResult, Browser, runAuthorization } from './oauth-browser';
import { connectApp, OAuthConnection, TEST_REDIRECT_URI } from './oauth-client';
import type { Db } from './rows';
import { startIssuer, TestApp } from './test-app';

/**
 * The auth-server of a spec file: started (as the issuer) before its tests and closed after them.
 * Read `auth` and `issuer` inside the tests, not when the describe block is built.
 */
export function issuerPerFile(create: Parameters<typeof startIssuer>[0]): {
  readonly auth: TestApp;
  readonly issuer: string;
} {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startIssuer(create);
  });
  afterAll(() => app?.close());
  const started = (): TestApp => {
    if (!app) throw new Error('the issuer is read before beforeAll started it');
    return app;
  };
  return {
    get auth() {
      return started();
    },
    get issuer() {
      return started().url;
    },
  };
}

/** The token request that redeems an authorization code (public client, PKCE). */
export function codeGrant(
  clientId: string,
  { code, verifier }: { code: string; verifier: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: TEST_REDIRECT_URI,
    ...extra,
  };
}

/** The token request of a refresh token grant. */
export function refreshGrant(
  clientId: string,
  refreshToken: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: refreshToken,
    ...extra,
  };
}

/** The spec 4.13 body of a refresh token that is refused (`hint`: revoked, expired). */
export const refreshRefused = (hint: string) => ({
  error: 'invalid_request',
  error_description: 'The refresh token is invalid.',
  hint,
  message: 'The refresh token is invalid.',
});

/** The 4.13 body of an authorization code spent before. */
export const codeRevoked = (body: Record<string, unknown>) => ({
  error: 'invalid_request',
  error_description: expect.any(String),
  hint: 'Authorization code has been revoked',
  message: body.error_description,
});

/** Connects a new client as `person` (the factory's password) with these scopes. */
export function connectAs(
  issuer: string,
  person: { email: string },
  scope: string,
  more: { resource?: string; sites?: number[] } = {},
): Promise<OAuthConnection> {
  return connectApp(issuer, { email: person.email, password: TEST_PASSWORD, scope, ...more });
}

/**
 * Moves the expiry of a stored oidc-provider payload (`AuthorizationCode`, `RefreshToken` …)
 * `secondsAgo` into the past; returns the payload as it was before.
 */
export async function expireOAuthPayload(
  db: Db,
  model: string,
  id: string,
  secondsAgo: number,
): Promise<Record<string, any>> {
  const rows: { payload: string | Record<string, any> }[] = await db.query(
    'SELECT payload FROM oauth_payloads WHERE model = ? AND id = ?',
    [model, id],
  );
  const stored = rows[0].payload;
  const payload = typeof stored === 'string' ? JSON.parse(stored) : stored;
  const before = { ...payload };
  payload.exp = Math.floor(Date.now() / 1000) - secondsAgo;
  await db.query(
    'UPDATE oauth_payloads SET payload = ?, expires_at = ? WHERE model = ? AND id = ?',
    [JSON.stringify(payload), new Date(Date.now() - secondsAgo * 1000), model, id],
  );
  return before;
}

/** The query of an authorization request with a fresh PKCE challenge (the verifier is dropped). */
export async function authorizeQuery(
  clientId: string,
  extra: Record<string, string> = {},
): Promise<URLSearchParams> {
  return new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: TEST_REDIRECT_URI,
    scope: 'content.read',
    state: 's',
    code_challenge: await oc.calculatePKCECodeChallenge(oc.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    ...extra,
  });
}

/** openid-client's authorization URL for `config` with a fresh PKCE (S256) verifier. */
export async function openidAuthorizeUrl(
  config: oc.Configuration,
  state: string,
  scope = 'openid content.read',
): Promise<{ url: string; verifier: string }> {
  const verifier = oc.randomPKCECodeVerifier();
  const url = oc.buildAuthorizationUrl(config, {
    redirect_uri: TEST_REDIRECT_URI,
    scope,
    state,
    code_challenge: await oc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.toString(), verifier };
}

/**
 * Follows a fresh browser from the authorize URL as `person` (the factory's password unless
 * `more` gives one) back to `redirectUri`.
 */
export function authorizeInBrowser(
  url: string,
  person: { email: string },
  more: Partial<AuthorizeOptions> = {},
  redirectUri = TEST_REDIRECT_URI,
): Promise<AuthorizeResult> {
  return runAuthorization(new Browser(), url, redirectUri, {
    email: person.email,
    password: TEST_PASSWORD,
    ...more,
  });
}
