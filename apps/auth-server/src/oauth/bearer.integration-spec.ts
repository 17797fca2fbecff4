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
    const saved = await call(await signedIn(owner), `${one(owner.id, c.clientId)}/sites`, {
      method: 'PUT',
      json: { site_ids: [growth.id, starter.id] },
    });
    expect(saved.status).toBe(200);
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

  /** A signed-in dashboard browser and its session's anti-CSRF token (the account page's forms). */
  async function signedIn(person: TestUser): Promise<{ browser: Browser; csrf: string }> {
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
    const account = await browser.fetch(`${issuer}/app/account`);
    return { browser, csrf: csrfOf(await account.text()) };
  }

  const CONNECTIONS = '/app/account/connections';
  type Me = Awaited<ReturnType<typeof signedIn>>;
  type Listed = {
    data: { user_id: number; client_id: string; client_name: string; site_ids: number[] }[];
    sites: { id: number }[];
  };

  /** A JSON call of the dashboard's screen: the session's header unless `headers` replaces it. */
  function call(
    me: Me,
    path: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    return me.browser.fetch(`${issuer}${CONNECTIONS}${path}`, {
      ...init,
      headers: init.headers ?? { 'x-csrf-token': me.csrf, 'sec-fetch-site': 'same-origin' },
    });
  }

  async function list(me: Me): Promise<Listed> {
    const res = await call(me, '');
    expect(res.status).toBe(200);
    return (await res.json()) as Listed;
  }

  const one = (userId: number, clientId: string) => `/${userId}/${encodeURIComponent(clientId)}`;

  function csrfOf(html: string): string {
    return /name="csrf" value="([^"]+)"/.exec(html)![1];
  }

  describe('connected apps (JSON of {dashboard_url}/app/account/connected-apps)', () => {
    it("answers 401 without a session, without the header, with another session's header, from another origin", async () => {
      const owner = await auth.factory.user();
      await connect(owner, 'content.read');
      const anonymous = await new Browser().fetch(`${issuer}${CONNECTIONS}`, {
        headers: { 'x-csrf-token': 'x' },
      });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ status: 'unauthorized' });
      const me = await signedIn(owner);
      const other = await signedIn(owner);
      expect((await call(me, '', { headers: {} })).status).toBe(401);
      expect((await call(me, '', { headers: { 'x-csrf-token': other.csrf } })).status).toBe(401);
      const crossSite = { 'x-csrf-token': me.csrf, 'sec-fetch-site': 'cross-site' };
      expect((await call(me, '', { headers: crossSite })).status).toBe(401);
      const reader = { 'x-csrf-token': me.csrf, origin: 'http://evil.example' };
      expect((await call(me, '', { headers: reader })).status).toBe(401);
      expect((await list(me)).data).toHaveLength(1);
    });

    it('a write without the header changes nothing', async () => {
      const site = await auth.factory.site();
      const c = await connect(site.owner, 'content.read');
      const me = await signedIn(site.owner);
      const refused = await call(me, one(site.owner.id, c.clientId), {
        method: 'DELETE',
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(refused.status).toBe(401);
      const moved = await call(me, one(site.owner.id, c.clientId), {
        method: 'DELETE',
        headers: { 'x-csrf-token': me.csrf, origin: 'http://evil.example' },
      });
      expect(moved.status).toBe(401);
      expect(
        (await probe.request('GET', '/probe/site', { token: c.tokens.access_token })).status,
      ).toBe(200);
      expect((await list(me)).data.map((d) => d.client_id)).toEqual([c.clientId]);
    });

    it('changing the shared sites applies to the next request with the same token', async () => {
      const owner = await auth.factory.user();
      const a = await auth.factory.site({ owner, name: 'Site A' });
      const b = await auth.factory.site({ owner, name: 'Site B' });
      const elsewhere = await auth.factory.site();
      const c = await connect(owner, 'content.read', { sites: [a.id, b.id] });
      const me = await signedIn(owner);
      const listed = await list(me);
      expect(listed.data[0]).toMatchObject({ client_name: 'Helper App', site_ids: [a.id, b.id] });
      expect(listed.sites.map((s) => s.id)).toEqual([a.id, b.id]);
      const bad = await call(me, `${one(owner.id, c.clientId)}/sites`, {
        method: 'PUT',
        json: { site_ids: 'all' },
      });
      expect(bad.status).toBe(422);
      // A site of another account is ignored, not shared.
      const saved = await call(me, `${one(owner.id, c.clientId)}/sites`, {
        method: 'PUT',
        json: { site_ids: [b.id, elsewhere.id] },
      });
      expect(saved.status).toBe(200);
      expect(((await saved.json()) as Listed).data[0].site_ids).toEqual([b.id]);
      expect((await list(me)).data[0].site_ids).toEqual([b.id]);
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

      const me = await signedIn(owner);
      const res = await call(me, one(owner.id, c.clientId), { method: 'DELETE' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Listed).data).toEqual([]);
      expect((await list(me)).data).toEqual([]);

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
      // Gone: a second disconnect finds nothing.
      expect((await call(me, one(owner.id, c.clientId), { method: 'DELETE' })).status).toBe(404);
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
      const ids = async (me: Me) => (await list(me)).data.map((d) => d.client_id);
      expect(await ids(await signedIn(owner))).toEqual([mine.clientId, theirs.clientId]);
      const colleagueMe = await signedIn(colleague);
      expect(await ids(colleagueMe)).toEqual([theirs.clientId]);
      // Not theirs to manage: answered like a missing connection, for both operations.
      const disconnect = await call(colleagueMe, one(owner.id, mine.clientId), {
        method: 'DELETE',
      });
      expect(disconnect.status).toBe(404);
      expect(await disconnect.json()).toEqual({
        status: 'error',
        code: 'not_found',
        message: 'No such connected app.',
      });
      const sites = await call(colleagueMe, `${one(owner.id, mine.clientId)}/sites`, {
        method: 'PUT',
        json: { site_ids: [] },
      });
      expect(sites.status).toBe(404);
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
