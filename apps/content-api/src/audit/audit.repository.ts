import type { AuditActor } from '@hc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SiteId } from '@hc/contracts';

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: string;
  actor?: string;
  userId?: number;
  from?: Date;
  to?: Date;
}

export interface AuditRow {
  id: string | number;
  action: string;
  target_type: string;
  target_id: string;
  actor_kind: AuditActor['kind'];
  actor_key_id: number | null;
  actor_user_id: number | null;
  actor_client_id: string | null;
  actor_client_name: string | null;
  request_id: string | null;
  occurred_at: Date;
}

const COLUMNS = `id, action, target_type, target_id, actor_kind, actor_key_id, actor_user_id,
  actor_client_id, actor_client_name, request_id, occurred_at`;

/** Reads of `audit_entries` (issue 24); the rows are written by the webhook-dispatcher's intake. */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async page(
    siteId: SiteId,
    f: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = ['site_id = ?'];
    const args: unknown[] = [siteId];
    const add = (sql: string, value: unknown) => {
      if (value === undefined) return;
      where.push(sql);
      args.push(value);
    };
    add('action = ?', f.action);
    add('target_type = ?', f.targetType);
    add('target_id = ?', f.targetId);
    add('actor_kind = ?', f.actor);
    add('actor_user_id = ?', f.userId);
    add('occurred_at >= ?', f.from);
    add('occurred_at < ?', f.to);
    const clause = where.join(' AND ');
    const [count] = await this.ds.query(
      `SELECT COUNT(*) AS n FROM audit_entries WHERE ${clause}`,
      args,
    );
    const rows: AuditRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM audit_entries WHERE ${clause} ORDER BY occurred_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...args, limit, offset],
    );
    return { rows, total: Number(count.n) };
  }

  /** The site's entries with these ids (ids of other sites read as missing), by id. */
  async byIds(siteId: SiteId, ids: string[]): Promise<Map<string, AuditRow>> {
    const out = new Map<string, AuditRow>();
    if (ids.length === 0) return out;
    const rows: AuditRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM audit_entries WHERE site_id = ? AND id IN (?)`,
      [siteId, ids],
    );
    for (const r of rows) out.set(String(r.id), r);
    return out;
  }
}
