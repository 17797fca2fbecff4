import type { DataSource } from 'typeorm';
import type { TestSite } from './factory';
import type { TestApp } from './test-app';

/** One `audit.recorded` outbox event (issue 24) as a test reads it back. */
export interface RecordedAudit {
  site_id: number;
  request_id: string | null;
  type: 'audit';
  action: string;
  target_type: string;
  target_id: string;
  actor: Record<string, unknown>;
}

/** The newest outbox row's id (0 when empty): a mark to read the audit events written after. */
export async function lastOutboxId(ds: Pick<DataSource, 'query'>): Promise<number> {
  return Number((await ds.query('SELECT COALESCE(MAX(id), 0) AS n FROM outbox'))[0].n);
}

/** The audit events written after `afterId`, oldest first: site, request id and `data`. */
export async function auditEventsAfter(
  ds: Pick<DataSource, 'query'>,
  afterId: number,
): Promise<RecordedAudit[]> {
  const rows: { site_id: number; payload: string | { data: object }; request_id: string | null }[] =
    await ds.query(
      `SELECT site_id, payload, request_id FROM outbox
       WHERE id > ? AND event = 'audit.recorded' ORDER BY id`,
      [afterId],
    );
  return rows.map((r) => ({
    site_id: r.site_id,
    request_id: r.request_id,
    ...(typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).data,
  }));
}

/** A new Read & write key of `site` and its `api_keys` id (the `key_id` an audit actor names). */
export async function keyAndId(
  t: Pick<TestApp, 'factory' | 'ds'>,
  site: TestSite,
): Promise<{ key: string; keyId: unknown }> {
  const key = await t.factory.key(site);
  const [{ id: keyId }] = await t.ds.query(
    'SELECT id FROM api_keys WHERE site_id = ? ORDER BY id DESC LIMIT 1',
    [site.id],
  );
  return { key, keyId };
}
