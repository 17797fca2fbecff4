import { auditEntryRow, startTestApp, TestApp, TestSite, TestTokens } from '@hc/testing';
import { DOMAIN_MODULES } from '../domain.modules';

/** Bearer tokens for this file (end-to-end tests use auth-server's real ones). */
const tokens = new TestTokens('audit-read');

/** Issue 24 item 2: GET /audit. */
describe('GET /audit (issue 24)', () => {
  let t: TestApp, site: TestSite, other: TestSite;
  let seq = 9_100_000_000;

  /** An entry as the dispatcher's intake writes it. */
  const entry = (s: TestSite, action: string, at: string, actor = 'api_key', targetId = '1') =>
    auditEntryRow(t.ds, s.id, {
      id: ++seq,
      action,
      targetType: action.split('.')[0],
      targetId,
      actorKind: actor,
      actorUserId: s.owner.id,
      requestId: 'req',
      occurredAt: new Date(at),
    });

  beforeAll(async () => {
    t = await startTestApp(tokens.app([...DOMAIN_MODULES]));
    site = await t.factory.site();
    other = await t.factory.site();
    await entry(site, 'article.create', '2026-03-01T10:00:00Z', 'api_key', '5');
    await entry(site, 'article.publish', '2026-03-02T10:00:00Z', 'mcp', '5');
    await entry(site, 'category.delete', '2026-03-03T10:00:00Z', 'operator', '9');
    await entry(other, 'article.create', '2026-03-02T12:00:00Z', 'api_key', '5');
  });
  afterAll(() => t.close());

  it('lists the site’s entries newest first, never a foreign site’s', async () => {
    const key = await t.factory.key(site);
    const res = await t.request('GET', '/v1/audit', { key });
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'category.delete',
      'article.publish',
      'article.create',
    ]);
    expect(res.body.entries[0]).toEqual({
      id: expect.any(Number),
      action: 'category.delete',
      target_type: 'category',
      target_id: '9',
      actor: {
        kind: 'operator',
        key_id: null,
        user_id: site.owner.id,
        client_id: null,
        client_name: null,
      },
      request_id: 'req',
      occurred_at: '2026-03-03T10:00:00+00:00',
    });
    expect(res.body.meta).toMatchObject({ page: 1, items_count: 3 });
  });

  it('filters by action, target, actor kind and dates', async () => {
    const key = await t.factory.key(site);
    const actions = async (q: string) =>
      (await t.request('GET', `/v1/audit?${q}`, { key })).body.entries.map(
        (e: { action: string }) => e.action,
      );
    expect(await actions('action=article.publish')).toEqual(['article.publish']);
    expect(await actions('target_type=article&target_id=5')).toEqual([
      'article.publish',
      'article.create',
    ]);
    expect(await actions('actor=operator')).toEqual(['category.delete']);
    expect(await actions('from=2026-03-02&to=2026-03-02')).toEqual(['article.publish']);
    const bad = await t.request('GET', '/v1/audit?actor=robot', { key });
    expect(bad.status).toBe(422);
  });

  it('filters by person (issue 39: the dashboard’s actor filter), within the site only', async () => {
    const mine = await t.factory.site();
    const key = await t.factory.key(mine);
    const at = '2026-04-01T10:00:00Z';
    const by = (s: TestSite, action: string, userId: number) =>
      auditEntryRow(t.ds, s.id, {
        id: ++seq,
        action,
        targetType: 'article',
        targetId: '1',
        actorKind: 'dashboard',
        actorUserId: userId,
        occurredAt: new Date(at),
      });
    await by(mine, 'article.create', mine.owner.id);
    await by(mine, 'article.update', other.owner.id);
    await by(other, 'article.delete', other.owner.id);
    const actions = async (q: string) => {
      const res = await t.request('GET', `/v1/audit?${q}`, { key });
      expect(res.status).toBe(200);
      return res.body.entries.map((e: { action: string }) => e.action);
    };
    expect(await actions(`user_id=${mine.owner.id}`)).toEqual(['article.create']);
    // the other site's owner, as actor here: this site's entry only, never the other site's
    expect(await actions(`user_id=${other.owner.id}`)).toEqual(['article.update']);
    expect(await actions(`user_id=${other.owner.id}&action=article.create`)).toEqual([]);
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await t.request('GET', `/v1/audit?user_id=${bad}`, { key });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('user_id');
    }
  });

  it('refuses a key whose creator has since become an Editor (audit_forbidden)', async () => {
    const admin = await t.factory.user();
    await t.factory.member(site, admin, 'admin');
    const key = await t.factory.key(site, { user: admin });
    expect((await t.request('GET', '/v1/audit', { key })).status).toBe(200);
    await t.factory.member(site, admin, 'editor');
    const res = await t.request('GET', '/v1/audit', { key });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('audit_forbidden');
  });

  it('reads with an OAuth token of an Owner; a token without content.read gets insufficient_scope', async () => {
    const token = tokens.issue(site.owner.id, [site.id], ['content.read']);
    const res = await t.request('GET', '/v1/audit', { token });
    expect(res.status).toBe(200);
    expect(res.body.entries).toHaveLength(3);
    const noRead = tokens.issue(site.owner.id, [site.id], ['analytics.read']);
    expect((await t.request('GET', '/v1/audit', { token: noRead })).status).toBe(403);
  });
});
