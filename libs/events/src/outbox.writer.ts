import type { EntityManager } from 'typeorm';
import { currentActor, currentRequestId, formatB } from '@hc/contracts';
import type { AuditRecordedData, DeliveredEvent, EventData, SiteId } from '@hc/contracts';
import { insertOutboxRow, insertOutboxRows } from './outbox.repository';
import { currentTraceparent } from './trace-context';

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
  /** The W3C `traceparent` of the write's span (issue 36); absent with tracing off. */
  traceparent?: string | null;
}

/** A webhook event's outbox payload: `data` of spec 6 plus the site's uuid. */
export interface WebhookEventPayload {
  helpcenter_id: string;
  data: EventData;
}

/**
 * Writes an event into the outbox with the caller's transaction, so the change and its
 * announcement commit together or not at all (docs/architecture.md "Events").
 */
export async function writeOutbox(
  manager: EntityManager,
  siteId: SiteId,
  event: string,
  payload: unknown,
  occurredAt: Date = new Date(),
): Promise<string> {
  return insertOutboxRow(manager, outboxRow(siteId, event, payload, occurredAt));
}

function outboxRow(siteId: SiteId, event: string, payload: unknown, occurredAt: Date) {
  return {
    siteId,
    event,
    payload: JSON.stringify(payload),
    occurredAt,
    requestId: currentRequestId(),
    traceparent: currentTraceparent(),
  };
}

/** The outbox event that carries one audit entry (issue 24); never a webhook event. */
export const AUDIT_EVENT = 'audit.recorded';

/** `data` of an audit event; the consumer adds the time, request id and names. */
export type AuditEventData = AuditRecordedData;

/** Webhook event -> audit action: `article.created` is `article.create`. */
const WEBHOOK_ACTIONS: Readonly<Record<DeliveredEvent, string>> = {
  'article.created': 'article.create',
  'article.published': 'article.publish',
  'article.updated': 'article.update',
  'article.deleted': 'article.delete',
  'category.created': 'category.create',
  'category.updated': 'category.update',
  'category.deleted': 'category.delete',
  'site.updated': 'site.update',
  'site.deleted': 'site.delete',
  'webhook.test': 'webhook.test',
};

let auditRecording = true;

/**
 * Benchmarks only (`npm run bench -- content` measures the cost of recording by running one
 * server with it off): not a setting, no product code calls it.
 */
export function setAuditRecordingForBenchmark(on: boolean): void {
  auditRecording = on;
}

/**
 * Records a write in the audit log (issue 24): an `audit.recorded` outbox row in the caller's
 * transaction, naming the actor of the current request or command. Writes with no actor (loops,
 * scheduled work) record nothing. Returns the row id (which becomes the audit entry's id), or
 * null when nothing was recorded.
 */
export async function writeAuditEvent(
  manager: EntityManager,
  site: { id: SiteId; uuid: string },
  action: string,
  target: { type: string; id: string | number },
  occurredAt: Date = new Date(),
): Promise<string | null> {
  const row = auditRow(site, action, target, occurredAt);
  return row ? insertOutboxRow(manager, row) : null;
}

/** The outbox row of an audit entry, or null with no actor (or recording off). */
function auditRow(
  site: { id: SiteId; uuid: string },
  action: string,
  target: { type: string; id: string | number },
  occurredAt: Date,
) {
  const actor = currentActor();
  if (!actor || !auditRecording) return null;
  const data: AuditEventData = {
    type: 'audit',
    action,
    target_type: target.type,
    target_id: String(target.id),
    actor,
  };
  return outboxRow(site.id, AUDIT_EVENT, { helpcenter_id: site.uuid, data }, occurredAt);
}

/**
 * Writes one webhook event (spec 6) for a site, and its audit entry (issue 24) as a separate
 * event, so the webhook payload is unchanged and audit events reach no webhook.
 */
export async function writeWebhookEvent(
  manager: EntityManager,
  site: { id: SiteId; uuid: string },
  event: DeliveredEvent,
  data: EventData,
  occurredAt: Date = new Date(),
  /**
   * The audit action when the event's own (`article.updated` -> `article.update`) says less;
   * null when the caller records the write itself (with writeAuditEvent).
   */
  auditAction: string | null = WEBHOOK_ACTIONS[event],
): Promise<string> {
  const payload: WebhookEventPayload = { helpcenter_id: site.uuid, data };
  const rows = [outboxRow(site.id, event, payload, occurredAt)];
  const audit = auditAction === null ? null : auditRow(site, auditAction, data, occurredAt);
  if (audit) rows.push(audit);
  // One statement for both rows: recording costs no extra round trip (docs/benchmarks.md).
  return insertOutboxRows(manager, rows);
}

export function occurredAtOf(date: Date): string {
  return formatB(date);
}
