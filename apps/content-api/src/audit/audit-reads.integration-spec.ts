import {
  auditEntryRow,
  auditEventsAfter,
  keyAndId,
  createPublishedArticle,
  lastOutboxId,
  settledChangeSet,
  STAGING_SITE,
  startTestApp,
  TestTokens,
} from '@hc/testing';
import type { TestApp, TestSite } from '@hc/testing';
import { DOMAIN_MODULES } from '../domain.modules';

/** Bearer tokens for this file (end-to-end tests use auth-server's real ones). */
const tokens = new TestTokens('audit-reads');

const FORMAT_B = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

/**
 * Issue 24 items 2 and 3 over recorded writes: what GET /audit and the article versions show
 * once the entries of real writes are in the audit log, on two sites.
 */
describe('audit log reads of recorded writes (issue 24)', () => {
  let t: TestApp, site: TestSite, other: TestSite;

  /**
   * Moves the site's recorded audit events into `audit_entries` as the webhook-dispatcher's
   * intake does (that app owns the table; the end-to-end tests run the real one).
   */
  async function intake(): Promise<void> {
    const rows: { id: string; site_id: number; payload: any; request_id: string | null }[] =
      await t.ds.query(
        `SELECT o.id, o.site_id, o.payload, o.request_id FROM outbox o
         LEFT JOIN audit_entries a ON a.id = o.id
         WHERE o.event = 'audit.recorded' AND a.id IS NULL`,
      );
    for (const r of rows) {
      const d = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).data;
      await auditEntryRow(t.ds, r.site_id, {
        id: r.id,
        action: d.action,
        targetType: d.target_type,
        targetId: d.target_id,
        actorKind: d.actor.kind,
        actorKeyId: d.actor.key_id,
        actorUserId: d.actor.user_id,
        actorClientId: d.actor.client_id,
        requestId: r.request_id,
      });
    }
  }

  beforeAll(async () => {
    t = await startTestApp(tokens.app([...DOMAIN_MODULES]));
    site = await t.factory.site(STAGING_SITE);
    other = await t.factory.site(STAGING_SITE);
  });
  afterAll(() => t.close());

  it('article versions name the staged publish or restore that replaced them (`replaced_by`)', async () => {
    const { key, keyId } = await keyAndId(t, site);
    const token = tokens.issue(site.owner.id, [site.id], ['content.read', 'content.write']);
    const a = await createPublishedArticle(t, key, { title: { en: 'Versioned' } });
    const staged = await t.request('PATCH', `/v1/articles/${a.id}/staged`, {
      token,
      body: { locale: 'en', title: 'Staged by the app' },
    });
    expect(staged.status).toBe(200);
    const published = await t.request('POST', `/v1/articles/${a.id}/staged/publish`, {
      token,
      body: {},
    });
    expect(published.status).toBe(200);
    const first = (await t.request('GET', `/v1/articles/${a.id}/versions`, { key })).body.versions;
    expect(first).toHaveLength(1);
    // The entry is on its way to the audit log: nothing to name yet.
    expect(first[0].replaced_by).toBeNull();
    const restored = await t.request(
      'POST',
      `/v1/articles/${a.id}/versions/${first[0].id}/restore`,
      { key },
    );
    expect(restored.status).toBe(200);
    await intake();

    const list = (await t.request('GET', `/v1/articles/${a.id}/versions`, { key })).body.versions;
    expect(
      list.map((v: { title: string; replaced_by: unknown }) => [v.title, v.replaced_by]),
    ).toEqual([
      [
        'Staged by the app',
        {
          action: 'version.restore',
          actor: {
            kind: 'api_key',
            key_id: keyId,
            user_id: site.owner.id,
            client_id: null,
            client_name: null,
          },
          occurred_at: expect.stringMatching(FORMAT_B),
        },
      ],
      [
        'Versioned',
        {
          action: 'staged.publish',
          actor: {
            kind: 'oauth',
            key_id: null,
            user_id: site.owner.id,
            client_id: 'client-audit-reads',
            client_name: null,
          },
          occurred_at: expect.stringMatching(FORMAT_B),
        },
      ],
    ]);
    const compare = await t.request('GET', `/v1/articles/${a.id}/versions/${list[1].id}/compare`, {
      key,
    });
    expect(compare.body.comparison.version.replaced_by).toEqual(list[1].replaced_by);
  });

  it('a change set’s staged publishes, made later by the worker, are recorded as the publisher’s', async () => {
    const { key, keyId } = await keyAndId(t, site);
    const a = await createPublishedArticle(t, key, { title: { en: 'In a set' } });
    await t.request('PATCH', `/v1/articles/${a.id}/staged`, {
      key,
      body: { locale: 'en', title: 'Published by the worker' },
    });
    const set = (await t.request('POST', '/v1/change-sets', { key, body: {} })).body.change_set;
    await t.request('POST', `/v1/change-sets/${set.id}/items`, {
      key,
      body: { items: [{ article_id: a.id, locale: 'en' }] },
    });
    const before = await lastOutboxId(t.ds);
    expect(
      (
        await t.request('POST', `/v1/change-sets/${set.id}/publish`, {
          key,
          // Scheduled, so the worker's poll publishes it, outside any request.
          body: { publish_at: new Date(Date.now() + 1500).toISOString() },
        })
      ).status,
    ).toBe(202);
    expect((await settledChangeSet(t, key, set.id)).status).toBe('published');
    const actor = { kind: 'api_key', key_id: keyId, user_id: site.owner.id };
    expect(
      (await auditEventsAfter(t.ds, before)).map((e) => [e.action, e.target_id, e.actor]),
    ).toEqual([
      ['change_set.publish', String(set.id), actor],
      // The worker's write, as the publisher's.
      ['staged.publish', String(a.id), actor],
    ]);
    await intake();
    const [version] = (await t.request('GET', `/v1/articles/${a.id}/versions`, { key })).body
      .versions;
    expect(version.replaced_by).toMatchObject({
      action: 'staged.publish',
      actor: { kind: 'api_key', key_id: keyId },
    });
  });

  it('GET /audit lists the site’s recorded writes only; the other site sees its own', async () => {
    const key = await t.factory.key(site);
    const otherKey = await t.factory.key(other);
    const mine = await createPublishedArticle(t, key, { title: { en: 'Mine' } });
    const theirs = await createPublishedArticle(t, otherKey, { title: { en: 'Theirs' } });
    await intake();
    const targets = async (k: string) =>
      (
        await t.request('GET', '/v1/audit?target_type=article&limit=100', { key: k })
      ).body.entries.map((e: { target_id: string }) => Number(e.target_id));
    const seen = await targets(key);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
    expect(await targets(otherKey)).toEqual([theirs.id]);
    // A foreign article id as a filter reads as no entries, not as the other site's.
    const foreign = await t.request('GET', `/v1/audit?target_type=article&target_id=${theirs.id}`, {
      key,
    });
    expect(foreign.body.entries).toEqual([]);
  });

  it('an Owner’s OAuth token reads the recorded writes; the token of a person since made an Editor gets 403 audit_forbidden', async () => {
    const owner = tokens.issue(site.owner.id, [site.id], ['content.read']);
    const read = await t.request('GET', '/v1/audit?action=staged.publish', { token: owner });
    expect(read.status).toBe(200);
    expect(read.body.entries.length).toBeGreaterThan(0);
    expect(read.body.entries.every((e: { action: string }) => e.action === 'staged.publish')).toBe(
      true,
    );
    // The role is the person's now, whatever the door (the key case: audit.integration-spec).
    const person = await t.factory.user();
    await t.factory.member(site, person, 'owner');
    const token = tokens.issue(person.id, [site.id], ['content.read']);
    expect((await t.request('GET', '/v1/audit', { token })).status).toBe(200);
    await t.factory.member(site, person, 'editor');
    const refused = await t.request('GET', '/v1/audit', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'error', code: 'audit_forbidden' });
  });
});
