import { DELIVERED_EVENTS, EVENT_ENVELOPE_VERSION, formatB } from '@hc/contracts';
import type { DeliveredEvent, EventEnvelope, WebhookBody } from '@hc/contracts';
import type { OutboxRow } from './outbox.repository';
import type { DomainEvent, WebhookEventPayload } from './outbox.writer';

const WEBHOOK_EVENTS: ReadonlySet<string> = new Set(DELIVERED_EVENTS);

/**
 * True for the events of spec 6 and `webhook.test` (issue 39); the outbox also carries other
 * domain events.
 */
export function isWebhookEvent(event: string): event is DeliveredEvent {
  return WEBHOOK_EVENTS.has(event);
}

/**
 * The body POSTed to every webhook for an event (spec 6): compact one-line JSON, keys in the
 * order of the spec, slashes and non-ASCII characters unescaped (JSON.stringify escapes neither;
 * it escapes only `"`, `\` and control characters, which JSON requires).
 */
export function webhookBody(event: DomainEvent<WebhookEventPayload>): string {
  if (!isWebhookEvent(event.event)) throw new Error(`${event.event} is not a webhook event`);
  const body: WebhookBody = {
    event: event.event,
    occurred_at: event.occurredAt,
    site_id: event.siteId,
    helpcenter_id: event.payload.helpcenter_id,
    data: event.payload.data,
  };
  return JSON.stringify(body);
}

export type { OutboxRow };

export function outboxRowToEvent(row: OutboxRow): DomainEvent {
  return {
    id: String(row.id),
    siteId: Number(row.site_id),
    event: row.event,
    occurredAt: formatB(row.occurred_at),
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
    ...(row.request_id ? { requestId: row.request_id } : {}),
    ...(row.traceparent ? { traceparent: row.traceparent } : {}),
  };
}

/** True when an outbox payload has the stream's shape: `{helpcenter_id, data: {type, …}}`. */
export function hasEnvelopePayload(payload: unknown): payload is EnvelopePayload {
  const p = payload as Partial<EnvelopePayload> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.helpcenter_id === 'string' &&
    typeof p.data === 'object' &&
    p.data !== null &&
    typeof (p.data as { type?: unknown }).type === 'string'
  );
}

interface EnvelopePayload {
  helpcenter_id: string;
  data: { type: string };
}

/** The event as the stream carries it: the versioned envelope of `@hc/contracts`. */
export function toEnvelope(event: DomainEvent): EventEnvelope {
  if (!hasEnvelopePayload(event.payload)) {
    throw new Error(`event ${event.id} (${event.event}) has no {helpcenter_id, data} payload`);
  }
  return {
    version: EVENT_ENVELOPE_VERSION,
    id: event.id,
    type: event.event,
    site_id: event.siteId,
    helpcenter_id: event.payload.helpcenter_id,
    occurred_at: event.occurredAt,
    data: event.payload.data as EventEnvelope['data'],
  };
}

/**
 * The Kafka message value of an event: its envelope as UTF-8 JSON. The request id (log
 * metadata, issue 18) travels as the message header `request_id`, outside the contract.
 */
export function encodeEvent(event: DomainEvent): Buffer {
  return Buffer.from(JSON.stringify(toEnvelope(event)), 'utf8');
}

/**
 * Reads a message value back into an event; throws on anything that is not a version-1
 * envelope (the consumer logs it and passes over it).
 */
export function decodeEvent(value: Buffer | string | null): DomainEvent {
  if (value === null) throw new Error('empty event message');
  const e = JSON.parse(
    typeof value === 'string' ? value : value.toString('utf8'),
  ) as Partial<EventEnvelope> | null;
  if (typeof e !== 'object' || e === null) throw new Error('not an event envelope');
  if (e.version !== EVENT_ENVELOPE_VERSION) {
    throw new Error(`event envelope version ${String(e.version)} is not ${EVENT_ENVELOPE_VERSION}`);
  }
  if (
    typeof e.id !== 'string' ||
    !/^\d+$/.test(e.id) ||
    typeof e.site_id !== 'number' ||
    typeof e.type !== 'string' ||
    typeof e.occurred_at !== 'string' ||
    !hasEnvelopePayload({ helpcenter_id: e.helpcenter_id, data: e.data })
  ) {
    throw new Error('not an event envelope');
  }
  return {
    id: e.id,
    siteId: e.site_id,
    event: e.type,
    occurredAt: e.occurred_at,
    payload: { helpcenter_id: e.helpcenter_id, data: e.data },
  };
}
