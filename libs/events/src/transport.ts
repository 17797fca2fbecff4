import type { DomainEvent } from './outbox.writer';

/**
 * Handles one batch of events. Resolving acknowledges the whole batch (the transport will not
 * hand it out again); rejecting leaves it unacknowledged, to be handed out again.
 */
export type EventBatchHandler = (events: DomainEvent[]) => Promise<void>;

/** Publishes outbox events to a message bus (the Kafka relay's side). */
export interface EventPublisher {
  connect(): Promise<void>;
  /** Resolves once the bus has durably accepted every event of the batch. */
  publish(events: DomainEvent[]): Promise<void>;
  disconnect(): Promise<void>;
}

/** Consumes events from a message bus in a consumer group (the dispatcher's side). */
export interface EventSubscriber {
  /** Starts consuming in the background; the handler sees batches one at a time per partition. */
  start(handler: EventBatchHandler): Promise<void>;
  /** Stops after the batch in progress; nothing unacknowledged is lost. */
  stop(): Promise<void>;
}

/** A message bus: the one interface kafkajs (or another client) sits behind. */
export interface EventBus {
  publisher(): EventPublisher;
  subscriber(group: string): EventSubscriber;
  /** Makes sure the stream exists (creates the topic only when the broker says it is missing). */
  provision(): Promise<void>;
  /** Resolves while the broker answers; throws otherwise (readiness). */
  check(): Promise<void>;
  /** Closes what `provision` and `check` opened. */
  close(): Promise<void>;
}

/** The default topic (HC_KAFKA_TOPIC), keyed by site id (docs/events.md). */
export const EVENTS_TOPIC = 'helpcenter.events';
/** The internal topic's default: `<HC_KAFKA_TOPIC>.internal` (docs/events.md "Topics"). */
export function internalTopicOf(topic: string): string {
  return `${topic}.internal`;
}
/** The dispatcher's consumer group. */
export const DISPATCHER_GROUP = 'webhook-dispatcher';
