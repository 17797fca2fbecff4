import {
  Browser,
  clientConfig,
  csrfOf,
  FormClient,
  oc,
  registerClient,
  runAuthorization,
  startIssuer,
  TEST_PASSWORD,
  TestApp,
  TestUser,
} from '@hc/testing';
import { createAuthServer } from '../app.factory';

let addresses = 0;
const freshAddress = () => `10.14.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** Issue #15 item 3 and issue #14 "Cookies": CSRF on every form, sessions revocable everywhere. */
describe('dashboard sessions and form protection (issues #14, #15)', () => {
  let auth: TestApp;

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
  });
  afterAll(() => auth.close());

  /** A raw form post, as a page elsewhere would make it (no page of ours opened first). */
  const post = (path: string, form: Record<string, string>, headers: Record<string, string>) =>
    fetch(auth.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });

  async function signedIn(user: TestUser): Promise<FormClient> {
    const client = new FormClient(auth.url, freshAddress());
    const res = await client.submit('/signin', '/signin', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(303);
    return client;
  }

  async function sessionRows(userId: number): Promise<number> {
    const rows = await auth.ds.query(
      'SELECT COUNT(*) AS n FROM dashboard_sessions WHERE user_id = ?',
      [userId],
    );
    return Number(rows[0].n);
  }

  it('the sign-in form refuses posts without its token, with another browser’s, or from another origin', async () => {
    const user = await auth.factory.user();
    const form = { email: user.email, password: TEST_PASSWORD };
    // No token at all (a form on another site): refused, nobody signed in.
    const bare = await post('/signin', form, { 'x-forwarded-for': freshAddress() });
    expect(bare.status).toBe(403);
    expect(bare.headers.getSetCookie().some((c) => c.startsWith('hc_dashboard='))).toBe(false);
    expect(await bare.text()).toContain('The form expired. Reload the page and try again.');

    // The attacker's own page and cookie, its token posted with the victim's cookie: refused.
    const attacker = await fetch(`${auth.url}/signin`);
    const attackerToken = csrfOf(await attacker.text());
    const victim = await fetch(`${auth.url}/signin`);
    const victimCookie = victim.headers.getSetCookie()[0].split(';')[0];
    const crossed = await post(
      '/signin',
      { ...form, csrf: attackerToken },
      { cookie: victimCookie, 'x-forwarded-for': freshAddress() },
    );
    expect(crossed.status).toBe(403);

    // The right token, posted by a page on the reader origin (one machine shares cookies).
    const page = await fetch(`${auth.url}/signin`);
    const cookie = page.headers.getSetCookie()[0].split(';')[0];
    const csrf = csrfOf(await page.text());
    const fromReader = await post(
      '/signin',
      { ...form, csrf },
      { cookie, origin: 'http://localhost:8081', 'x-forwarded-for': freshAddress() },
    );
    expect(fromReader.status).toBe(403);
    expect(await sessionRows(user.id)).toBe(0);

    const ok = await post(
      '/signin',
      { ...form, csrf },
      { cookie, origin: auth.url, 'x-forwarded-for': freshAddress() },
    );
    expect(ok.status).toBe(303);
    expect(await sessionRows(user.id)).toBe(1);
  });

  it('cookies are host-only, HttpOnly, SameSite=Lax, distinctly named, and __Host- with Secure under https', async () => {
    const user = await auth.factory.user();
    const client = new FormClient(auth.url, freshAddress());
    const page = await fetch(`${auth.url}/signin`);
    const formCookie = page.headers.getSetCookie()[0];
    expect(formCookie).toMatch(/^hc_auth_forms=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const res = await post(
      '/signin',
      { email: user.email, password: TEST_PASSWORD, csrf: csrfOf(await page.text()) },
      { cookie: formCookie.split(';')[0], 'x-forwarded-for': client.address },
    );
    const session = res.headers.getSetCookie().find((c) => c.startsWith('hc_dashboard='));
    expect(session).toMatch(/^hc_dashboard=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(session).not.toMatch(/Domain=/i);

    // Behind a TLS-terminating proxy (X-Forwarded-Proto from loopback is believed).
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': freshAddress() };
    const securePage = await fetch(`${auth.url}/signin`, { headers: https });
    const secureFormCookie = securePage.headers.getSetCookie()[0];
    expect(secureFormCookie).toMatch(
      /^__Host-hc_auth_forms=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    const secure = await post(
      '/signin',
      { email: user.email, password: TEST_PASSWORD, csrf: csrfOf(await securePage.text()) },
      { ...https, cookie: secureFormCookie.split(';')[0] },
    );
    expect(secure.status).toBe(303);
    expect(secure.headers.getSetCookie().find((c) => c.includes('hc_dashboard='))).toMatch(
      /^__Host-hc_dashboard=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/,
    );
  });

  it('each session has its own CSRF token; another session’s token is refused', async () => {
    const user = await auth.factory.user();
    const a = await signedIn(user);
    const b = await signedIn(user);
    const tokenA = csrfOf((await a.get('/app/account')).html);
    const tokenB = csrfOf((await b.get('/app/account')).html);
    expect(tokenA).toHaveLength(43);
    expect(tokenA).not.toBe(tokenB);
    const forged = await a.submit('/app/account', '/app/account/sign-out-everywhere', {
      csrf: tokenB,
    });
    expect(forged.status).toBe(403);
    expect(await sessionRows(user.id)).toBe(2);
  });

  it('"sign out everywhere" revokes every dashboard session of the person on the server', async () => {
    const user = await auth.factory.user();
    const other = await auth.factory.user();
    const laptop = await signedIn(user);
    const phone = await signedIn(user);
    const someoneElse = await signedIn(other);
    expect((await phone.get('/app/account')).status).toBe(200);
    const account = await laptop.get('/app/account');
    expect(account.html).toContain('Sign out everywhere');

    const res = await laptop.submit('/app/account', '/app/account/sign-out-everywhere', {});
    expect(res.status).toBe(303);
    expect(res.location).toBe('/signin?return=%2Fapp%2Faccount');
    expect(await sessionRows(user.id)).toBe(0);
    for (const device of [laptop, phone]) {
      const page = await device.get('/app/account');
      expect(page.status).toBe(303);
      expect(page.location).toContain('/signin');
    }
    // Nobody else's sessions are touched.
    expect((await someoneElse.get('/app/account')).status).toBe(200);
    expect(await sessionRows(other.id)).toBe(1);
  });

  it('oidc-provider’s cookies have names of their own, host-only, HttpOnly, SameSite=Lax', async () => {
    const redirectUri = 'http://127.0.0.1:4999/callback';
    const { client_id: clientId } = (
      await registerClient(auth.url, { redirect_uris: [redirectUri], client_name: 'Cookie App' })
    ).body;
    const url = oc.buildAuthorizationUrl(await clientConfig(auth.url, clientId), {
      redirect_uri: redirectUri,
      scope: 'content.read',
      code_challenge: await oc.calculatePKCECodeChallenge(oc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const set = res.headers.getSetCookie();
    const names = set.map((c) => c.slice(0, c.indexOf('=')));
    expect(names).toContain('hc_oidc_interaction');
    expect(names).toContain('hc_oidc_resume');
    expect(names.every((n) => n.startsWith('hc_oidc_'))).toBe(true);
    for (const cookie of set) {
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(cookie).not.toMatch(/; domain=/i);
    }
  });

  it('a consent posted without the page’s token approves nothing', async () => {
    const user = await auth.factory.user();
    await auth.factory.site({ owner: user, name: 'Docs' });
    const redirectUri = 'http://127.0.0.1:4999/callback';
    const { client_id: clientId } = (
      await registerClient(auth.url, { redirect_uris: [redirectUri], client_name: 'Forged App' })
    ).body;
    const config = await clientConfig(auth.url, clientId);
    const url = oc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'content.read',
      code_challenge: await oc.calculatePKCECodeChallenge(oc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: oc.randomState(),
    });
    // A browser whose consent post lacks the token, as a post made by another page would.
    class Forging extends Browser {
      override fetch(target: string, init: Parameters<Browser['fetch']>[1] = {}) {
        if (new URL(target).pathname.startsWith('/consent/') && init.form) {
          const { csrf: _dropped, ...rest } = init.form;
          return super.fetch(target, { ...init, form: rest });
        }
        return super.fetch(target, init);
      }
    }
    const flow = await runAuthorization(new Forging(), url.toString(), redirectUri, {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(flow.callback).toBeUndefined();
    expect(flow.page?.status).toBe(403);
    expect(flow.page?.html).toContain('The form expired.');
    const rows = await auth.ds.query(
      'SELECT COUNT(*) AS n FROM oauth_connections WHERE user_id = ? AND client_id = ?',
      [user.id, clientId],
    );
    expect(Number(rows[0].n)).toBe(0);
  });
});
