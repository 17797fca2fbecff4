import { resetSettings } from '@hc/contracts';
import {
  decodeEvent,
  encodeEvent,
  InMemoryEventBus,
  outboxRowToEvent,
  writeWebhookEvent,
} from '@hc/events';
import type { DomainEvent } from '@hc/events';
import {
  quietQueue,
  receiverWebhookRow,
  startTestApp,
  TestApp,
  TestSite,
  WebhookReceiver,
  scopedSite,
} from '@hc/testing';
import { createWebhookDispatcher } from '../app.factory';
import { DispatcherService } from './dispatcher.service';

jest.setTimeout(30_000);

// The consumer side of HC_EVENT_TRANSPORT=kafka with the in-process bus in place of kafkajs; the
// same path against a live broker (with the relay app) is durability.integration-spec.ts.
describe('webhook dispatcher, bus transport (consumer side)', () => {
  let d: TestApp;
  let receiver: WebhookReceiver;
  let bus: InMemoryEventBus;
  const saved = process.env.HC_OUTBOUND_ALLOWLIST;

  async function hook(site: TestSite, p: string): Promise<number> {
    return receiverWebhookRow(d.ds, site.id, receiver, p, { secret: 'bus-secret-0123456789' });
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    process.env.HC_OUTBOUND_ALLOWLIST = receiver.host;
    resetSettings();
    bus = new InMemoryEventBus();
    await quietQueue();
    d = await startTestApp(() => createWebhookDispatcher({ bus }));
  });

  afterAll(async () => {
    await d.close();
    await receiver.close();
    if (saved === undefined) delete process.env.HC_OUTBOUND_ALLOWLIST;
    else process.env.HC_OUTBOUND_ALLOWLIST = saved;
    resetSettings();
  });

  it('delivers what arrives on the bus and leaves the outbox to the relay', async () => {
    const site = await d.factory.site();
    await hook(site, '/bus-a');
    const id = await d.ds.transaction((m) =>
      writeWebhookEvent(m, scopedSite(site), 'category.created', {
        type: 'category',
        id: 5,
        parent_id: null,
        name: 'FAQ',
        updated_at: '2026-01-01 00:00:00',
      }),
    );
    const [outboxRow] = await d.ds.query(
      'SELECT id, site_id, event, payload, occurred_at FROM outbox WHERE id = ?',
      [id],
    );
    await bus.publisher().publish([outboxRowToEvent(outboxRow)]);
    await receiver.waitFor(() => receiver.for('/bus-a').length === 1);
    const [got] = receiver.for('/bus-a');
    expect(got.verified).toBe(true);
    expect(got.json).toMatchObject({
      event: 'category.created',
      site_id: site.id,
      helpcenter_id: site.uuid,
      data: { id: 5 },
    });
    const [row] = await d.ds.query('SELECT processed_at FROM outbox WHERE id = ?', [id]);
    expect(row.processed_at).toBeNull();
  });

  it('a batch handed over twice (a replay after a crash before the commit) is delivered once per webhook', async () => {
    const site = await d.factory.site();
    const webhookId = await hook(site, '/bus-replay');
    const event: DomainEvent = decodeEvent(
      encodeEvent({
        id: String(9_000_000_000 + site.id),
        siteId: site.id,
        event: 'site.updated',
        occurredAt: '2026-02-03T04:05:06+00:00',
        payload: {
          helpcenter_id: site.uuid,
          data: { type: 'site', id: site.id, visibility: 'password' },
        },
      }),
    );
    const dispatcher = d.app.get(DispatcherService);
    await dispatcher.accept([event]);
    await dispatcher.accept([event]);
    await receiver.waitFor(() => receiver.for('/bus-replay').length === 1);
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.for('/bus-replay')).toHaveLength(1);
    expect(receiver.for('/bus-replay')[0].json.occurred_at).toBe('2026-02-03T04:05:06+00:00');
    const rows = await d.ds.query(
      'SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?',
      [webhookId],
    );
    expect(Number(rows[0].n)).toBe(1);
    expect(dispatcher.duplicates).toBe(1);
    expect(bus.pending).toBe(0);
  });
});
