import { resetSettings } from '@hc/contracts';
import {
  expectError,
  lastSiteEventId,
  siteEvents,
  TestApp,
  TestSession,
  TestSite,
  useTwoSites,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import { DomainTxtResolver } from './domain-txt.resolver';

/**
 * Issue 38 item 5: the site settings an Owner or Admin changes in the dashboard. Attacks first:
 * other roles, keys and tokens, and other sites' members change nothing.
 */
describe('site settings in the dashboard (issue 38 item 5)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string;
  let owner: TestSession, otherOwner: TestSession;
  /** The TXT records the test's DNS answers, by name. */
  const txt = new Map<string, string[]>();

  useTwoSites(createContentApi, {}, (s) => ({ t, site, other, key } = s));
  beforeAll(async () => {
    owner = await t.factory.session(site.owner);
    otherOwner = await t.factory.session(other.owner);
    jest
      .spyOn(t.app.get(DomainTxtResolver), 'resolveTxt')
      .mockImplementation(async (name) => txt.get(name) ?? []);
  });

  const as = (session: TestSession, siteId = site.id) => ({ session, site: siteId });
  const call = (method: string, path: string, body?: unknown, session = owner, siteId = site.id) =>
    t.request(method, `/v1/site${path}`, { ...as(session, siteId), body });
  const member = async (role: 'admin' | 'editor' | 'translator' | 'viewer') => {
    const user = await t.factory.user();
    await t.factory.member(site, user, role);
    return t.factory.session(user);
  };
  const row = async (id = site.id) =>
    (
      await t.ds.query(
        'SELECT name, subdomain, domain, visibility, ip_allowlist, password_hash FROM sites WHERE id = ?',
        [id],
      )
    )[0];
  const eventsSince = async (mark: number) =>
    (await siteEvents(t.ds, site, mark)).map((e) => [e.event, e.data]);
  const domainRecord = (domain: string, uuid: string) =>
    txt.set(`_hc-verification.${domain}`, ['v=spf1 -all', `hc-verification=${uuid}`]);
  const uuidOf = async (id: number) =>
    String((await t.ds.query('SELECT uuid FROM sites WHERE id = ?', [id]))[0].uuid);

  const WRITES: [string, string, unknown][] = [
    ['PATCH', '', { name: 'Taken over' }],
    ['PUT', '/domain', { domain: 'help.attacker.test' }],
    ['PUT', '/visibility', { visibility: 'private' }],
    ['PUT', '/ip-allowlist', { ip_allowlist: ['203.0.113.0/24'] }],
    ['PUT', '/comment-settings', { moderate: false }],
    ['PUT', '/interface-texts/en', { texts: { 'search.placeholder': 'Pwned' } }],
  ];

  it('an Editor, Translator or Viewer cannot change settings (403 role_forbidden), nothing changes', async () => {
    const before = await row();
    for (const role of ['editor', 'translator', 'viewer'] as const) {
      const session = await member(role);
      for (const [method, path, body] of WRITES) {
        const res = await call(method, path, body, session);
        expect(`${role} ${method} ${path} ${res.status} ${res.body.code}`).toBe(
          `${role} ${method} ${path} 403 role_forbidden`,
        );
      }
      expectError(await call('GET', '/settings', undefined, session), 403, 'role_forbidden');
    }
    expect(await row()).toEqual(before);
    const moderation = await call('GET', '/comment-settings', undefined, await member('viewer'));
    expect(moderation.body.settings).toEqual({ site_id: site.id, moderate: true });
  });

  it('API keys get 403 session_required on every settings route', async () => {
    for (const [method, path, body] of [...WRITES, ['GET', '/settings', undefined] as const]) {
      const res = await t.request(method, `/v1/site${path}`, { key, body });
      expect(`${method} ${path} ${res.status} ${res.body.code}`).toBe(
        `${method} ${path} 403 session_required`,
      );
    }
  });

  it('a member of site A cannot change site B by naming it in X-Service-Site', async () => {
    const before = await row(other.id);
    for (const [method, path, body] of WRITES) {
      const res = await call(method, path, body, owner, other.id);
      expectError(res, 403, 'site_forbidden');
    }
    expect(await row(other.id)).toEqual(before);
    // An Admin of A is no more an Admin of B.
    const admin = await member('admin');
    expectError(await call('PATCH', '', { name: 'B' }, admin, other.id), 403, 'site_forbidden');
  });

  it('visibility and allow-list changes send site.updated; a password, name, languages or comment settings send nothing', async () => {
    const mark = await lastSiteEventId(t.ds, site);
    const admin = await member('admin');
    const named = await call(
      'PATCH',
      '',
      { name: 'Renamed', languages: ['en', 'de', 'fr'] },
      admin,
    );
    expect(named.status).toBe(200);
    expect(named.body.settings).toMatchObject({ name: 'Renamed', languages: ['en', 'de', 'fr'] });
    expect((await call('PUT', '/comment-settings', { moderate: false })).body.settings).toEqual({
      site_id: site.id,
      moderate: false,
    });
    const texts = await call('PUT', '/interface-texts/de', {
      texts: { 'search.placeholder': 'Suchen…', 'search.button': null },
    });
    expect(texts.status).toBe(200);
    expect(texts.body.translations).toContainEqual(
      expect.objectContaining({ key: 'search.placeholder', text: 'Suchen…', overridden: true }),
    );
    expect(await eventsSince(mark)).toEqual([]);

    // A password site needs a password the first time; too short is refused with the field.
    const missing = await call('PUT', '/visibility', { visibility: 'password' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      password: ['A password-protected site needs a password.'],
    });
    const short = await call('PUT', '/visibility', { visibility: 'password', password: 'short' });
    expect(short.body.errors.password).toEqual([
      'The password field must be at least 8 characters.',
    ]);
    expect(await eventsSince(mark)).toEqual([]);

    const locked = await call('PUT', '/visibility', {
      visibility: 'password',
      password: 'open sesame',
    });
    expect(locked.body.settings).toMatchObject({ visibility: 'password', password_set: true });
    const type = 'site';
    expect(await eventsSince(mark)).toEqual([
      ['site.updated', { type, id: site.id, visibility: 'password' }],
    ]);
    // A new password alone, or the same visibility again: nothing.
    const mark2 = await lastSiteEventId(t.ds, site);
    await call('PUT', '/visibility', { visibility: 'password', password: 'another one' });
    await call('PUT', '/visibility', { visibility: 'password' });
    expect(await eventsSince(mark2)).toEqual([]);

    const bad = await call('PUT', '/ip-allowlist', { ip_allowlist: ['10.0.0.0/33'] });
    expect(bad.body.errors).toEqual({
      ip_allowlist: ['"10.0.0.0/33" is not an IP address or CIDR range.'],
    });
    expect((await call('PUT', '/ip-allowlist', { ip_allowlist: 'x' })).body.errors).toEqual({
      ip_allowlist: ['The ip allowlist field must be an array.'],
    });
    const listed = await call('PUT', '/ip-allowlist', { ip_allowlist: ['203.0.113.0/24', '::1'] });
    expect(listed.body.settings).toMatchObject({
      ip_allowlist: ['203.0.113.0/24', '::1'],
      publicly_accessible: false,
    });
    await call('PUT', '/ip-allowlist', { ip_allowlist: ['203.0.113.0/24', '::1'] });
    await call('PUT', '/visibility', { visibility: 'public' });
    expect(await eventsSince(mark2)).toEqual([
      ['site.updated', { type, id: site.id, visibility: 'password' }],
      ['site.updated', { type, id: site.id, visibility: 'public' }],
    ]);
    await call('PUT', '/ip-allowlist', { ip_allowlist: [] });
    await call('PUT', '/comment-settings', { moderate: true });
  });

  it('a new subdomain or domain moves the reader pages’ version (no cache answers for the old address)', async () => {
    const version = async () =>
      Number(
        (
          await t.ds.query('SELECT version FROM reader_page_versions WHERE site_id = ?', [site.id])
        )[0]?.version ?? 0,
      );
    const v0 = await version();
    const moved = await call('PATCH', '', { subdomain: `moved-${site.id}` });
    expect(moved.body.settings.subdomain).toBe(`moved-${site.id}`);
    expect(moved.body.settings.url).toContain(`moved-${site.id}`);
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    domainRecord('docs.moved.test', await uuidOf(site.id));
    expect((await call('PUT', '/domain', { domain: 'docs.moved.test' })).status).toBe(200);
    expect(await version()).toBeGreaterThan(v1);
    expect((await call('PUT', '/domain', { domain: null })).body.settings.custom_domain).toBeNull();
  });

  it('a subdomain that is taken or malformed is refused on the field', async () => {
    const taken = await call('PATCH', '', { subdomain: other.subdomain });
    expect(taken.body.errors).toEqual({ subdomain: ['The subdomain has already been taken.'] });
    const bad = await call('PATCH', '', { subdomain: 'not a name' });
    expect(bad.body.errors).toEqual({
      subdomain: ['The subdomain may contain only letters, digits and hyphens.'],
    });
    const lang = await call('PATCH', '', { default_language: 'xx' });
    expect(lang.body.errors).toEqual({
      default_language: ['The selected default language is invalid.'],
    });
  });

  it('a custom domain is saved only after its TXT record proves it', async () => {
    const domain = `help-${site.id}.example.org`;
    const unproven = await call('PUT', '/domain', { domain });
    expect(unproven.status).toBe(422);
    const uuid = await uuidOf(site.id);
    expect(unproven.body.errors.domain).toEqual([
      `Add a TXT record named _hc-verification.${domain} with the value hc-verification=${uuid}, then save again.`,
    ]);
    // Another site's record proves nothing for this one.
    domainRecord(domain, await uuidOf(other.id));
    expect((await call('PUT', '/domain', { domain })).status).toBe(422);
    expect((await row()).domain).toBeNull();

    domainRecord(domain, uuid);
    const saved = await call('PUT', '/domain', { domain: ` ${domain.toUpperCase()}. ` });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ custom_domain: domain, domain });
    expect((await row()).domain).toBe(domain);

    // The same domain for another site, even proven, is refused.
    domainRecord(domain, await uuidOf(other.id));
    const stolen = await call('PUT', '/domain', { domain }, otherOwner, other.id);
    expect(stolen.body.errors).toEqual({ domain: ['The domain has already been taken.'] });
    expect((await row(other.id)).domain).toBeNull();
  });

  it('the platform host, the reader origin, names under them or under HC_READER_DOMAIN, and IPs are refused', async () => {
    process.env.HC_READER_DOMAIN = 'sites.example.net';
    resetSettings();
    try {
      const uuid = await uuidOf(site.id);
      const before = (await row()).domain;
      for (const domain of [
        'localhost',
        'api.localhost',
        '127.0.0.1',
        'sites.example.net',
        'acme.sites.example.net',
        'deep.acme.sites.example.net',
        `${other.subdomain}.sites.example.net`,
        'no_underscores.example.com',
        'nodot',
      ]) {
        domainRecord(domain, uuid);
        const res = await call('PUT', '/domain', { domain });
        expect(`${domain} ${res.status}`).toBe(`${domain} 422`);
        expect(res.body.errors.domain).toHaveLength(1);
      }
      expect((await row()).domain).toBe(before);
    } finally {
      delete process.env.HC_READER_DOMAIN;
      resetSettings();
    }
  });

  it('a DNS failure is said on the field, and nothing is saved', async () => {
    const resolver = t.app.get(DomainTxtResolver);
    jest
      .spyOn(resolver, 'resolveTxt')
      .mockRejectedValueOnce(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
    const res = await call('PUT', '/domain', { domain: 'slow.example.org' });
    expect(res.body.errors).toEqual({
      domain: [
        'The DNS lookup of _hc-verification.slow.example.org failed (ETIMEOUT). Try again in a few minutes.',
      ],
    });
  });
});
