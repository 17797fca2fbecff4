import { EVENT_NAMES, formatB } from '@hc/contracts';
import type { EventName, WebhookBody } from '@hc/contracts';
import type { DomainEvent, WebhookEventPayload } from './outbox.writer';

const WEBHOOK_EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

/** True for the events of spec 6 (the outbox may also carry other domain events). */
export function isWebhookEvent(event: string): event is EventName {
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

/** An outbox row as read with the mysql2 driver (MariaDB returns JSON columns as text). */
export interface OutboxRow {
  id: string | number;
  site_id: number;
  event: string;
  payload: unknown;
  occurred_at: Date;
  request_id?: string | null;
}

export function outboxRowToEvent(row: OutboxRow): DomainEvent {
  return {
    id: String(row.id),
    siteId: Number(row.site_id),
    event: row.event,
    occurredAt: formatB(row.occurred_at),
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
    ...(row.request_id ? { requestId: row.request_id } : {}),
  };
}

/** The wire form of an event between the relay and the dispatcher (Kafka message value). */
interface EncodedEvent {
  id: string;
  site_id: number;
  event: string;
  occurred_at: string;
  payload: unknown;
  /** Issue 18: log metadata for the dispatcher's lines. */
  request_id?: string | null;
}

export function encodeEvent(event: DomainEvent): Buffer {
  const encoded: EncodedEvent = {
    id: event.id,
    site_id: event.siteId,
    event: event.event,
    occurred_at: event.occurredAt,
    payload: event.payload,
    request_id: event.requestId ?? null,
  };
  return Buffer.from(JSON.stringify(encoded), 'utf8');
}

/** Reads an encoded event; throws on anything that is not one. */
export function decodeEvent(value: Buffer | string | null): DomainEvent {
  if (value === null) throw new Error('empty event message');
  const parsed = JSON.parse(
    typeof value === 'string' ? value : value.toString('utf8'),
  ) as Partial<EncodedEvent>;
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    typeof parsed.id !== 'string' ||
    !/^\d+$/.test(parsed.id) ||
    typeof parsed.site_id !== 'number' ||
    typeof parsed.event !== 'string' ||
    typeof parsed.occurred_at !== 'string'
  ) {
    throw new Error('not an encoded event');
  }
  return {
    id: parsed.id,
    siteId: parsed.site_id,
    event: parsed.event,
    occurredAt: parsed.occurred_at,
    payload: parsed.payload,
    ...(typeof parsed.request_id === 'string' ? { requestId: parsed.request_id } : {}),
  };
}
