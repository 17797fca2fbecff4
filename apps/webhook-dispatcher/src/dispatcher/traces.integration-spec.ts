import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { SpanContext } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { resetSettings } from '@hc/contracts';
import { busFromSettings, OutboxRelay, writeWebhookEvent } from '@hc/events';
import type { EventPublisher } from '@hc/events';
import { startTracing, stopTracing } from '@hc/http/tracing';
import {
  MockKafka,
  receiverWebhookRow,
  scopedSite,
  startMockKafka,
  startTestApp,
  TestApp,
  WebhookReceiver,
} from '@hc/testing';
import { createWebhookDispatcher } from '../app.factory';
import { articleEvent } from '../testing/article-event';

jest.setTimeout(60_000);

/**
 * Issue 36 item 6: one article write followed to its webhook attempt. The write runs under an
 * active span; its outbox row carries the span's `traceparent` (outbox transport: straight to the
 * dispatcher; Kafka transport: the relay's message header, then the dispatcher's consumer), and the
 * attempt is a span of the same trace whose parent is the write's span. The receiver gets no
 * trace header.
 */
describe('traces: an article write to its webhook attempt', () => {
  const exporter = new InMemorySpanExporter();
  const saved = { ...process.env };
  let receiver: WebhookReceiver;
  let d: TestApp | null = null;

  beforeAll(async () => {
    expect(startTracing('webhook-dispatcher', { exporter })).toBe(true);
    receiver = await WebhookReceiver.start();
  });

  afterEach(async () => {
    await d?.close();
    d = null;
    process.env = { ...saved };
    resetSettings();
  });

  afterAll(async () => {
    await receiver.close();
    await stopTracing();
  });

  async function start(env: Record<string, string>): Promise<TestApp> {
    Object.assign(process.env, { HC_OUTBOUND_ALLOWLIST: receiver.host, ...env });
    resetSettings();
    d = await startTestApp(() => createWebhookDispatcher());
    // Rows of earlier files are not this test's.
    await d.ds.query('UPDATE outbox SET processed_at = ? WHERE processed_at IS NULL', [new Date()]);
    return d;
  }

  /** An article event written under an active span; the span's context. */
  async function writeUnderSpan(app: TestApp, path: string): Promise<SpanContext> {
    const site = await app.factory.site();
    await receiverWebhookRow(app.ds, site.id, receiver, path, {
      secret: 'trace-secret-0123456789',
    });
    return trace.getTracer('test').startActiveSpan('article write', async (span) => {
      await app.ds.transaction((m) =>
        writeWebhookEvent(m, scopedSite(site), 'article.updated', articleEvent(7)),
      );
      span.end();
      return span.spanContext();
    });
  }

  async function expectAttemptUnder(write: SpanContext, path: string): Promise<void> {
    await receiver.waitFor(() => receiver.for(path).length === 1, 20_000);
    const [got] = receiver.for(path);
    expect(got.verified).toBe(true);
    for (const header of ['traceparent', 'tracestate', 'baggage'])
      expect(got.headers[header]).toBeUndefined();
    const find = () =>
      exporter
        .getFinishedSpans()
        .find((s) => s.name === 'webhook attempt' && s.spanContext().traceId === write.traceId);
    for (let i = 0; i < 100 && !find(); i++) await new Promise((r) => setTimeout(r, 20));
    const attempt = find();
    expect(attempt?.name).toBe('webhook attempt');
    expect(attempt?.parentSpanContext?.spanId).toBe(write.spanId);
    expect(attempt?.attributes['hc.outcome']).toBe('delivered');
    expect(attempt?.attributes['http.response.status_code']).toBe(200);
  }

  it('outbox transport: the outbox row carries the write span to the attempt', async () => {
    const app = await start({ HC_EVENT_TRANSPORT: 'outbox' });
    const write = await writeUnderSpan(app, '/traced-outbox');
    const [row] = await app.ds.query(
      'SELECT traceparent FROM outbox WHERE traceparent LIKE ? ORDER BY id DESC LIMIT 1',
      [`00-${write.traceId}-%`],
    );
    expect(row.traceparent).toBe(`00-${write.traceId}-${write.spanId}-01`);
    await expectAttemptUnder(write, '/traced-outbox');
  });

  describe('Kafka transport', () => {
    let kafka: MockKafka;
    let relay: OutboxRelay | null = null;
    let publisher: EventPublisher | null = null;
    const topic = `helpcenter.events.${randomUUID()}`;

    beforeAll(async () => {
      kafka = await startMockKafka();
      await kafka.createTopic(topic);
      await kafka.createTopic(`${topic}.internal`);
    });
    afterAll(async () => {
      await relay?.stop();
      await publisher?.disconnect();
      await kafka?.stop();
    });

    it('the relay copies it into the message header; the consumer carries it to the attempt', async () => {
      const app = await start({
        HC_EVENT_TRANSPORT: 'kafka',
        HC_KAFKA_BROKERS: kafka.bootstrap,
        HC_KAFKA_TOPIC: topic,
        HC_KAFKA_IDEMPOTENT: 'false',
      });
      publisher = busFromSettings('event-relay')!.publisher();
      await publisher.connect();
      relay = new OutboxRelay(app.ds, publisher, {
        shards: 1,
        batch: 100,
        pollMs: 20,
        errorBackoffMs: 100,
        logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      });
      relay.start();
      const write = await writeUnderSpan(app, '/traced-kafka');
      await expectAttemptUnder(write, '/traced-kafka');
      const messages = await kafka.readAll(topic);
      expect(messages.map((m) => m.headers.traceparent)).toContain(
        `00-${write.traceId}-${write.spanId}-01`,
      );
    });
  });
});
