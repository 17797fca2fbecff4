import { Controller, Get, Module, Post } from '@nestjs/common';
import { createHmac, createPrivateKey, sign } from 'node:crypto';
import { ApiKeysOnly, Ctx, RequestContext, Scopes, SiteOptional } from '@hc/auth';
import { CoreModule, createHttpApp } from '@hc/http';
import {
  authorizeCode,
  Browser,
  connectApp,
  decodeJwt,
  startIssuer,
  startTestApp,
  TEST_PASSWORD,
  TEST_REDIRECT_URI,
  TestApp,
  TestUser,
  tokenRequest,
} from '@hc/testing';
// The REST side of the flow: this test drives content-api next to auth-server on purpose.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createContentApi } from '../../../content-api/src/app.factory';
import { createAuthServer } from '../app.factory';

const API = 'http://localhost:8080';
const MCP = 'http://localhost:8080/mcp';

/** Routes that show what the credential guard made of a bearer token. */
@Controller('probe')
class ProbeController {
  @Get('site')
  @Scopes('content.read')
  site(@Ctx() ctx: RequestContext) {
    const credential = ctx.credential.kind === 'oauth' ? ctx.credential : null;
    return {
      site: ctx.site?.id,
      role: ctx.principal.role,
      notesAccess: ctx.principal.notesAccess,
      rateLimitKey: ctx.rateLimitKey,
      toolTraffic: credential?.toolTraffic,
    };
  }

  @Get('sites')
  @Scopes()
  @SiteOptional()
  sites(@Ctx() ctx: RequestContext) {
    return { sites: ctx.credential.kind === 'oauth' ? ctx.credential.siteIds : [] };
  }

  @Post('write')
  @Scopes('content.write')
  write() {
    return { ok: true };
  }

  @Post('change-set')
  @Scopes('content.write')
  @ApiKeysOnly()
  changeSet() {
    return { ok: true };
  }
}

@Module({ imports: [CoreModule.forRoot()], controllers: [ProbeController] })
class ProbeModule {}

describe('bearer tokens across the APIs (spec 5.2, 5.3)', () => {
  let auth: TestApp;
  let api: TestApp;
  let probe: TestApp;
  let issuer: string;

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
    issuer = auth.url;
    api = await startTestApp(createContentApi);
    probe = await startTestApp(() => createHttpApp(ProbeModule));
  });
  afterAll(async () => {
    await Promise.all([auth.close(), api.close(), probe.close()]);
  });

  const connect = (
    person: TestUser,
    scope: string,
    options: { resource?: string; sites?: number[] } = {},
  ) =>
    connectApp(issuer, {
      email: person.email,
      password: TEST_PASSWORD,
      scope,
      resource: options.resource ?? API,
      sites: options.sites,
    });

  it('works at content-api: GET /, GET /sites lists the shared sites only', async () => {
    const owner = await auth.factory.user();
    const a = await auth.factory.site({ owner });
    const b = await auth.factory.site({ owner });
    await auth.factory.site({ owner }); // not shared
    const c = await connect(owner, 'content.read', { sites: [a.id, b.id] });
    const root = await api.request('GET', '/v1/', { token: c.tokens.access_token });
    expect(root.status).toBe(200);
    const sites = await api.request('GET', '/v1/sites', { token: c.tokens.access_token });
    expect(sites.status).toBe(200);
    expect(sites.body.sites.map((s: { id: number }) => s.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('chooses the site by X-Service-Site or ?site; several sites and none named → site_required', async () => {
    const owner = await auth.factory.user();
    const a = await auth.factory.site({ owner });
    const b = await auth.factory.site({ owner });
    const other = await auth.factory.site();
    const c = await connect(owner, 'content.read', { sites: [a.id, b.id] });
    const token = c.tokens.access_token;
    const none = await probe.request('GET', '/probe/site', { token });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('site_required');
    const byHeader = await probe.request('GET', '/probe/site', {
      token,
      headers: { 'X-Service-Site': String(b.id) },
    });
    expect(byHeader.body.site).toBe(b.id);
    expect(byHeader.body.role).toBe('owner');
    const byQuery = await probe.request('GET', `/probe/site?site=${a.id}`, { token });
    expect(byQuery.body.site).toBe(a.id);
    const foreign = await probe.request('GET', '/probe/site', {
      token,
      headers: { 'X-Service-Site': String(other.id) },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('site_forbidden');
    // One budget per app and account (spec 5.2).
    expect(byHeader.body.rateLimitKey).toBe(`app:${c.clientId}:${owner.accountId}`);
  });

  it('a person whose account owns no site: 400 site_required on content, GET /sites still works', async () => {
    const person = await auth.factory.user();
    const c = await connect(person, 'content.read');
    const content = await api.request('GET', '/v1/articles', { token: c.tokens.access_token });
    expect(content.status).toBe(400);
    expect(content.body.code).toBe('site_required');
    const sites = await api.request('GET', '/v1/sites', { token: c.tokens.access_token });
    expect(sites.status).toBe(200);
    expect(sites.body.sites).toEqual([]);
  });

  it('checks scopes: a read token writing gets 403 insufficient_scope naming the scope', async () => {
    const site = await auth.factory.site();
    const c = await connect(site.owner, 'content.read');
    const res = await probe.request('POST', '/probe/write', { token: c.tokens.access_token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'insufficient_scope',
      message: 'This action requires the content.write scope.',
    });
  });

  it('change sets refuse tokens with 401 Unknown API key', async () => {
    const site = await auth.factory.site();
    const c = await connect(site.owner, 'content.read content.write');
    const res = await probe.request('POST', '/probe/change-set', { token: c.tokens.access_token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'unauthorized', message: 'Unknown API key' });
  });

  it('tool-server tokens work only on Growth and Catalyst sites (402 plan_upgrade_required)', async () => {
    const owner = await auth.factory.user();
    const growth = await auth.factory.site({ owner, plan: 'catalyst' });
    const starter = await auth.factory.site({ owner, plan: 'starter' });
    const c = await connect(owner, 'content.read', { resource: MCP, sites: [growth.id] });
    const ok = await probe.request('GET', '/probe/site', { token: c.tokens.access_token });
    expect(ok.status).toBe(200);
    expect(ok.body.toolTraffic).toBe(true);
    // Share the starter site through connected apps: the plan decides.
    const browser = await signedIn(owner);
    await saveSites(browser, owner, c.clientId, [growth.id, starter.id]);
    const refused = await probe.request('GET', '/probe/site', {
      token: c.tokens.access_token,
      headers: { 'X-Service-Site': String(starter.id) },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('plan_upgrade_required');
  });

  it('follows the person’s current role and notes access', async () => {
    const owner = await auth.factory.user();
    const site = await auth.factory.site({ owner });
    const c = await connect(owner, 'content.read');
    expect(
      (await probe.request('GET', '/probe/site', { token: c.tokens.access_token })).body,
    ).toMatchObject({ role: 'owner', notesAccess: true });
    await auth.factory.member(site, owner, 'viewer', false);
    expect(
      (await probe.request('GET', '/probe/site', { token: c.tokens.access_token })).body,
    ).toMatchObject({ role: 'viewer', notesAccess: false });
  });

  describe('malformed tokens are all 401', () => {
    let good: string;
    let clientId: string;
    let privateJwk: Record<string, string>;

    beforeAll(async () => {
      const site = await auth.factory.site();
      const c = await connect(site.owner, 'content.read');
      good = c.tokens.access_token;
      clientId = c.clientId;
      const rows: { value: string }[] = await auth.ds.query(
        "SELECT value FROM oauth_secrets WHERE name = 'signing-key'",
      );
      privateJwk = JSON.parse(rows[0].value);
    });

    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    function rs256(header: object, payload: object): string {
      const input = `${b64(header)}.${b64(payload)}`;
      const key = createPrivateKey({ key: privateJwk as any, format: 'jwk' });
      return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
    }

    async function expect401(token: string) {
      const res = await probe.request('GET', '/probe/site', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'unauthorized' });
    }

    it('accepts the real one', async () => {
      expect((await probe.request('GET', '/probe/site', { token: good })).status).toBe(200);
    });

    it('alg none', async () => {
      const { payload } = decodeJwt(good);
      await expect401(`${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(payload)}.`);
    });

    it('HS256 signed with the public key', async () => {
      const { payload } = decodeJwt(good);
      const jwks = (await auth.request('GET', '/oauth/jwks')).body.keys[0];
      const input = `${b64({ alg: 'HS256', typ: 'at+jwt' })}.${b64(payload)}`;
      for (const secret of [JSON.stringify(jwks), jwks.n]) {
        await expect401(
          `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`,
        );
      }
    });

    it('expired', async () => {
      const { payload } = decodeJwt(good);
      const now = Date.now() / 1000;
      await expect401(
        rs256(
          { alg: 'RS256', typ: 'at+jwt' },
          { ...payload, iat: now - 7200, nbf: now - 7200, exp: now - 3600 },
        ),
      );
    });

    it('wrong audience', async () => {
      const { payload } = decodeJwt(good);
      await expect401(
        rs256(
          { alg: 'RS256', typ: 'at+jwt' },
          { ...payload, aud: [clientId, 'https://elsewhere.example'], azp: clientId },
        ),
      );
    });

    it('a tampered signature, garbage, lowercase bearer', async () => {
      await expect401(`${good.slice(0, -4)}AAAA`);
      await expect401('not-a-token');
      const lower = await probe.request('GET', '/probe/site', {
        headers: { authorization: `bearer ${good}` },
      });
      expect(lower.status).toBe(401);
    });

    it('a correctly signed token that was never issued', async () => {
      const { payload } = decodeJwt(good);
      await expect401(rs256({ alg: 'RS256', typ: 'at+jwt' }, { ...payload, jti: 'never-issued' }));
    });
  });

  async function signedIn(person: TestUser): Promise<Browser> {
    const browser = new Browser();
    const form = await (await browser.fetch(`${issuer}/signin`)).text();
    const res = await browser.fetch(`${issuer}/signin`, {
      form: {
        csrf: csrfOf(form),
        email: person.email,
        password: TEST_PASSWORD,
        return: '/app/account/connected-apps',
      },
    });
    expect(res.status).toBe(303);
    return browser;
  }

  async function page(browser: Browser): Promise<string> {
    const res = await browser.fetch(`${issuer}/app/account/connected-apps`);
    expect(res.status).toBe(200);
    return res.text();
  }

  function csrfOf(html: string): string {
    return /name="csrf" value="([^"]+)"/.exec(html)![1];
  }

  async function saveSites(browser: Browser, person: TestUser, clientId: string, sites: number[]) {
    const csrf = csrfOf(await page(browser));
    const res = await browser.fetch(
      `${issuer}/app/account/connected-apps/${person.id}/${encodeURIComponent(clientId)}/sites`,
      {
        form: { csrf, site: sites.map(String) },
      },
    );
    expect(res.status).toBe(303);
  }

  describe('connected apps ({dashboard_url}/app/account/connected-apps)', () => {
    it('asks to sign in first', async () => {
      const res = await new Browser().fetch(`${issuer}/app/account/connected-apps`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/signin?return=%2Fapp%2Faccount%2Fconnected-apps');
    });

    it('changing the shared sites applies to the next request with the same token', async () => {
      const owner = await auth.factory.user();
      const a = await auth.factory.site({ owner, name: 'Site A' });
      const b = await auth.factory.site({ owner, name: 'Site B' });
      const c = await connect(owner, 'content.read', { sites: [a.id, b.id] });
      const browser = await signedIn(owner);
      const html = await page(browser);
      expect(html).toContain('Helper App');
      await saveSites(browser, owner, c.clientId, [b.id]);
      const onA = await probe.request('GET', '/probe/site', {
        token: c.tokens.access_token,
        headers: { 'X-Service-Site': String(a.id) },
      });
      expect(onA.status).toBe(403);
      expect(onA.body.code).toBe('site_forbidden');
      const onB = await probe.request('GET', '/probe/site', { token: c.tokens.access_token });
      expect(onB.body.site).toBe(b.id); // the one site left is chosen without naming it
    });

    it('disconnecting revokes every access token, refresh token and unexchanged code at once', async () => {
      const site = await auth.factory.site();
      const owner = site.owner;
      const c = await connect(owner, 'openid content.read');
      // A second authorization whose code is not exchanged yet.
      const pending = await connectPendingCode(c.clientId, owner, c.browser);
      expect(
        (await probe.request('GET', '/probe/site', { token: c.tokens.access_token })).status,
      ).toBe(200);

      const browser = await signedIn(owner);
      const csrf = csrfOf(await page(browser));
      const res = await browser.fetch(
        `${issuer}/app/account/connected-apps/${owner.id}/${encodeURIComponent(c.clientId)}/disconnect`,
        { form: { csrf } },
      );
      expect(res.status).toBe(303);
      expect(await page(browser)).not.toContain('Helper App');

      expect(
        (await probe.request('GET', '/probe/site', { token: c.tokens.access_token })).status,
      ).toBe(401);
      expect((await api.request('GET', '/v1/', { token: c.tokens.access_token })).status).toBe(401);
      expect(
        (await auth.request('GET', '/oauth/userinfo', { token: c.tokens.access_token })).status,
      ).toBe(401);
      const refresh = await tokenRequest(issuer, {
        grant_type: 'refresh_token',
        client_id: c.clientId,
        refresh_token: c.tokens.refresh_token!,
      });
      expect(refresh.status).toBe(401);
      expect(refresh.body.hint).toBe('Token has been revoked');
      const code = await tokenRequest(issuer, {
        grant_type: 'authorization_code',
        client_id: c.clientId,
        code: pending.code,
        code_verifier: pending.verifier,
        redirect_uri: pending.redirectUri,
      });
      expect(code.status).toBe(400);
      expect(code.body.hint).toBe('Authorization code has been revoked');
    });

    it('the account owner sees every connection of the account; others only their own', async () => {
      const owner = await auth.factory.user();
      const site = await auth.factory.site({ owner });
      const colleague: TestUser = await auth.factory.user({
        account: owner,
        email: `colleague-${owner.id}@example.test`,
        name: 'Colleague',
      });
      const mine = await connect(owner, 'content.read');
      const theirs = await connect(colleague, 'content.read', { sites: [site.id] });
      const ownerPage = await page(await signedIn(owner));
      expect(ownerPage).toContain(`data-client-id="${mine.clientId}"`);
      expect(ownerPage).toContain(`data-client-id="${theirs.clientId}"`);
      const colleagueBrowser = await signedIn(colleague);
      const colleaguePage = await page(colleagueBrowser);
      expect(colleaguePage).toContain(`data-client-id="${theirs.clientId}"`);
      expect(colleaguePage).not.toContain(`data-client-id="${mine.clientId}"`);
      // Not theirs to manage: answered like a missing connection.
      const res = await colleagueBrowser.fetch(
        `${issuer}/app/account/connected-apps/${owner.id}/${encodeURIComponent(mine.clientId)}/disconnect`,
        {
          form: { csrf: csrfOf(colleaguePage) },
        },
      );
      expect(res.status).toBe(404);
      expect(
        (await probe.request('GET', '/probe/site', { token: mine.tokens.access_token })).status,
      ).toBe(200);
    });
  });

  /** Runs a second authorization in the same browser and keeps its code unexchanged. */
  async function connectPendingCode(clientId: string, person: TestUser, browser: Browser) {
    const { code, verifier } = await authorizeCode(
      issuer,
      clientId,
      { email: person.email, password: TEST_PASSWORD },
      { scope: 'openid content.read' },
      browser,
    );
    return { code, verifier, redirectUri: TEST_REDIRECT_URI };
  }
});
