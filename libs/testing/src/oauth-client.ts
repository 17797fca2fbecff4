// OAuth client helpers for tests: openid-client configured for a test auth-server (plain http
// allowed), registration, the whole flow for a person, raw token requests.
import * as oc from 'openid-client';
import { AuthorizeResult, Browser, runAuthorization } from './oauth-browser';

/** openid-client's configuration for a client of the test server (plain http allowed). */
export async function clientConfig(
  issuer: string,
  clientId: string,
  auth: oc.ClientAuth = oc.None(),
): Promise<oc.Configuration> {
  return oc.discovery(new URL(issuer), clientId, undefined, auth, {
    execute: [oc.allowInsecureRequests],
  });
}

export function decodeJwt(token: string): {
  header: Record<string, any>;
  payload: Record<string, any>;
} {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')),
  };
}

export { oc };

let ipCounter = 0;
/** A fresh client address, so registrations in a test never share the 10-per-hour budget. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export async function registerClient(
  issuer: string,
  body: Record<string, unknown>,
  ip = freshIp(),
) {
  const res = await fetch(`${issuer}/oauth/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-forwarded-for': ip,
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, any>,
  };
}

export interface OAuthConnection {
  clientId: string;
  config: oc.Configuration;
  tokens: oc.TokenEndpointResponse & oc.TokenEndpointResponseHelpers;
  browser: Browser;
  flow: AuthorizeResult;
}

/** Registers a public client and runs the whole flow for a person; returns the tokens. */
export async function connectApp(
  issuer: string,
  options: {
    email: string;
    password: string;
    scope: string;
    resource?: string;
    sites?: number[];
    clientId?: string;
    redirectUri?: string;
    browser?: Browser;
    prompt?: string;
  },
): Promise<OAuthConnection> {
  const redirectUri = options.redirectUri ?? 'http://127.0.0.1:4999/callback';
  const clientId =
    options.clientId ??
    (await registerClient(issuer, { redirect_uris: [redirectUri], client_name: 'Helper App' })).body
      .client_id;
  const config = await clientConfig(issuer, clientId);
  const verifier = oc.randomPKCECodeVerifier();
  const state = oc.randomState();
  const url = oc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: options.scope,
    code_challenge: await oc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(options.resource ? { resource: options.resource } : {}),
    ...(options.prompt ? { prompt: options.prompt } : {}),
  });
  const browser = options.browser ?? new Browser();
  const flow = await runAuthorization(browser, url.toString(), redirectUri, options);
  if (!flow.callback)
    throw new Error(`authorization stopped on ${flow.page?.url} (${flow.page?.status})`);
  const tokens = await oc.authorizationCodeGrant(config, flow.callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { clientId, config, tokens, browser, flow };
}

/** The redirect URI the helpers register by default (nothing listens there: the flow stops at it). */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:4999/callback';

/**
 * An authorize URL of `issuer` with PKCE (S256) for `clientId`, scope `content.read` and
 * `TEST_REDIRECT_URI`; `extra` adds or replaces parameters. Returns the verifier with it.
 */
export async function pkceAuthorizeUrl(
  issuer: string,
  clientId: string,
  extra: Record<string, string> = {},
): Promise<{ url: string; verifier: string }> {
  const verifier = oc.randomPKCECodeVerifier();
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: TEST_REDIRECT_URI,
    scope: 'content.read',
    code_challenge: await oc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url: `${issuer}/oauth/authorize?${params}`, verifier };
}

/**
 * authorize → sign-in → consent as `person` (in `browser`, a fresh one by default); the code is
 * not exchanged.
 * Returns the code, its PKCE verifier and the flow (pages shown, the callback).
 */
export async function authorizeCode(
  issuer: string,
  clientId: string,
  person: { email: string; password: string },
  extra: Record<string, string> = {},
  browser: Browser = new Browser(),
): Promise<{ code: string; verifier: string; flow: AuthorizeResult }> {
  const { url, verifier } = await pkceAuthorizeUrl(issuer, clientId, extra);
  const flow = await runAuthorization(
    browser,
    url,
    extra.redirect_uri ?? TEST_REDIRECT_URI,
    person,
  );
  return { code: flow.callback!.searchParams.get('code')!, verifier, flow };
}

/** A raw form post to the token endpoint (for exact error bodies). */
export async function tokenRequest(
  issuer: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${issuer}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      ...headers,
    },
    body: new URLSearchParams(params).toString(),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, any>,
  };
}
