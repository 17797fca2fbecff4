import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { runAsActor } from '@hc/contracts';
import { createDataSource } from '@hc/data';
import { writeOutbox, writeWebhookEvent } from '@hc/events';
import {
  buildWorkspace,
  Factory,
  fixtureDatabaseUrl,
  killHard,
  MockKafka,
  quietQueue,
  receiverWebhookRow,
  scopedSite,
  startBuiltApp,
  startMockKafka,
  stopGracefully,
  WebhookReceiver,
} from '@hc/testing';

// docs/events.md "Topics": personal data (contact.submitted) and audit events ride the internal
// topic only; the events topic external consumers read carries the rest. The built relay and
// dispatcher against a live mock Kafka cluster (kcat).
jest.setTimeout(180_000);

describe('events topic and internal topic (docs/decisions/kafka-internal-topic.md)', () => {
  let ds: DataSource;
  let factory: Factory;
  let kafka: MockKafka;
  let receiver: WebhookReceiver;
  const topic = `helpcenter.events.${randomUUID()}`;
  const internal = `${topic}.internal`;
  const children = new Set<ChildProcess>();

  async function start(app: string): Promise<ChildProcess> {
    const child = await startBuiltApp(app, {
      HC_EVENT_TRANSPORT: 'kafka',
      HC_KAFKA_BROKERS: kafka.bootstrap,
      HC_KAFKA_TOPIC: topic,
      // HC_KAFKA_INTERNAL_TOPIC left unset: its default is <HC_KAFKA_TOPIC>.internal.
      HC_KAFKA_IDEMPOTENT: 'false',
      HC_OUTBOUND_ALLOWLIST: receiver.host,
      LOG_LEVEL: 'warn',
    });
    children.add(child);
    return child;
  }

  beforeAll(async () => {
    await buildWorkspace();
    ds = await createDataSource({ url: fixtureDatabaseUrl(), poolSize: 4 }).initialize();
    factory = new Factory(ds);
    receiver = await WebhookReceiver.start();
    kafka = await startMockKafka();
    await kafka.createTopic(topic);
    await kafka.createTopic(internal);
    await quietQueue(ds);
    await ds.query('UPDATE outbox SET processed_at = ? WHERE processed_at IS NULL', [new Date()]);
  });

  afterAll(async () => {
    for (const child of children) await killHard(child);
    await kafka?.stop();
    await receiver?.close();
    await ds?.destroy();
  });

  it('keeps contact.submitted and audit events off the events topic; webhooks and the audit log still get them', async () => {
    const site = await factory.site();
    await receiverWebhookRow(ds, site.id, receiver, `/topics-${site.id}`, {
      secret: 'topics-secret-0123456789abcdef',
    });
    const relay = await start('event-relay');
    const dispatcher = await start('webhook-dispatcher');

    // An article write (announced, not audited: no actor), a contact submission, and an
    // audited action (a category created by the operator: its webhook event and audit event).
    await ds.transaction((m) =>
      writeWebhookEvent(m, scopedSite(site), 'article.updated', {
        type: 'article',
        id: 41,
        category_id: null,
        title: 'Article 41',
        slug: 'article-41',
        published: true,
        visibility: 'public',
        locale: 'en',
        updated_at: '2026-01-01 00:00:00',
      }),
    );
    await ds.transaction((m) =>
      writeOutbox(m, scopedSite(site).id, 'contact.submitted', {
        helpcenter_id: site.uuid,
        data: {
          type: 'contact_message',
          id: 7,
          lang: 'en',
          name: 'Ada Reader',
          email: 'ada@example.com',
          subject: 'Help',
          message: 'My invoice is missing.',
        },
      }),
    );
    await runAsActor({ kind: 'operator' }, () =>
      ds.transaction((m) =>
        writeWebhookEvent(m, scopedSite(site), 'category.created', {
          type: 'category',
          id: 9,
          parent_id: null,
          name: 'Billing',
          updated_at: '2026-01-01 00:00:00',
        }),
      ),
    );

    // The site's webhook receives the two webhook events of spec 6 (contact.submitted is not one:
    // docs/events.md), read from the events topic.
    const path = `/topics-${site.id}`;
    const events = () =>
      new Set(receiver.received.filter((d) => d.path === path).map((d) => d.json?.event));
    await receiver.waitFor(() => events().size === 2, 60_000, 'two webhook events');
    // The audit log fills from the internal topic; contact.submitted reached no webhook.
    const deadline = Date.now() + 30_000;
    let audit: { action: string; actor_kind: string }[] = [];
    while (Date.now() < deadline) {
      audit = await ds.query('SELECT action, actor_kind FROM audit_entries WHERE site_id = ?', [
        site.id,
      ]);
      if (audit.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(audit).toEqual([{ action: 'category.create', actor_kind: 'operator' }]);
    expect([...events()].sort()).toEqual(['article.updated', 'category.created']);

    const read = async (t: string) =>
      (await kafka.readAll(t))
        .map((m) => ({ key: m.key, envelope: JSON.parse(m.value) }))
        .filter((m) => m.envelope.site_id === site.id);
    // What an external consumer of the events topic sees: content events only.
    const external = await read(topic);
    expect(external.map((m) => m.envelope.type).sort()).toEqual([
      'article.updated',
      'category.created',
    ]);
    expect(JSON.stringify(external)).not.toContain('ada@example.com');
    // The internal topic has the personal data and the audit entry, keyed by site as well.
    const privateOnes = await read(internal);
    expect(privateOnes.map((m) => m.envelope.type).sort()).toEqual([
      'audit.recorded',
      'contact.submitted',
    ]);
    expect(privateOnes.every((m) => m.key === String(site.id))).toBe(true);

    expect(await stopGracefully(dispatcher)).toBe(0);
    expect(await stopGracefully(relay)).toBe(0);
  });
});
