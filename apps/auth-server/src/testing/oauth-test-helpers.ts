/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies in tests */
// Test helpers: a cookie-keeping browser that signs in and answers the consent screen with
// plain form posts, and openid-client configured for this test server.
import * as oc from 'openid-client';

export class Browser {
  private readonly cookies = new Map<string, string>();

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(
    url: string,
    init: { method?: string; form?: Record<string, string | string[]> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    let body: string | undefined;
    if (init.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form))
        for (const one of [v].flat()) params.append(k, one);
      body = params.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.keep(res);
    return res;
  }
}

export interface AuthorizeOptions {
  email: string;
  password: string;
  /** Site ids to tick on the consent screen. */
  sites?: number[];
  decision?: 'approve' | 'deny';
}

export interface AuthorizeResult {
  /** The redirect back to the client, when the flow ended there. */
  callback?: URL;
  /** The last page shown (status and HTML) when the flow stopped on a page. */
  page?: { status: number; url: string; html: string };
  /** Every consent page shown on the way. */
  consentPages: string[];
  signInShown: boolean;
}

/** Follows a browser through authorize → sign-in → consent → back to `redirectUri`. */
export async function runAuthorization(
  browser: Browser,
  authorizeUrl: string,
  redirectUri: string,
  options: AuthorizeOptions,
): Promise<AuthorizeResult> {
  const result: AuthorizeResult = { consentPages: [], signInShown: false };
  const redirectBase = new URL(redirectUri);
  let next = authorizeUrl;
  let form: Record<string, string | string[]> | undefined;
  for (let hops = 0; hops < 20; hops++) {
    const res = await browser.fetch(next, { form });
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      const location = new URL(res.headers.get('location')!, next);
      if (location.origin === redirectBase.origin && location.pathname === redirectBase.pathname) {
        result.callback = location;
        return result;
      }
      next = location.toString();
      continue;
    }
    const html = await res.text();
    const path = new URL(next).pathname;
    if (res.status === 200 && path.startsWith('/signin/')) {
      result.signInShown = true;
      form = { email: options.email, password: options.password };
      continue;
    }
    if (res.status === 200 && path.startsWith('/consent/') && !result.consentPages.includes(html)) {
      result.consentPages.push(html);
      form = {
        decision: options.decision ?? 'approve',
        ...(options.sites ? { site: options.sites.map(String) } : {}),
      };
      continue;
    }
    result.page = { status: res.status, url: next, html };
    return result;
  }
  throw new Error('too many redirects');
}

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

export interface Connection {
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
): Promise<Connection> {
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
