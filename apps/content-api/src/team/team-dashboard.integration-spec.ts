import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { settings } from '@hc/contracts';
import { jsonColumn } from '@hc/data';
import {
  oauthConnectionRow,
  TestApp,
  TestSession,
  TestSite,
  TestUser,
  useTwoSites,
} from '@hc/testing';
import { createContentApi } from '../app.factory';

/**
 * Issue 38 items 2 and 3: the team, its invitations and API keys in the dashboard. Attacks:
 * links are single use, bound to their site and expiring; the Owner is protected; only Owners
 * and Admins signed in to the dashboard manage keys; a member of one site cannot act on another.
 */
describe('the team and API keys in the dashboard (issue 38)', () => {
  let t: TestApp, site: TestSite, other: TestSite;
  let owner: TestSession;

  useTwoSites(createContentApi, {}, (s) => ({ t, site, other } = s));
  beforeAll(async () => {
    owner = await t.factory.session(site.owner);
  });

  const lastOutboxId = async () =>
    Number((await t.ds.query('SELECT COALESCE(MAX(id), 0) AS n FROM outbox'))[0].n);
  const as = (session: TestSession, s: TestSite = site) => ({ session, site: s.id });
  const member = async (role: 'admin' | 'editor' | 'translator' | 'viewer', s = site) => {
    const user = await t.factory.user();
    await t.factory.member(s, user, role);
    return { user, session: await t.factory.session(user) };
  };
  const roleOf = async (s: TestSite, user: Pick<TestUser, 'id'>) =>
    (
      await t.ds.query('SELECT role FROM memberships WHERE site_id = ? AND user_id = ?', [
        s.id,
        user.id,
      ])
    )[0]?.role ?? null;
  /** The link of the newest invitation email to `email`: its site and token. */
  const mailedLink = async (email: string) => {
    const [mail] = await t.ds.query(
      "SELECT body FROM comment_emails WHERE recipient_email = ? AND kind LIKE 'invite:%' ORDER BY id DESC LIMIT 1",
      [email],
    );
    const found = /\/app\/invitations\/(\d+)#([\w-]+)/.exec(mail.body) as RegExpExecArray;
    return { site_id: Number(found[1]), token: found[2] };
  };
  const invite = async (email: string, role = 'editor', by = owner) => {
    const res = await t.request('POST', '/v1/team/invitations', {
      ...as(by),
      body: { email, role, notes_access: true },
    });
    expect(res.status).toBe(201);
    return { id: res.body.invitation.id as number, link: await mailedLink(email) };
  };
  const acceptNew = (link: object, name = 'New Person') =>
    t.request('POST', '/v1/invitations/accept', {
      body: { ...link, name, password: 'a long password' },
    });

  it('an invited new person accepts once with name and password; the link then answers 410 invitation_used', async () => {
    const email = `new-${randomUUID()}@example.test`;
    const { link } = await invite(email);
    const shown = await t.request('POST', '/v1/invitations/lookup', { body: link });
    expect(shown.body.invitation).toMatchObject({
      email,
      role: 'editor',
      account_exists: false,
      site: { id: site.id },
    });
    const before = await lastOutboxId();
    const accepted = await acceptNew(link);
    expect(accepted.status).toBe(200);
    const [user] = await t.ds.query('SELECT id, name, password_hash FROM users WHERE email = ?', [
      email,
    ]);
    // Recorded as the new member's own dashboard write, in the acceptance's transaction.
    const audit = await t.ds.query(
      "SELECT payload FROM outbox WHERE site_id = ? AND event = 'audit.recorded' AND id > ? ORDER BY id",
      [site.id, before],
    );
    expect(audit.map((r: { payload: unknown }) => jsonColumn<any>(r.payload).data)).toEqual([
      expect.objectContaining({
        action: 'member.add',
        target_id: String(user.id),
        actor: { kind: 'dashboard', user_id: user.id },
      }),
      expect.objectContaining({
        action: 'invitation.accept',
        actor: { kind: 'dashboard', user_id: user.id },
      }),
    ]);
    expect(user.name).toBe('New Person');
    expect(user.password_hash).not.toContain('a long password');
    expect(await roleOf(site, user)).toBe('editor');
    // The token is stored only as its hash.
    const stored = await t.ds.query('SELECT COUNT(*) AS n FROM invitations WHERE token_hash = ?', [
      link.token,
    ]);
    expect(Number(stored[0].n)).toBe(0);
    // The new member can then edit.
    const session = await t.factory.session({ id: user.id });
    expect(
      (await t.request('POST', '/v1/articles', { ...as(session), body: { title: { en: 'Mine' } } }))
        .status,
    ).toBe(201);
    for (const again of [
      await acceptNew(link, 'Someone Else'),
      await t.request('POST', '/v1/invitations/lookup', { body: link }),
    ]) {
      expect(again.status).toBe(410);
      expect(again.body.code).toBe('invitation_used');
    }
  });

  it('a link is bound to its site: the token with another site id, a forged or revoked token change nothing', async () => {
    const email = `bound-${randomUUID()}@example.test`;
    const { id, link } = await invite(email);
    for (const forged of [
      { ...link, site_id: other.id },
      { ...link, token: `${link.token.slice(0, -2)}xx` },
      { site_id: site.id, token: 'x'.repeat(43) },
    ]) {
      const res = await acceptNew(forged);
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 404,
        code: 'invitation_invalid',
      });
    }
    expect(await t.ds.query('SELECT id FROM users WHERE email = ?', [email])).toEqual([]);
    // Resending gives a new link; the old one stops working.
    const resent = await t.request('POST', `/v1/team/invitations/${id}/resend`, as(owner));
    expect(resent.status).toBe(200);
    const fresh = await mailedLink(email);
    expect(fresh.token).not.toBe(link.token);
    expect((await acceptNew(link)).body.code).toBe('invitation_invalid');
    // Revoked: the new link is refused too, and the invitation is no longer listed.
    expect((await t.request('DELETE', `/v1/team/invitations/${id}`, as(owner))).status).toBe(200);
    expect((await acceptNew(fresh)).body.code).toBe('invitation_invalid');
    const pending = await t.request('GET', '/v1/team/invitations', as(owner));
    expect(pending.body.invitations.map((i: { id: number }) => i.id)).not.toContain(id);
  });

  it('an expired link answers 410 invitation_expired and changes nothing; the list marks it expired', async () => {
    const email = `late-${randomUUID()}@example.test`;
    const { id, link } = await invite(email);
    await t.ds.query('UPDATE invitations SET expires_at = ? WHERE id = ?', [
      new Date(Date.now() - 1000),
      id,
    ]);
    const res = await acceptNew(link);
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: 410,
      code: 'invitation_expired',
    });
    expect(await t.ds.query('SELECT id FROM users WHERE email = ?', [email])).toEqual([]);
    const pending = await t.request('GET', '/v1/team/invitations', as(owner));
    expect(pending.body.invitations.find((i: { id: number }) => i.id === id).expired).toBe(true);
  });

  it('an existing person accepts signed in, only as the invited address; the site is the link’s, not X-Service-Site', async () => {
    const person = await t.factory.user();
    const { link } = await invite(person.email, 'viewer');
    const stranger = await t.factory.session(await t.factory.user());
    const wrong = await t.request('POST', '/v1/invitations/join', {
      session: stranger,
      body: link,
    });
    expect(wrong.status).toBe(403);
    const newcomer = await acceptNew(link);
    expect(newcomer.status).toBe(422);
    expect(newcomer.body.errors.email[0]).toMatch(/already exists/);
    await t.factory.member(other, person, 'editor');
    const session = await t.factory.session(person);
    const joined = await t.request('POST', '/v1/invitations/join', {
      session,
      site: other.id,
      body: link,
    });
    expect(joined.status).toBe(200);
    expect(await roleOf(site, person)).toBe('viewer');
    expect(await roleOf(other, person)).toBe('editor');
  });

  it('invitation emails spend the shared mail budget of the recipient (429 Too Many Attempts, Retry-After)', async () => {
    const email = `budget-${randomUUID()}@example.test`;
    const { id } = await invite(email);
    const limit = settings().values.HC_MAIL_MAX_PER_RECIPIENT;
    for (let sent = 1; sent < limit; sent += 1)
      expect((await t.request('POST', `/v1/team/invitations/${id}/resend`, as(owner))).status).toBe(
        200,
      );
    const over = await t.request('POST', `/v1/team/invitations/${id}/resend`, as(owner));
    expect({ status: over.status, body: over.body }).toEqual({
      status: 429,
      body: { message: 'Too Many Attempts.' },
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused before anything was written: no new link, no new email.
    const [{ n }] = await t.ds.query(
      "SELECT COUNT(*) AS n FROM comment_emails WHERE recipient_email = ? AND kind LIKE 'invite:%'",
      [email],
    );
    expect(Number(n)).toBe(limit);
  });

  it('Admins never change or remove the Owner; the Owner cannot be removed or given a role', async () => {
    const admin = await member('admin');
    for (const [method, body] of [
      ['PATCH', { role: 'viewer' }],
      ['PATCH', { notes_access: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request(method, `/v1/team/members/${site.owner.id}`, {
        ...as(admin.session),
        body,
      });
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 403,
        code: 'owner_protected',
      });
    }
    const self = await t.request('DELETE', `/v1/team/members/${site.owner.id}`, as(owner));
    expect(self.body.code).toBe('owner_protected');
    const promote = await t.request('PATCH', `/v1/team/members/${admin.user.id}`, {
      ...as(owner),
      body: { role: 'owner' },
    });
    expect(promote.status).toBe(422);
    expect(promote.body.errors.role).toBeDefined();
    expect(await roleOf(site, site.owner)).toBe('owner');
    // An Admin may not transfer ownership either.
    const transfer = await t.request('POST', '/v1/team/transfer', {
      ...as(admin.session),
      body: { user_id: admin.user.id },
    });
    expect(transfer.body.code).toBe('role_forbidden');
  });

  it('an Admin changes and removes other members; the change applies to the next request', async () => {
    const admin = await member('admin');
    const editor = await member('editor');
    const changed = await t.request('PATCH', `/v1/team/members/${editor.user.id}`, {
      ...as(admin.session),
      body: { role: 'viewer' },
    });
    expect(changed.body.member.role).toBe('viewer');
    const write = await t.request('POST', '/v1/articles', {
      ...as(editor.session),
      body: { title: { en: 'No' } },
    });
    expect(write.body.code).toBe('role_forbidden');
    expect(
      (await t.request('DELETE', `/v1/team/members/${editor.user.id}`, as(admin.session))).status,
    ).toBe(200);
    const gone = await t.request('GET', '/v1/articles', as(editor.session));
    expect(gone.body.code).toBe('site_forbidden');
  });

  it('a member of site A cannot act on site B by naming it in X-Service-Site', async () => {
    const admin = await member('admin');
    const victim = await member('editor', other);
    for (const [method, path, body] of [
      ['GET', '/v1/team/members', undefined],
      ['GET', '/v1/keys', undefined],
      ['POST', '/v1/keys', { name: 'x', scope: 'read_write' }],
      ['POST', '/v1/team/invitations', { email: 'x@example.test', role: 'admin' }],
      ['DELETE', `/v1/team/members/${victim.user.id}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { session: admin.session, site: other.id, body });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: 'site_forbidden',
      });
    }
    // An id of site B's member through site A is not found there.
    const res = await t.request('DELETE', `/v1/team/members/${victim.user.id}`, as(admin.session));
    expect(res.status).toBe(404);
    expect(await roleOf(other, victim.user)).toBe('editor');
  });

  it('transfer: the Owner alone; the old Owner becomes Admin, their app connection loses the site (403 site_forbidden), their keys keep working', async () => {
    const s = await t.factory.site();
    const oldOwner = await t.factory.session(s.owner);
    const heir = await t.factory.user();
    await t.factory.member(s, heir, 'editor');
    const key = await t.factory.key(s);
    const token = await accessToken(s.owner, [s.id]);
    const before = await t.request('GET', '/v1/articles', {
      token,
      headers: { 'x-service-site': String(s.id) },
    });
    expect(before.status).toBe(200);

    const moved = await t.request('POST', '/v1/team/transfer', {
      ...as(oldOwner, s),
      body: { user_id: heir.id },
    });
    expect(moved.status).toBe(200);
    expect(await roleOf(s, s.owner)).toBe('admin');
    expect(await roleOf(s, heir)).toBe('owner');
    const after = await t.request('GET', '/v1/articles', {
      token,
      headers: { 'x-service-site': String(s.id) },
    });
    expect({ status: after.status, code: after.body.code }).toEqual({
      status: 403,
      code: 'site_forbidden',
    });
    const [connection] = await t.ds.query(
      'SELECT site_ids FROM oauth_connections WHERE user_id = ?',
      [s.owner.id],
    );
    expect(jsonColumn(connection.site_ids)).toEqual([]);
    expect((await t.request('GET', '/v1/articles', { key })).status).toBe(200);
    // The old Owner, now an Admin, can no longer change the new Owner.
    const back = await t.request('PATCH', `/v1/team/members/${heir.id}`, {
      ...as(oldOwner, s),
      body: { role: 'viewer' },
    });
    expect(back.body.code).toBe('owner_protected');
  });

  it('keys: Owners and Admins create them with the spec’s options, the token once; the list; revoke → 401', async () => {
    const admin = await member('admin');
    const created = await t.request('POST', '/v1/keys', {
      ...as(admin.session),
      body: { name: 'Importer', scope: 'read', design: true, notes: false },
    });
    expect(created.status).toBe(201);
    const key = created.body.key;
    expect(key).toMatchObject({
      name: 'Importer',
      scope: 'read',
      capabilities: { design: true, notes: false },
      created_by: { id: admin.user.id },
      last_used_at: null,
    });
    expect(typeof key.token).toBe('string');
    // Read only: reads work, writes get insufficient_scope; design read granted, not write.
    expect((await t.request('GET', '/v1/articles', { key: key.token })).status).toBe(200);
    const write = await t.request('POST', '/v1/articles', {
      key: key.token,
      body: { title: { en: 'x' } },
    });
    expect(write.body.code).toBe('insufficient_scope');
    const listed = await t.request('GET', '/v1/keys', as(owner));
    const row = listed.body.keys.find((k: { id: number }) => k.id === key.id);
    expect(row.token).toBeUndefined();
    expect(row.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(key.token);
    // Used again within the minute: last_used_at is not rewritten.
    const [{ last_used_at: first }] = await t.ds.query(
      'SELECT last_used_at FROM api_keys WHERE id = ?',
      [key.id],
    );
    await t.request('GET', '/v1/articles', { key: key.token });
    const [{ last_used_at: second }] = await t.ds.query(
      'SELECT last_used_at FROM api_keys WHERE id = ?',
      [key.id],
    );
    expect(new Date(second).getTime()).toBe(new Date(first).getTime());

    expect((await t.request('DELETE', `/v1/keys/${key.id}`, as(owner))).status).toBe(200);
    const revoked = await t.request('GET', '/v1/articles', { key: key.token });
    expect({ status: revoked.status, body: revoked.body }).toEqual({
      status: 401,
      body: { status: 'unauthorized' },
    });
  });

  it('nobody else creates keys: Editors and Viewers get role_forbidden, keys and tokens session_required', async () => {
    const n = async () =>
      Number(
        (await t.ds.query('SELECT COUNT(*) AS n FROM api_keys WHERE site_id = ?', [site.id]))[0].n,
      );
    const ownersKey = await t.factory.key(site);
    const token = await accessToken(site.owner, [site.id]);
    const before = await n();
    const body = { name: 'Sneaky', scope: 'read_write', design: true, notes: true };
    for (const role of ['editor', 'translator', 'viewer'] as const) {
      const { session } = await member(role);
      const res = await t.request('POST', '/v1/keys', { ...as(session), body });
      expect({ role, status: res.status, code: res.body.code }).toEqual({
        role,
        status: 403,
        code: 'role_forbidden',
      });
      expect((await t.request('GET', '/v1/keys', as(session))).body.code).toBe('role_forbidden');
    }
    for (const credential of [{ key: ownersKey }, { token }]) {
      const res = await t.request('POST', '/v1/keys', { ...credential, body });
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 403,
        code: 'session_required',
      });
      const invited = await t.request('POST', '/v1/team/invitations', {
        ...credential,
        body: { email: 'k@example.test', role: 'admin' },
      });
      expect(invited.body.code).toBe('session_required');
    }
    expect(await n()).toBe(before);
  });

  it('bad input answers 422 with the messages by field', async () => {
    const res = await t.request('POST', '/v1/keys', {
      ...as(owner),
      body: { name: '', scope: 'admin' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'scope']);
    const inv = await t.request('POST', '/v1/team/invitations', {
      ...as(owner),
      body: { email: 'nope', role: 'owner' },
    });
    expect(inv.status).toBe(422);
    expect(inv.body.errors.role).toBeDefined();
    const bad = await t.request('POST', '/v1/team/invitations', {
      ...as(owner),
      body: { email: 'nope', role: 'viewer' },
    });
    expect(bad.body.errors.email).toEqual(['The email field must be a valid email address.']);
  });

  /** A real access token (auth-server's format) of an app the person connected, sharing `siteIds`. */
  let signing: Awaited<ReturnType<typeof generateKeyPair>> | undefined;
  async function accessToken(user: TestUser, siteIds: number[]): Promise<string> {
    if (!signing) {
      signing = await generateKeyPair('RS256', { extractable: true });
      const jwk = JSON.stringify({
        ...(await exportJWK(signing.publicKey)),
        alg: 'RS256',
        use: 'sig',
      });
      await t.ds.query(
        `INSERT INTO oauth_public_keys (kid, jwk, created_at) VALUES ('service-oidc-1', ?, ?)
         ON DUPLICATE KEY UPDATE jwk = VALUES(jwk)`,
        [jwk, new Date()],
      );
    }
    const clientId = `app-${randomUUID()}`;
    const jti = randomUUID();
    await oauthConnectionRow(t.ds, {
      userId: user.id,
      clientId,
      scopes: ['content.read'],
      siteIds,
    });
    const now = new Date();
    await t.ds.query(
      'INSERT INTO oauth_access_tokens (jti, client_id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      [jti, clientId, user.id, now, new Date(now.getTime() + 3600_000)],
    );
    return new SignJWT({ scopes: ['content.read'] })
      .setProtectedHeader({ alg: 'RS256' })
      .setJti(jti)
      .setSubject(String(user.id))
      .setIssuer(settings().authUrl)
      .setAudience(clientId)
      .setIssuedAt()
      .setNotBefore(Math.floor(Date.now() / 1000) - 1)
      .setExpirationTime('1h')
      .sign(signing.privateKey);
  }
});
