import type { EntityManager } from 'typeorm';
import { currentRequestId, formatB } from '@hc/contracts';
import type { EventData, EventName } from '@hc/contracts';

/** A domain event as stored in the outbox and carried by either transport. */
export interface DomainEvent<D = unknown> {
  /** Outbox row id, unique per event. */
  id: string;
  siteId: number;
  event: string;
  /** ISO 8601 UTC with offset; unchanged on every retry of every delivery. */
  occurredAt: string;
  payload: D;
  /** The request that caused it (issue 18), for log lines only; null from loops and the CLI. */
  requestId?: string | null;
}

/** A webhook event's outbox payload: `data` of spec 6 plus the site's uuid. */
export interface WebhookEventPayload {
  helpcenter_id: string;
  data: EventData;
}

/**
 * Writes an event into the outbox with the caller's transaction, so the change and its
 * announcement commit together or not at all (ARCHITECTURE "Events and webhooks" 1).
 */
export async function writeOutbox(
  manager: EntityManager,
  siteId: number,
  event: string,
  payload: unknown,
  occurredAt: Date = new Date(),
): Promise<string> {
  const result = await manager.query(
    'INSERT INTO outbox (site_id, event, payload, occurred_at, request_id) VALUES (?, ?, ?, ?, ?)',
    [siteId, event, JSON.stringify(payload), occurredAt, currentRequestId()],
  );
  return String((result as { insertId: number | string }).insertId);
}

/** Writes one webhook event (spec 6) for a site. */
export function writeWebhookEvent(
  manager: EntityManager,
  site: { id: number; uuid: string },
  event: EventName,
  data: EventData,
  occurredAt: Date = new Date(),
): Promise<string> {
  const payload: WebhookEventPayload = { helpcenter_id: site.uuid, data };
  return writeOutbox(manager, site.id, event, payload, occurredAt);
}

export function occurredAtOf(date: Date): string {
  return formatB(date);
}
