// OAuth 2.1 / OIDC through the one origin, as a real app sees it: openid-client against the
// edge's discovery, registration, PKCE, the sign-in and consent pages, tokens used at the REST
// API, refresh rotation, userinfo, and disconnecting under connected apps.
import { decodeJwt, oc, tokenRequest } from '@hc/testing';
import { authorizeDemoApp } from './support/oauth-app';
import { cli, edge, hc, stack, unique } from './support/stack';

const REDIRECT = 'http://127.0.0.1:7788/callback';

describe('OAuth through the edge (spec 4.13, 5.2)', () => {
  it('discovery names the public origin and sends no CORS headers', async () => {
    const res = await edge('GET', '/.well-known/oauth-authorization-server', {
      headers: { origin: 'https://app.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body.issuer).toBe(stack.publicUrl);
    expect(res.body.token_endpoint).toBe(`${stack.publicUrl}/oauth/token`);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('connects an app for the demo owner, calls the API, refreshes, and is cut off by disconnecting', async () => {
    const { reg, config, verifier, browser, flow } = await authorizeDemoApp({
      redirect: REDIRECT,
      name: 'E2E App',
      scope: 'openid email content.read',
      state: 'e2e',
      sites: [stack.demo.site.id],
    });
    expect(flow.callback?.searchParams.get('iss')).toBe(stack.publicUrl);
    const tokens = await oc.authorizationCodeGrant(config, flow.callback!, {
      pkceCodeVerifier: verifier,
      expectedState: 'e2e',
    });
    expect(tokens.claims()).toMatchObject({
      sub: String(stack.demo.user.id),
      email: stack.demo.user.email,
    });
    expect(decodeJwt(tokens.access_token).header.kid).toBeUndefined();

    const sites = await edge('GET', '/v1/sites', { token: tokens.access_token });
    expect(sites.status).toBe(200);
    expect(sites.body.sites.map((s: { id: number }) => s.id)).toContain(stack.demo.site.id);
    const articles = await edge('GET', `/v1/articles?site=${stack.demo.site.id}`, {
      token: tokens.access_token,
    });
    expect(articles.status).toBe(200);

    const refreshed = await oc.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await edge('GET', '/v1/', { token: tokens.access_token })).status).toBe(401);
    expect((await edge('GET', '/v1/', { token: refreshed.access_token })).status).toBe(200);
    const info = await oc.fetchUserInfo(config, refreshed.access_token, String(stack.demo.user.id));
    expect(info.email).toBe(stack.demo.user.email);

    // Connected apps (issue 38): the dashboard's screen at the spec's address, whose calls go to
    // auth-server's JSON with the session's anti-CSRF header; the person disconnects and
    // everything stops at once.
    const screen = await browser.fetch(`${stack.publicUrl}/app/account/connected-apps`);
    expect(screen.status).toBe(200);
    expect(await screen.text()).toMatch(/<script type="module"[^>]* src="\/app\/assets\//);
    const account = await (await browser.fetch(`${stack.publicUrl}/app/account`)).text();
    const headers = { 'x-csrf-token': /name="csrf" value="([^"]+)"/.exec(account)![1] };
    const connections = `${stack.publicUrl}/app/account/connections`;
    expect((await browser.fetch(connections)).status).toBe(401); // no header: nothing shown
    const listed = await browser.fetch(connections, { headers });
    const { data } = (await listed.json()) as { data: { client_id: string }[] };
    const mine = data.find((c) => c.client_id === reg.body.client_id);
    expect(mine).toMatchObject({ client_name: 'E2E App', user_id: stack.demo.user.id });
    const one = `${connections}/${stack.demo.user.id}/${encodeURIComponent(reg.body.client_id)}`;
    expect((await browser.fetch(one, { method: 'DELETE' })).status).toBe(401);
    expect((await edge('GET', '/v1/', { token: refreshed.access_token })).status).toBe(200);
    const done = await browser.fetch(one, { method: 'DELETE', headers });
    expect(done.status).toBe(200);
    expect(JSON.stringify(await done.json())).not.toContain(reg.body.client_id);
    expect((await edge('GET', '/v1/', { token: refreshed.access_token })).status).toBe(401);
    const again = await tokenRequest(stack.publicUrl, {
      grant_type: 'refresh_token',
      client_id: reg.body.client_id,
      refresh_token: refreshed.refresh_token!,
    });
    expect(again.status).toBe(401);
    expect(again.body.error_description).toBe('The refresh token is invalid.');
  });

  it('a confidential client registered by support with hc oauth client create', async () => {
    const { client } = await cli('oauth client create', {
      name: unique('Support'),
      'redirect-uri': REDIRECT,
      confidential: true,
    });
    expect(client.client_secret).toEqual(expect.any(String));
    const rotated = await hc('oauth', 'client', 'rotate-secret', '--client', client.client_id);
    expect(rotated.client).toEqual({
      client_id: client.client_id,
      client_secret: expect.any(String),
    });
    expect(rotated.client.client_secret).not.toBe(client.client_secret);
  });
});
