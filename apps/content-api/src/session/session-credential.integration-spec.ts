import {
  expectError,
  requestsUntilRefused,
  TestApp,
  TestSession,
  TestSite,
  TestUser,
  useSite,
} from '@hc/testing';
import { createContentApi } from '../app.factory';

/**
 * Issue 37: the dashboard session, the third credential kind of the one guard. Attacks first:
 * the cookie alone authenticates nothing.
 */
describe('the dashboard session credential (issue 37)', () => {
  let t: TestApp, site: TestSite, key: string;
  let owner: TestSession;

  useSite(createContentApi, { languages: ['en', 'de'] }, async (s) => {
    ({ t, site, key } = s);
    owner = await t.factory.session(site.owner);
  });

  const asMember = async (role: 'admin' | 'editor' | 'translator' | 'viewer') => {
    const user = await t.factory.user();
    await t.factory.member(site, user, role);
    return { user, session: await t.factory.session(user) };
  };
  const cookieOnly = (s: TestSession) => ({ cookie: `hc_dashboard=${s.cookie}` });
  const create = (session: TestSession, body: unknown = { title: { en: 'Draft' } }) =>
    t.request('POST', '/v1/articles', { session, site: site.id, body });
  const count = async () =>
    Number(
      (await t.ds.query('SELECT COUNT(*) AS n FROM articles WHERE site_id = ?', [site.id]))[0].n,
    );

  it('a session with its CSRF header reads and writes as the person, recorded as `dashboard`', async () => {
    const list = await t.request('GET', '/v1/articles', { session: owner, site: site.id });
    expect(list.status).toBe(200);
    const before = await t.ds.query(
      `SELECT COALESCE(MAX(id), 0) AS n FROM outbox WHERE site_id = ? AND event = 'audit.recorded'`,
      [site.id],
    );
    const created = await create(owner);
    expect(created.status).toBe(201);
    expect(created.body.article.author.id).toBe(site.owner.id);
    const audit = await t.ds.query(
      `SELECT payload FROM outbox WHERE site_id = ? AND event = 'audit.recorded' AND id > ?`,
      [site.id, before[0].n],
    );
    const payload = audit.map((r: { payload: unknown }) =>
      typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    );
    expect(payload.map((p: { data: { actor: unknown } }) => p.data.actor)).toEqual([
      { kind: 'dashboard', user_id: site.owner.id },
    ]);
  });

  it('the cookie without the CSRF header, or with another session’s, is 401 and changes nothing', async () => {
    const other = await t.factory.session(site.owner);
    const n = await count();
    for (const headers of [
      cookieOnly(owner),
      { ...cookieOnly(owner), 'x-csrf-token': '' },
      { ...cookieOnly(owner), 'x-csrf-token': other.csrf },
      { ...cookieOnly(owner), 'x-csrf-token': `${owner.csrf}x` },
    ]) {
      const write = await t.request('POST', '/v1/articles', {
        headers: { ...headers, 'x-service-site': String(site.id) },
        body: { title: { en: 'Forged' } },
      });
      expect({ status: write.status, body: write.body }).toEqual({
        status: 401,
        body: { status: 'unauthorized' },
      });
      const read = await t.request('GET', '/v1/articles', {
        headers: { ...headers, 'x-service-site': String(site.id) },
      });
      expect(read.status).toBe(401);
    }
    expect(await count()).toBe(n);
  });

  it('a cross-site request carrying the cookie and even the token is refused (Origin, Sec-Fetch-Site)', async () => {
    const n = await count();
    for (const headers of [
      { origin: 'https://evil.example' } as Record<string, string>,
      { origin: 'null' },
      { origin: 'http://localhost:8081' }, // the reader origin on one machine
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
    ]) {
      const res = await t.request('POST', '/v1/articles', {
        session: owner,
        site: site.id,
        headers,
        body: { title: { en: 'Cross-site' } },
      });
      expect(res.status).toBe(401);
    }
    // A cross-site HTML form: urlencoded, no CSRF header, the cookie sent by the browser.
    const form = await fetch(`${t.url}/v1/articles`, {
      method: 'POST',
      headers: {
        cookie: `hc_dashboard=${owner.cookie}`,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'x-service-site': String(site.id),
      },
      body: 'title[en]=Forged',
    });
    expect(form.status).toBe(401);
    expect(await count()).toBe(n);
    // The dashboard's own page: same-origin and the platform's Origin.
    const own = await t.request('GET', '/v1/articles', {
      session: owner,
      site: site.id,
      headers: { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
  });

  it('an expired or signed-out session is 401; an unknown cookie is 401', async () => {
    const expired = await t.factory.session(site.owner, -1);
    expect(
      (await t.request('GET', '/v1/articles', { session: expired, site: site.id })).status,
    ).toBe(401);
    const bogus = { ...owner, cookie: 'not-a-session' };
    expect((await t.request('GET', '/v1/articles', { session: bogus, site: site.id })).status).toBe(
      401,
    );
    const leaving = await t.factory.session(site.owner);
    const out = await t.request('POST', '/v1/session/signout', { session: leaving });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/hc_dashboard=; .*Max-Age=0/);
    expect((await t.request('GET', '/v1/session', { session: leaving })).status).toBe(401);
    // Other sessions of the person stay signed in.
    expect((await t.request('GET', '/v1/session', { session: owner })).status).toBe(200);
  });

  it('an apikey or Authorization header wins over the cookie (then ignored)', async () => {
    const stranger = await t.factory.user();
    const strangerSession = await t.factory.session(stranger);
    // The key's site, whatever the cookie's person could reach.
    const viaKey = await t.request('POST', '/v1/articles', {
      key,
      session: strangerSession,
      body: { title: { en: 'By key' } },
    });
    expect(viaKey.status).toBe(201);
    const audit = await t.ds.query(
      `SELECT payload FROM outbox WHERE site_id = ? AND event = 'audit.recorded' ORDER BY id DESC LIMIT 1`,
      [site.id],
    );
    const payload =
      typeof audit[0].payload === 'string' ? JSON.parse(audit[0].payload) : audit[0].payload;
    expect(payload.data.actor.kind).toBe('api_key');
    // A bad bearer token is 401 even with a valid session beside it.
    const badToken = await t.request('GET', '/v1/articles', {
      token: 'nope',
      session: owner,
      site: site.id,
    });
    expect(badToken.status).toBe(401);
  });

  it('the site comes from X-Service-Site: a member of site A cannot act on site B', async () => {
    const b = await t.factory.site();
    const other = await t.request('GET', '/v1/articles', { session: owner, site: b.id });
    expectError(other, 403, 'site_forbidden');
    const write = await create(owner);
    expect(write.status).toBe(201);
    const foreign = await t.request('PATCH', `/v1/articles/${write.body.article.id}`, {
      session: await t.factory.session(b.owner),
      site: site.id,
      body: { title: { en: 'Hijacked' } },
    });
    expectError(foreign, 403, 'site_forbidden');
    for (const named of ['abc', '0', '-1', String(b.id + 100000)]) {
      const res = await t.request('GET', '/v1/articles', {
        session: owner,
        headers: { 'x-service-site': named },
      });
      expectError(res, 403, 'site_forbidden');
    }
    const none = await t.request('GET', '/v1/articles', { session: owner });
    expectError(none, 400, 'site_required', expect.any(String), { sites: [site.id] });
  });

  it('a Viewer reads but every write answers 403 role_forbidden; notes need notes access', async () => {
    const { session } = await asMember('viewer');
    const a = await create(owner, { title: { en: 'Read me' } });
    expect(
      (await t.request('GET', `/v1/articles/${a.body.article.id}`, { session, site: site.id }))
        .status,
    ).toBe(200);
    expect(
      (
        await t.request('GET', `/v1/articles/${a.body.article.id}/versions`, {
          session,
          site: site.id,
        })
      ).status,
    ).toBe(200);
    const n = await count();
    for (const [method, path, body] of [
      ['POST', '/v1/articles', { title: { en: 'No' } }],
      ['PATCH', `/v1/articles/${a.body.article.id}`, { title: { en: 'No' } }],
      ['DELETE', `/v1/articles/${a.body.article.id}`, undefined],
      ['POST', '/v1/categories', { name: { en: 'No' } }],
      ['POST', '/v1/webhooks', { url: 'https://example.com/hook' }],
    ] as const) {
      expectError(
        await t.request(method, path, { session, site: site.id, body }),
        403,
        'role_forbidden',
      );
    }
    expect(await count()).toBe(n);
    expectError(
      await t.request('GET', '/v1/audit', { session, site: site.id }),
      403,
      'audit_forbidden',
    );
    expectError(
      await t.request('GET', `/v1/articles/${a.body.article.id}/notes`, { session, site: site.id }),
      403,
      'notes_forbidden',
    );
  });

  it('a demotion or removal applies to the next request', async () => {
    const { user, session } = await asMember('editor');
    expect((await create(session)).status).toBe(201);
    await t.factory.member(site, user, 'viewer');
    expectError(await create(session), 403, 'role_forbidden');
    await t.ds.query('DELETE FROM memberships WHERE site_id = ? AND user_id = ?', [
      site.id,
      user.id,
    ]);
    expectError(
      await t.request('GET', '/v1/articles', { session, site: site.id }),
      403,
      'site_forbidden',
    );
  });

  it('an Admin manages webhooks, an Editor does not; only Owners and Admins read the audit log', async () => {
    const admin = await asMember('admin');
    const editor = await asMember('editor');
    expectError(
      await t.request('GET', '/v1/webhooks', { session: editor.session, site: site.id }),
      403,
      'role_forbidden',
    );
    expect(
      (await t.request('GET', '/v1/webhooks', { session: admin.session, site: site.id })).status,
    ).toBe(200);
    expect(
      (await t.request('GET', '/v1/audit', { session: admin.session, site: site.id })).status,
    ).toBe(200);
    expectError(
      await t.request('GET', '/v1/audit', { session: editor.session, site: site.id }),
      403,
      'audit_forbidden',
    );
  });

  it('GET /session: the person, the CSRF token and their sites with current roles, without a token of its own', async () => {
    const res = await t.request('GET', '/v1/session', {
      headers: { cookie: `hc_dashboard=${owner.cookie}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.body.data).toEqual({
      user: { id: site.owner.id, email: site.owner.email, name: site.owner.name },
      csrf_token: owner.csrf,
      sites: [
        expect.objectContaining({
          id: site.id,
          subdomain: site.subdomain,
          role: 'owner',
          notes_access: true,
          default_language: 'en',
          languages: ['en', 'de'],
          plan: 'growth',
          staging: false,
        }),
      ],
    });
    // Cross-site: refused even though no token is needed here.
    const cross = await t.request('GET', '/v1/session', {
      headers: { cookie: `hc_dashboard=${owner.cookie}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(401);
    expect((await t.request('GET', '/v1/session')).status).toBe(401);
  });

  it('keys and tokens get 403 session_required on the session routes', async () => {
    expectError(await t.request('GET', '/v1/session', { key }), 403, 'session_required');
    expectError(await t.request('POST', '/v1/session/signout', { key }), 403, 'session_required');
  });

  it('a session’s budget is one per person and site: spent on A, the same person still works on B', async () => {
    const user: TestUser = await t.factory.user();
    const b = await t.factory.site();
    await t.factory.member(site, user, 'editor');
    await t.factory.member(b, user, 'editor');
    const session = await t.factory.session(user);
    const a = await create(owner);
    const read = (on: number) =>
      t.request('GET', `/v1/articles/${on === site.id ? a.body.article.id : 0}`, {
        session,
        site: on,
      });
    // GET /articles/{id} counts toward the 120 writes per minute (spec 4.4, 8).
    const { status, n } = await requestsUntilRefused(() => read(site.id), 130);
    expect({ status, n }).toEqual({ status: 429, n: 121 });
    expect((await t.request('GET', '/v1/articles', { session, site: b.id })).status).toBe(200);
    expect((await t.request('GET', `/v1/articles/${a.body.article.id}`, { key })).status).toBe(200);
  });
});
