import {
  expectInsufficientScope,
  expectNotFound,
  TestApp,
  TestSite,
  TestTokens,
  useTwoSites,
  webhookRow,
} from '@hc/testing';
import { WebhooksModule } from './webhooks.module';
import { WEBHOOK_NOT_FOUND } from './webhooks.service';

const tokens = new TestTokens('webhook-test-event');

/**
 * Issue 39: POST /webhooks/{id}/test puts one `webhook.test` event naming that webhook in the
 * outbox (the dispatcher's integration test proves it reaches that webhook alone, signed).
 * Attacks: the wrong credentials, the wrong role, another site's webhook id.
 */
describe('POST /webhooks/{id}/test (issue 39)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string;

  useTwoSites(tokens.app([WebhooksModule]), {}, (s) => ({ t, site, other, key } = s));

  /** The outbox rows written after `after`, oldest first. */
  const outboxAfter = async (after: number) =>
    (await t.ds.query('SELECT site_id, event, payload FROM outbox WHERE id > ? ORDER BY id', [
      after,
    ])) as { site_id: number; event: string; payload: any }[];
  const lastOutboxId = async () =>
    Number((await t.ds.query('SELECT COALESCE(MAX(id), 0) AS n FROM outbox'))[0].n);
  const sendTest = (hook: number, auth: Parameters<TestApp['request']>[2]) =>
    t.request('POST', `/v1/webhooks/${hook}/test`, auth);
  const sessionOf = async (role: 'owner' | 'admin' | 'editor' | 'translator' | 'viewer') => {
    if (role === 'owner') return t.factory.session(site.owner);
    const user = await t.factory.user();
    await t.factory.member(site, user, role);
    return t.factory.session(user);
  };

  it('queues webhook.test for that webhook alone, with its audit entry, in one write', async () => {
    const hook = await webhookRow(t.ds, site.id);
    await webhookRow(t.ds, site.id);
    const before = await lastOutboxId();
    const res = await sendTest(hook, { key });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'success', message: 'Test event queued.' });
    const rows = await outboxAfter(before);
    expect(rows.map((r) => r.event)).toEqual(['webhook.test', 'audit.recorded']);
    expect(rows[0].site_id).toBe(site.id);
    expect(rows[0].payload).toEqual({
      helpcenter_id: site.uuid,
      data: { type: 'webhook', id: hook },
    });
    expect(rows[1].payload.data).toMatchObject({
      action: 'webhook.test',
      target_type: 'webhook',
      target_id: String(hook),
    });
  });

  it('Read & write keys, webhooks.manage tokens, Owners and Admins may; others are refused', async () => {
    const hook = await webhookRow(t.ds, site.id);
    const allowed = [
      { key },
      { token: tokens.issue(site.owner.id, [site.id], ['webhooks.manage']) },
      { session: await sessionOf('owner'), site: site.id },
      { session: await sessionOf('admin'), site: site.id },
    ];
    for (const auth of allowed) expect((await sendTest(hook, auth)).status).toBe(202);

    const before = await lastOutboxId();
    const readKey = await t.factory.key(site, { scope: 'read' });
    expectInsufficientScope(await sendTest(hook, { key: readKey }), 'content.write');
    const noScope = tokens.issue(site.owner.id, [site.id], ['content.write']);
    expectInsufficientScope(await sendTest(hook, { token: noScope }), 'webhooks.manage');
    for (const role of ['editor', 'translator', 'viewer'] as const) {
      const res = await sendTest(hook, { session: await sessionOf(role), site: site.id });
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
    expect((await sendTest(hook, {})).status).toBe(401);
    expect(await outboxAfter(before)).toEqual([]);
  });

  it('answers 404 for another site’s webhook, a missing one, and writes nothing', async () => {
    const foreign = await webhookRow(t.ds, other.id);
    const before = await lastOutboxId();
    expectNotFound(await sendTest(foreign, { key }), WEBHOOK_NOT_FOUND);
    const token = tokens.issue(site.owner.id, [site.id], ['webhooks.manage']);
    expectNotFound(await sendTest(foreign, { token: token }), WEBHOOK_NOT_FOUND);
    const owner = await sessionOf('owner');
    expectNotFound(await sendTest(foreign, { session: owner, site: site.id }), WEBHOOK_NOT_FOUND);
    expectNotFound(await sendTest(999_999_999, { key }), WEBHOOK_NOT_FOUND);
    expect(await outboxAfter(before)).toEqual([]);
  });
});
