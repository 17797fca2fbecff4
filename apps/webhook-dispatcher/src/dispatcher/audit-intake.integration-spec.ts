import { runAsActor, settings } from '@hc/contracts';
import { outboxRowToEvent, writeWebhookEvent } from '@hc/events';
import {
  auditEntryRow,
  dispatcherPerFile,
  oauthConnectionRow,
  scopedSite,
  TestApp,
  WebhookReceiver,
  webhookRow,
} from '@hc/testing';
import { createWebhookDispatcher } from '../app.factory';
import { pruneAuditEntriesAcrossSites } from './audit-entries.repository';
import { DeliveriesRepository } from './deliveries.repository';

jest.setTimeout(60_000);

/** Issue 24: the dispatcher's intake turns audit events into audit rows, never deliveries. */
describe('audit intake (issue 24)', () => {
  const spec = dispatcherPerFile(createWebhookDispatcher);
  let d: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(() => {
    ({ app: d, receiver } = spec);
  });

  const data = (id: number) =>
    ({
      type: 'category',
      id,
      parent_id: null,
      name: 'c',
      updated_at: '2026-01-01 00:00:00',
    }) as const;

  async function waitFor<T>(read: () => Promise<T[]>, n: number): Promise<T[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = await read();
      if (rows.length >= n || Date.now() > deadline) return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('writes one audit row per audit event (outbox transport) and delivers only the webhook event', async () => {
    const site = await d.factory.site();
    await oauthConnectionRow(d.ds, {
      userId: site.owner.id,
      clientId: 'client-audit-intake',
      clientName: 'Helpful App',
      scopes: [],
      siteIds: [],
    });
    await webhookRow(d.ds, site.id, {
      url: receiver.url('/audit'),
      secret: 'secret-for-audit-intake-0123',
    });
    const actor = {
      kind: 'oauth',
      client_id: 'client-audit-intake',
      user_id: site.owner.id,
    } as const;
    await runAsActor(actor, () =>
      d.ds.transaction((m) => writeWebhookEvent(m, scopedSite(site), 'category.created', data(7))),
    );
    const rows = await waitFor(
      () => d.ds.query('SELECT * FROM audit_entries WHERE site_id = ?', [site.id]),
      1,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'category.create',
        target_type: 'category',
        target_id: '7',
        actor_kind: 'oauth',
        actor_user_id: site.owner.id,
        actor_client_id: 'client-audit-intake',
        actor_client_name: 'Helpful App',
      }),
    ]);
    const events = await waitFor<{ event: string; body: string }>(
      () => d.ds.query('SELECT event, body FROM webhook_events WHERE site_id = ?', [site.id]),
      1,
    );
    expect(events.map((e: { event: string }) => e.event)).toEqual(['category.created']);
    expect(JSON.parse(events[0].body)).not.toHaveProperty('actor');
    expect(JSON.stringify(JSON.parse(events[0].body).data)).not.toContain('audit');
  });

  it('writes no second row when the bus hands an audit event over again (Kafka transport)', async () => {
    const site = await d.factory.site();
    // Written straight into a table the outbox loop never sees: the consumer's path alone.
    const event = outboxRowToEvent({
      id: 9000000001,
      site_id: site.id,
      event: 'audit.recorded',
      payload: {
        helpcenter_id: site.uuid,
        data: {
          type: 'audit',
          action: 'design.publish',
          target_type: 'template',
          target_id: '3',
          actor: { kind: 'operator' },
        },
      },
      occurred_at: new Date(),
      request_id: 'req-9',
    });
    const repo = new DeliveriesRepository(d.ds);
    expect((await repo.fanOutNowAcrossSites([event])).added).toBe(0);
    await repo.fanOutNowAcrossSites([event]);
    const rows = await d.ds.query('SELECT * FROM audit_entries WHERE site_id = ?', [site.id]);
    expect(rows).toEqual([
      expect.objectContaining({
        id: 9000000001,
        action: 'design.publish',
        actor_kind: 'operator',
        request_id: 'req-9',
      }),
    ]);
  });

  it('prunes entries older than the retention (HC_AUDIT_RETENTION_DAYS, default 365 days)', async () => {
    const site = await d.factory.site();
    const insert = (id: number, at: Date) =>
      auditEntryRow(d.ds, site.id, {
        id,
        action: 'article.create',
        targetType: 'article',
        targetId: '1',
        actorKind: 'operator',
        occurredAt: at,
      });
    const day = 86_400_000;
    await insert(9000000101, new Date(Date.now() - 366 * day));
    await insert(9000000102, new Date(Date.now() - 364 * day));
    expect(settings().auditRetentionDays).toBe(365);
    await pruneAuditEntriesAcrossSites(d.ds.manager, new Date(Date.now() - 365 * day));
    const rows = await d.ds.query('SELECT id FROM audit_entries WHERE site_id = ?', [site.id]);
    expect(rows.map((r: { id: number }) => Number(r.id))).toEqual([9000000102]);
  });
});
