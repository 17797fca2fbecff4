import { formatB } from '@hc/contracts';
import type { AuditRow } from './audit.repository';

/** An entry's actor on the wire (GET /audit, and the reads that name who did a write). */
export function toAuditActorResponse(r: AuditRow) {
  return {
    kind: r.actor_kind,
    key_id: r.actor_key_id,
    user_id: r.actor_user_id,
    client_id: r.actor_client_id,
    client_name: r.actor_client_name,
  };
}

export function toAuditEntryResponse(r: AuditRow) {
  return {
    id: Number(r.id),
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    actor: toAuditActorResponse(r),
    request_id: r.request_id,
    occurred_at: formatB(r.occurred_at),
  };
}

/**
 * Issue 24 item 3: a write as other reads show it (`replaced_by` of an article version): the
 * action, the actor and when; null while the entry is on its way, or pruned by retention.
 */
export function toRecordedWriteResponse(r: AuditRow | undefined) {
  if (!r) return null;
  // Versions point only at the entries of a staged publish or a restore (`audit_id`).
  const action = r.action as 'staged.publish' | 'version.restore';
  return { action, actor: toAuditActorResponse(r), occurred_at: formatB(r.occurred_at) };
}
