import { randomUUID } from 'node:crypto';
import { resetSettings, settings } from '@hc/contracts';
import { KafkaEventBus, writeWebhookEvent } from '@hc/events';
import { startTestApp, WebhookReceiver } from '@hc/testing';
import { createWebhookDispatcher } from '../app.factory';

jest.setTimeout(120_000);

// HC_EVENT_TRANSPORT=kafka against a real broker. No broker can run on the development machine
// (notes/toolchain.md), so without HC_KAFKA_BROKERS the test says so and checks nothing else.
it('relays outbox rows to Kafka keyed by site and delivers them from the consumer group', async () => {
  const brokers = (process.env.HC_KAFKA_BROKERS ?? '').split(',').filter(Boolean);
  if (brokers.length === 0) {
    process.stderr.write(
      'kafka.integration-spec: HC_KAFKA_BROKERS is not set; the real-broker path was not exercised\n',
    );
    expect(brokers).toEqual([]);
    return;
  }
  const receiver = await WebhookReceiver.start();
  const saved = process.env.HC_OUTBOUND_ALLOWLIST;
  process.env.HC_OUTBOUND_ALLOWLIST = receiver.host;
  resetSettings();
  expect(settings().kafkaBrokers).toEqual(brokers);
  // A topic of its own, so earlier runs' messages are not consumed here.
  const bus = new KafkaEventBus(
    brokers,
    'helpcenter-test',
    `helpcenter.events.test-${randomUUID()}`,
  );
  const d = await startTestApp(() => createWebhookDispatcher({ bus }));
  try {
    const site = await d.factory.site();
    const secret = 'kafka-secret-0123456789';
    await d.ds.query(
      'INSERT INTO webhooks (site_id, url, secret, created_at) VALUES (?, ?, ?, ?)',
      [site.id, receiver.url('/kafka'), secret, new Date()],
    );
    receiver.secretFor('/kafka', secret);
    for (let i = 1; i <= 5; i++) {
      await d.ds.transaction((m) =>
        writeWebhookEvent(m, site, 'site.updated', {
          type: 'site',
          id: site.id,
          visibility: i % 2 ? 'private' : 'public',
        }),
      );
    }
    await receiver.waitFor(() => receiver.for('/kafka').length >= 5, 90_000);
    expect(receiver.for('/kafka').every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.for('/kafka').map((r) => r.headers['x-service-event']))).toEqual(
      new Set(['site.updated']),
    );
  } finally {
    await d.close();
    await receiver.close();
    if (saved === undefined) delete process.env.HC_OUTBOUND_ALLOWLIST;
    else process.env.HC_OUTBOUND_ALLOWLIST = saved;
    resetSettings();
  }
});
