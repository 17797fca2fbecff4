import { readFileSync } from 'node:fs';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import type {
  Admin,
  Consumer,
  EachBatchPayload,
  KafkaConfig,
  Producer,
  SASLOptions,
} from 'kafkajs';
import { settings } from '@hc/contracts';
import type { KafkaSettings, Settings } from '@hc/contracts';
import type { DomainEvent } from './outbox.writer';
import { decodeEvent, encodeEvent } from './serialization';
import { EVENT_TRACEPARENT, validTraceparent } from './trace-context';
import { AUDIT_EVENT } from './outbox.writer';
import { EVENTS_TOPIC, internalTopicOf } from './transport';
import type { EventBatchHandler, EventBus, EventPublisher, EventSubscriber } from './transport';

/** The parts of a kafkajs producer the relay uses (tests pass an object of this shape). */
export type KafkaProducerLike = Pick<Producer, 'connect' | 'send' | 'disconnect'>;
/** The parts of a kafkajs consumer the dispatcher uses. */
export type KafkaConsumerLike = Pick<
  Consumer,
  'connect' | 'subscribe' | 'run' | 'commitOffsets' | 'stop' | 'disconnect'
> &
  Partial<Pick<Consumer, 'on' | 'events'>>;

export interface KafkaLogger {
  warn(message: string): void;
}

/**
 * Events that never ride the events topic external consumers read (docs/events.md "Topics"):
 * personal data (`contact.submitted`) and audit entries go to the internal topic.
 */
export const INTERNAL_EVENTS: ReadonlySet<string> = new Set(['contact.submitted', AUDIT_EVENT]);

/** The topic an event is published to: the internal one for `INTERNAL_EVENTS`, else the events topic. */
export function topicFor(
  event: Pick<DomainEvent, 'event'>,
  topics: { topic: string; internalTopic: string },
): string {
  return INTERNAL_EVENTS.has(event.event) ? topics.internalTopic : topics.topic;
}

/**
 * Publishes events to the events topic or the internal one (`topicFor`), keyed by site id in
 * both so one site's events stay in one partition of each topic (in order). `acks: -1`:
 * resolved only once every in-sync replica has the batch.
 */
export class KafkaEventPublisher implements EventPublisher {
  constructor(
    private readonly producer: KafkaProducerLike,
    private readonly topic: string = EVENTS_TOPIC,
    private readonly internalTopic: string = internalTopicOf(topic),
  ) {}

  connect(): Promise<void> {
    return this.producer.connect();
  }

  async publish(events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const byTopic = new Map<string, DomainEvent[]>();
    for (const e of events) {
      const topic = topicFor(e, { topic: this.topic, internalTopic: this.internalTopic });
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), e]);
    }
    // One topic after the other: each keeps the batch's (commit) order for its events.
    for (const [topic, list] of byTopic) {
      await this.producer.send({
        topic,
        acks: -1,
        messages: list.map((e) => ({
          key: String(e.siteId),
          value: encodeEvent(e),
          headers: {
            event: e.event,
            ...(e.requestId ? { request_id: e.requestId } : {}),
            // Issue 36: the write's span, for the consumers to continue (docs/events.md).
            ...(e.traceparent ? { traceparent: e.traceparent } : {}),
          },
          // For the kafkajs instrumentation's producer hook (libs/http/src/tracing.ts).
          ...(e.traceparent ? { [EVENT_TRACEPARENT]: e.traceparent } : {}),
        })),
      });
    }
  }

  disconnect(): Promise<void> {
    return this.producer.disconnect();
  }
}

/**
 * Consumes the events topic and the internal one (the dispatcher reads both) in a consumer group. Offsets are committed by hand, only after the
 * handler has resolved (for the dispatcher: once the delivery rows exist), so a crash between
 * the two replays the batch rather than losing it. A message that is not an event is logged
 * and passed over, so one bad message cannot stop its partition.
 */
export class KafkaEventSubscriber implements EventSubscriber {
  constructor(
    private readonly consumer: KafkaConsumerLike,
    private readonly topic: string = EVENTS_TOPIC,
    private readonly logger: KafkaLogger = { warn: (m) => process.stderr.write(`${m}\n`) },
    private readonly internalTopic: string = internalTopicOf(topic),
  ) {}

  private stopped = false;
  private watching = false;

  async start(handler: EventBatchHandler): Promise<void> {
    this.stopped = false;
    this.watchCrashes(handler);
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: [this.topic, this.internalTopic],
      fromBeginning: true,
    });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      // Partitions in parallel; each partition's batches still one after another, in order.
      partitionsConsumedConcurrently: 3,
      eachBatch: (payload) => this.handleBatch(payload, handler),
    });
  }

  /** One batch of one partition: decode, hand over, then commit past its last message. */
  async handleBatch(payload: EachBatchPayload, handler: EventBatchHandler): Promise<void> {
    const { batch } = payload;
    if (batch.messages.length === 0) return;
    const events: DomainEvent[] = [];
    for (const message of batch.messages) {
      try {
        const event = decodeEvent(message.value);
        const requestId = message.headers?.request_id?.toString();
        const traceparent = validTraceparent(message.headers?.traceparent?.toString());
        events.push({
          ...event,
          ...(requestId ? { requestId } : {}),
          ...(traceparent ? { traceparent } : {}),
        });
      } catch (err) {
        this.logger.warn(
          `skipping message ${batch.topic}/${batch.partition}@${message.offset}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
    if (events.length > 0) await this.whileBeating(payload, () => handler(events));
    const last = batch.messages[batch.messages.length - 1].offset;
    // Kafka's committed offset is the next one to read.
    await this.consumer.commitOffsets([
      { topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() },
    ]);
    payload.resolveOffset(last);
    await payload.heartbeat();
  }

  /**
   * Runs `work` and heartbeats meanwhile (kafkajs beats only between batches on its own, at most
   * every `heartbeatInterval`): a handler slowed by a busy database keeps its member in the group.
   * A failed beat (a rebalance began) is left to the commit after the batch, which then fails and
   * the batch is handed out again.
   */
  private async whileBeating<T>(payload: EachBatchPayload, work: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => void payload.heartbeat().catch(() => undefined), 1_000);
    try {
      return await work();
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * kafkajs restarts its consumer after a retriable error but gives up after any other (the
   * test broker answers some rebalances with a protocol error): start it again, so the group
   * keeps a member here. Uncommitted batches are handed out again, never lost.
   */
  private watchCrashes(handler: EventBatchHandler): void {
    const { on, events } = this.consumer;
    if (this.watching || !on || !events) return;
    this.watching = true;
    on(events.CRASH, (event) => {
      if (event.payload.restart || this.stopped) return;
      this.logger.warn(`consumer stopped (${event.payload.error.message}); starting it again`);
      const restart = () => {
        if (this.stopped) return;
        this.start(handler).catch((err: unknown) => {
          this.logger.warn(`consumer restart failed (${String(err)}); trying again`);
          setTimeout(restart, 1_000);
        });
      };
      setTimeout(restart, 1_000);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.consumer.stop();
    await this.consumer.disconnect();
  }
}

/** What the Kafka transport needs, from the `HC_KAFKA_*` settings (`kafkaOptions()`). */
export interface KafkaTransportOptions {
  brokers: string[];
  /** This process's client id (one per app: `helpcenter-webhook-dispatcher` …). */
  clientId: string;
  topic: string;
  /** contact.submitted and audit events (`HC_KAFKA_INTERNAL_TOPIC`). */
  internalTopic: string;
  /** Used only when a topic is created. */
  partitions: number;
  replicationFactor: number;
  /** Idempotent producer (real clusters); off against the test broker, which refuses it. */
  idempotent: boolean;
  ssl: boolean;
  /** PEM bundle trusted for the brokers' certificates (default: the system roots). */
  sslCaFile: string | null;
  sasl: KafkaSettings['sasl'];
  /** Consumer group session (`HC_KAFKA_SESSION_TIMEOUT`). */
  sessionTimeoutMs: number;
}

/** The transport options of one app, from the process settings. */
export function kafkaOptions(app: string, s: Settings = settings()): KafkaTransportOptions {
  const k = s.kafka;
  return {
    brokers: s.kafkaBrokers,
    clientId: `${k.clientId}-${app}`,
    topic: k.topic,
    internalTopic: k.internalTopic,
    partitions: k.partitions,
    replicationFactor: k.replicationFactor,
    idempotent: k.idempotent,
    ssl: k.ssl,
    sslCaFile: k.sslCaFile,
    sasl: k.sasl,
    sessionTimeoutMs: k.sessionTimeoutMs,
  };
}

/** The kafkajs client configuration: brokers, client id, TLS and SASL. */
export function kafkaClientConfig(
  o: KafkaTransportOptions,
  readFile: (path: string) => Buffer = (p) => readFileSync(p),
): KafkaConfig {
  const config: KafkaConfig = {
    clientId: o.clientId,
    brokers: o.brokers,
    logLevel: logLevel.WARN,
    connectionTimeout: 3_000,
  };
  if (o.ssl) config.ssl = o.sslCaFile ? { ca: [readFile(o.sslCaFile)] } : true;
  // kafkajs names the mechanisms as the settings do: plain, scram-sha-256, scram-sha-512.
  if (o.sasl) config.sasl = { ...o.sasl } as SASLOptions;
  return config;
}

/** The admin calls topic provisioning and readiness use. */
export type KafkaAdminLike = Pick<Admin, 'listTopics' | 'createTopics'>;

/**
 * Creates the topic when, and only when, the cluster's metadata does not list it (a real
 * cluster usually has it from its operators; the test broker refuses `createTopics`).
 * A refusal becomes an error that names the topic and what to do.
 */
export async function ensureTopic(
  admin: KafkaAdminLike,
  o: Pick<KafkaTransportOptions, 'topic' | 'partitions' | 'replicationFactor'>,
): Promise<'exists' | 'created'> {
  const topics = await admin.listTopics();
  if (topics.includes(o.topic)) return 'exists';
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic: o.topic,
          numPartitions: o.partitions,
          replicationFactor: o.replicationFactor,
        },
      ],
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Kafka refused to create topic ${o.topic} (${o.partitions} partitions, replication factor ` +
        `${o.replicationFactor}): ${reason}. Create it on the cluster or fix HC_KAFKA_TOPIC_PARTITIONS / HC_KAFKA_REPLICATION_FACTOR.`,
    );
  }
  return 'created';
}

/**
 * Consumer timing. The session (`HC_KAFKA_SESSION_TIMEOUT`) is how long a SIGKILLed
 * dispatcher's partitions, and the rebalance that follows, wait. The member heartbeats every second
 * (a rebalance reaches live members within a second), also while a batch is being handled
 * (`handleBatch`), so a slow database never drops a live member. A fetch waits at most 100 ms for new messages (brokers answer
 * earlier when data arrives; the test broker waits the whole time, and kafkajs's 5 s default
 * made commit-to-receipt seconds long).
 */
export function consumerTiming(sessionTimeoutMs: number) {
  return {
    sessionTimeout: sessionTimeoutMs,
    heartbeatInterval: 1_000,
    rebalanceTimeout: Math.max(20_000, sessionTimeoutMs),
    maxWaitTimeInMs: 100,
  };
}

/** kafkajs behind the `EventBus` interface. */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private admin: Admin | null = null;
  private adminConnected: Promise<void> | null = null;

  constructor(private readonly o: KafkaTransportOptions) {
    this.kafka = new Kafka(kafkaClientConfig(o));
  }

  publisher(): EventPublisher {
    return new KafkaEventPublisher(
      this.kafka.producer({
        createPartitioner: Partitioners.DefaultPartitioner,
        idempotent: this.o.idempotent,
        // One request in flight: a retried batch can never overtake the next one.
        maxInFlightRequests: 1,
      }),
      this.o.topic,
      this.o.internalTopic,
    );
  }

  subscriber(group: string): EventSubscriber {
    return new KafkaEventSubscriber(
      this.kafka.consumer({ groupId: group, ...consumerTiming(this.o.sessionTimeoutMs) }),
      this.o.topic,
      undefined,
      this.o.internalTopic,
    );
  }

  private async connectedAdmin(): Promise<Admin> {
    if (!this.admin) {
      this.admin = this.kafka.admin();
      this.adminConnected = this.admin.connect();
    }
    try {
      await this.adminConnected;
    } catch (err) {
      this.admin = null;
      throw err;
    }
    return this.admin;
  }

  /** Both topics, each with the same partitions and replication factor. */
  async provision(): Promise<void> {
    const admin = await this.connectedAdmin();
    await ensureTopic(admin, this.o);
    await ensureTopic(admin, { ...this.o, topic: this.o.internalTopic });
  }

  /** Readiness: the cluster answers a metadata request within 2 s. */
  async check(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Kafka did not answer within 2 s')), 2_000);
    });
    try {
      await Promise.race([this.connectedAdmin().then((admin) => admin.describeCluster()), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = null;
    await admin?.disconnect();
  }
}

/** The bus the settings choose for an app: none with HC_EVENT_TRANSPORT=outbox, Kafka with kafka. */
export function busFromSettings(app: string, s: Settings = settings()): EventBus | null {
  return s.eventTransport === 'kafka' ? new KafkaEventBus(kafkaOptions(app, s)) : null;
}
