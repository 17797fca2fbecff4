import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@hc/data';
import { writeWebhookEvent } from '@hc/events';
import {
  BuiltApp,
  buildWorkspace,
  envelopeErrors,
  Factory,
  killHard,
  MockKafka,
  startBuiltApp,
  startMockKafka,
  stopGracefully,
  TestSite,
  scopedSite,
} from '@hc/testing';

// The built relay against a live mock Kafka cluster (kcat): two replicas share the outbox through
// their leases; SIGKILL of the active one hands over without reordering or losing a site's events.
jest.setTimeout(180_000);

describe('event relay replicas (docs/decisions.md "Kafka")', () => {
  let ds: DataSource;
  let factory: Factory;
  let kafka: MockKafka;
  const topic = `helpcenter.events.${randomUUID()}`;
  const children = new Set<ChildProcess>();

  async function relay(): Promise<BuiltApp> {
    const child = await startBuiltApp('event-relay', {
      HC_EVENT_TRANSPORT: 'kafka',
      HC_KAFKA_BROKERS: kafka.bootstrap,
      HC_KAFKA_TOPIC: topic,
      HC_KAFKA_IDEMPOTENT: 'false',
      HC_EVENT_RELAY_SHARDS: '2',
      LOG_LEVEL: 'warn',
    });
    children.add(child);
    return child;
  }

  function fire(site: TestSite, n: number): Promise<string> {
    return ds.transaction((m) =>
      writeWebhookEvent(m, scopedSite(site), 'site.updated', {
        type: 'site',
        id: site.id,
        visibility: n % 2 ? 'public' : 'private',
      }),
    );
  }

  beforeAll(async () => {
    await buildWorkspace();
    ds = await createDataSource({ poolSize: 4 }).initialize();
    factory = new Factory(ds);
    kafka = await startMockKafka();
    await kafka.createTopic(topic);
    // The mock cluster refuses createTopics: the internal topic (default `<topic>.internal`) too.
    await kafka.createTopic(`${topic}.internal`);
    await ds.query('UPDATE outbox SET processed_at = ? WHERE processed_at IS NULL', [new Date()]);
  });

  afterAll(async () => {
    for (const child of children) await killHard(child);
    await kafka?.stop();
    await ds?.destroy();
  });

  it('keeps each site in commit order across two replicas while the active ones are killed', async () => {
    const sites: TestSite[] = [];
    for (let i = 0; i < 5; i++) sites.push(await factory.site());
    const a = await relay();
    const b = await relay();
    const ids = new Map<number, string[]>(sites.map((s) => [s.id, []]));
    let n = 0;
    const burst = async (k: number) => {
      for (let i = 0; i < k; i++, n++) {
        const site = sites[n % sites.length];
        ids.get(site.id)!.push(await fire(site, n));
      }
    };
    await burst(200);
    await killHard(a);
    await burst(200);
    const c = await relay();
    await burst(100);
    await killHard(b);
    await burst(200);

    // Everything reaches the broker and is marked; nothing is left to a dead relay.
    const pending = async () =>
      Number((await ds.query('SELECT COUNT(*) AS n FROM outbox WHERE processed_at IS NULL'))[0].n);
    const deadline = Date.now() + 60_000;
    while ((await pending()) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await pending()).toBe(0);
    // The survivor holds both shards and counts what it published.
    const metrics = await (await fetch(`http://127.0.0.1:${c.port}/metrics`)).text();
    expect(metrics).toMatch(/^hc_event_relay_shards_held 2$/m);
    expect(Number(/^hc_event_relay_published_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    expect(await stopGracefully(c)).toBe(0);

    const messages = await kafka.readAll(topic);
    const seen = new Map<string, string[]>();
    for (const m of messages) {
      const envelope = JSON.parse(m.value);
      expect(envelopeErrors(envelope)).toEqual([]);
      expect(m.key).toBe(String(envelope.site_id));
      seen.set(m.key!, [...(seen.get(m.key!) ?? []), envelope.id]);
    }
    for (const site of sites) {
      // In partition order, each event's first appearance follows commit order; a replay after
      // a handover repeats events already sent (a duplicate), it never moves one back.
      const received = seen.get(String(site.id)) ?? [];
      const firsts = received.filter((id, i) => received.indexOf(id) === i);
      expect(firsts).toEqual(ids.get(site.id));
    }
    process.stderr.write(
      `relay replicas: ${n} events, ${messages.length - n} duplicate(s) after 2 SIGKILLs\n`,
    );
  });
});
