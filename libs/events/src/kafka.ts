import { Kafka, logLevel, Partitioners } from 'kafkajs';
import type { Consumer, EachBatchPayload, Producer } from 'kafkajs';
import type { DomainEvent } from './outbox.writer';
import { decodeEvent, encodeEvent } from './serialization';
import { EVENTS_TOPIC } from './transport';
import type { EventBatchHandler, EventBus, EventPublisher, EventSubscriber } from './transport';

/** The parts of a kafkajs producer the relay uses (tests pass an object of this shape). */
export type KafkaProducerLike = Pick<Producer, 'connect' | 'send' | 'disconnect'>;
/** The parts of a kafkajs consumer the dispatcher uses. */
export type KafkaConsumerLike = Pick<
  Consumer,
  'connect' | 'subscribe' | 'run' | 'commitOffsets' | 'stop' | 'disconnect'
>;

export interface KafkaLogger {
  warn(message: string): void;
}

/**
 * Publishes events to one topic, keyed by site id so one site's events stay in one partition
 * (in order). `acks: -1`: resolved only once every in-sync replica has the batch.
 */
export class KafkaEventPublisher implements EventPublisher {
  constructor(
    private readonly producer: KafkaProducerLike,
    private readonly topic: string = EVENTS_TOPIC,
  ) {}

  connect(): Promise<void> {
    return this.producer.connect();
  }

  async publish(events: DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.producer.send({
      topic: this.topic,
      acks: -1,
      messages: events.map((e) => ({
        key: String(e.siteId),
        value: encodeEvent(e),
        headers: { event: e.event },
      })),
    });
  }

  disconnect(): Promise<void> {
    return this.producer.disconnect();
  }
}

/**
 * Consumes the topic in a consumer group. Offsets are committed by hand, only after the
 * handler has resolved (for the dispatcher: once the delivery rows exist), so a crash between
 * the two replays the batch rather than losing it. A message that is not an event is logged
 * and passed over, so one bad message cannot stop its partition.
 */
export class KafkaEventSubscriber implements EventSubscriber {
  constructor(
    private readonly consumer: KafkaConsumerLike,
    private readonly topic: string = EVENTS_TOPIC,
    private readonly logger: KafkaLogger = { warn: (m) => process.stderr.write(`${m}\n`) },
  ) {}

  async start(handler: EventBatchHandler): Promise<void> {
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [this.topic], fromBeginning: true });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
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
        events.push(decodeEvent(message.value));
      } catch (err) {
        this.logger.warn(
          `skipping message ${batch.topic}/${batch.partition}@${message.offset}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
    if (events.length > 0) await handler(events);
    const last = batch.messages[batch.messages.length - 1].offset;
    // Kafka's committed offset is the next one to read.
    await this.consumer.commitOffsets([
      { topic: batch.topic, partition: batch.partition, offset: (BigInt(last) + 1n).toString() },
    ]);
    payload.resolveOffset(last);
    await payload.heartbeat();
  }

  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.consumer.disconnect();
  }
}

/** kafkajs behind the `EventBus` interface. */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;

  constructor(
    brokers: string[],
    clientId = 'helpcenter',
    private readonly topic: string = EVENTS_TOPIC,
  ) {
    this.kafka = new Kafka({ clientId, brokers, logLevel: logLevel.WARN });
  }

  publisher(): EventPublisher {
    return new KafkaEventPublisher(
      this.kafka.producer({
        createPartitioner: Partitioners.DefaultPartitioner,
        idempotent: true,
        maxInFlightRequests: 1,
      }),
      this.topic,
    );
  }

  subscriber(group: string): EventSubscriber {
    return new KafkaEventSubscriber(this.kafka.consumer({ groupId: group }), this.topic);
  }
}
