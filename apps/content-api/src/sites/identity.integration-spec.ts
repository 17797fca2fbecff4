import { TestApp, TestSite, useTwoSites } from '@hc/testing';
import { createContentApi } from '../app.factory';

describe('credentials and identity (spec 4.1 rule 2, 4.3, 5.1)', () => {
  let t: TestApp, site: TestSite, key: string, other: TestSite, otherKey: string;

  useTwoSites(
    createContentApi,
    { site: { languages: ['en', 'de'] }, other: {} },
    (s) => ({ t, site, key, other } = s),
  );
  beforeAll(async () => {
    otherKey = await t.factory.key(other, { scope: 'read' });
  });

  it('GET / answers any valid credential with status and message', async () => {
    const res = await t.request('GET', '/v1/', { key: otherKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: expect.any(String) });
  });

  it.each([
    ['no credential', {}],
    ['an unknown key', { apikey: 'hck_nope' }],
    ['the key in api_key', { api_key: 'KEY' }],
    ['the key in X-API-Key', { 'X-API-Key': 'KEY' }],
    ['lowercase bearer', { authorization: 'bearer abc' }],
  ])('answers 401 {status: unauthorized} for %s', async (_, headers: Record<string, string>) => {
    const withKey = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v === 'KEY' ? key : v]),
    );
    const res = await t.request('GET', '/v1/', { headers: withKey });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'unauthorized' });
  });

  it('reads the apikey header case-insensitively', async () => {
    const res = await t.request('GET', '/v1/', { headers: { APIKEY: key } });
    expect(res.status).toBe(200);
  });

  it('uses apikey when both apikey and a bearer token are sent', async () => {
    const res = await t.request('GET', '/v1/sites', {
      key,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.status).toBe(200);
    expect(res.body.sites.map((s: { id: number }) => s.id)).toEqual([site.id]);
  });

  it('answers 401 for a revoked key', async () => {
    const revoked = await t.factory.key(site);
    await t.ds.query(
      'UPDATE api_keys SET revoked_at = NOW() WHERE site_id = ? ORDER BY id DESC LIMIT 1',
      [site.id],
    );
    expect((await t.request('GET', '/v1/', { key: revoked })).status).toBe(401);
  });

  it('answers 401 for a key of a deleted site', async () => {
    const gone = await t.factory.site();
    const goneKey = await t.factory.key(gone);
    await t.ds.query('UPDATE sites SET deleted_at = NOW() WHERE id = ?', [gone.id]);
    expect((await t.request('GET', '/v1/sites', { key: goneKey })).status).toBe(401);
  });

  it('GET /sites lists the key’s one site with every field of 2.2', async () => {
    const res = await t.request('GET', '/v1/sites', { key });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.meta).toEqual({ items_count: 1 });
    expect(res.body.sites).toHaveLength(1);
    const s = res.body.sites[0];
    expect(s).toEqual({
      id: site.id,
      uuid: site.uuid,
      name: 'Test Help Center',
      subdomain: site.subdomain,
      domain: expect.any(String),
      url: `http://localhost:8081/hc/${site.subdomain}`,
      default_language: 'en',
      visibility: 'public',
      publicly_accessible: true,
      languages: ['en', 'de'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('a key of one site never lists another site', async () => {
    const res = await t.request('GET', '/v1/sites', { key: otherKey });
    expect(res.body.sites.map((s: { id: number }) => s.id)).toEqual([other.id]);
  });

  it('publicly_accessible is false when suspended or restricted by an IP allow-list', async () => {
    const s = await t.factory.site();
    const k = await t.factory.key(s);
    await t.ds.query('UPDATE sites SET suspended = 1 WHERE id = ?', [s.id]);
    expect(
      (await t.request('GET', '/v1/sites', { key: k })).body.sites[0].publicly_accessible,
    ).toBe(false);
    await t.ds.query(
      `UPDATE sites SET suspended = 0, ip_allowlist = '["10.0.0.0/8"]' WHERE id = ?`,
      [s.id],
    );
    expect(
      (await t.request('GET', '/v1/sites', { key: k })).body.sites[0].publicly_accessible,
    ).toBe(false);
  });

  it('GET /account describes the account and the person behind the key', async () => {
    const res = await t.request('GET', '/v1/account', { key: otherKey });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.account).toMatchObject({
      id: other.accountId,
      user: { id: other.owner.id, email: other.owner.email, is_account_owner: true },
      credential: { type: 'api_key', scope: 'read', scopes: ['analytics.read', 'content.read'] },
    });
    expect(JSON.stringify(res.body)).not.toContain(String(site.owner.email));
  });
});
