import type { EntityManager } from 'typeorm';
import { AUDIT_EVENT } from '@hc/events';
import type { AuditEventData, DomainEvent } from '@hc/events';

function isAuditEvent(e: DomainEvent): e is DomainEvent<{ data: AuditEventData }> {
  const data = (e.payload as { data?: Partial<AuditEventData> } | null)?.data;
  return e.event === AUDIT_EVENT && data?.type === 'audit' && typeof data.action === 'string';
}

/**
 * Cross-site by design (issue 22 "Site scope"): the dispatcher's batches span sites; each entry
 * keeps its event's site.
 *
 * Writes the audit entries (issue 24) carried by a batch of events, inside the caller's
 * transaction (the outbox claim, or the consumed Kafka batch). Keyed by event id, so an event
 * handed over twice writes one row. The app's name is read from the person's connection now,
 * so the entry keeps it if the app is later renamed or disconnected. Returns entries seen.
 */
export async function recordAuditEntriesAcrossSites(
  manager: EntityManager,
  events: DomainEvent[],
): Promise<number> {
  const audit = events.filter(isAuditEvent);
  if (audit.length === 0) return 0;
  const clientIds = [
    ...new Set(audit.map((e) => e.payload.data.actor.client_id).filter((c) => c !== undefined)),
  ];
  const names = new Map<string, string>();
  if (clientIds.length > 0) {
    const rows: { client_id: string; client_name: string }[] = await manager.query(
      'SELECT client_id, MAX(client_name) AS client_name FROM oauth_connections WHERE client_id IN (?) GROUP BY client_id',
      [clientIds],
    );
    for (const r of rows) names.set(r.client_id, r.client_name);
  }
  const rows = audit.map((e) => {
    const d = e.payload.data;
    const a = d.actor;
    return [
      e.id,
      e.siteId,
      d.action,
      d.target_type,
      d.target_id,
      a.kind,
      a.key_id ?? null,
      a.user_id ?? null,
      a.client_id ?? null,
      a.client_id ? (names.get(a.client_id) ?? null) : null,
      e.requestId ?? null,
      new Date(e.occurredAt),
    ];
  });
  await manager.query(
    `INSERT INTO audit_entries (id, site_id, action, target_type, target_id, actor_kind, actor_key_id,
       actor_user_id, actor_client_id, actor_client_name, request_id, occurred_at)
     VALUES ? ON DUPLICATE KEY UPDATE id = id`,
    [rows],
  );
  return audit.length;
}

/** Retention (issue 24, HC_AUDIT_RETENTION_DAYS): deletes entries older than `before`, in chunks. */
export async function pruneAuditEntriesAcrossSites(
  manager: EntityManager,
  before: Date,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const r = await manager.query('DELETE FROM audit_entries WHERE occurred_at < ? LIMIT 1000', [
      before,
    ]);
    const n = Number((r as { affectedRows?: number }).affectedRows ?? 0);
    deleted += n;
    if (n < 1000) return deleted;
  }
}
