import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { SiteId } from '@hc/contracts';
import { announceOutbox } from './outbox-wake';

/** A transaction's manager or the relay's own connection: anything that runs SQL. */
type Sql = Pick<EntityManager, 'query'> | QueryRunner;

/** An outbox row as read with the mysql2 driver (MariaDB returns JSON columns as text). */
export interface OutboxRow {
  id: string | number;
  site_id: number;
  event: string;
  payload: unknown;
  occurred_at: Date;
  request_id?: string | null;
  traceparent?: string | null;
}

/**
 * The `outbox` table's SQL: written by every app that announces events, read by the dispatcher's
 * claimer and the Kafka relay. Cross-site by nature (the relay shards by site id).
 */
export interface NewOutboxRow {
  siteId: SiteId;
  event: string;
  payload: string;
  occurredAt: Date;
  requestId: string | null;
  /** The write's span (issue 36), null with tracing off. */
  traceparent?: string | null;
}

export async function insertOutboxRow(manager: EntityManager, row: NewOutboxRow): Promise<string> {
  return insertOutboxRows(manager, [row]);
}

/**
 * Several rows in one statement (a write's webhook event and its audit entry: one round trip);
 * they get ids in their order. Returns the first row's id.
 */
export async function insertOutboxRows(
  manager: EntityManager,
  rows: NewOutboxRow[],
): Promise<string> {
  const result = await manager.query(
    'INSERT INTO outbox (site_id, event, payload, occurred_at, request_id, traceparent) VALUES ?',
    [
      rows.map((r) => [
        r.siteId,
        r.event,
        r.payload,
        r.occurredAt,
        r.requestId,
        r.traceparent ?? null,
      ]),
    ],
  );
  await announceOutbox(manager);
  return String((result as { insertId: number | string }).insertId);
}

const OUTBOX_COLUMNS = 'id, site_id, event, payload, occurred_at, request_id, traceparent';

/**
 * Up to `limit` unprocessed rows, oldest first, locked for the caller's transaction: `SKIP
 * LOCKED` lets several claimers share the table.
 */
export function lockPendingOutboxRows(
  sql: Sql,
  limit: number,
  options: { skipLocked?: boolean } = {},
): Promise<OutboxRow[]> {
  return sql.query(
    `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE processed_at IS NULL ORDER BY id LIMIT ?
     FOR UPDATE${options.skipLocked ? ' SKIP LOCKED' : ''}`,
    [limit],
  );
}

/** The sites `site_id % of = n` of one relay shard, and the sites a claim passes over. */
export interface OutboxScope {
  shard?: { n: number; of: number };
  afterId?: string | number;
  excludeSites?: number[];
}

function scopeSql(scope: OutboxScope): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (scope.shard) {
    parts.push('AND site_id % ? = ?');
    params.push(scope.shard.of, scope.shard.n);
  }
  if (scope.afterId !== undefined) {
    parts.push('AND id > ?');
    params.push(scope.afterId);
  }
  if (scope.excludeSites?.length) {
    parts.push('AND site_id NOT IN (?)');
    params.push(scope.excludeSites);
  }
  return { sql: parts.join(' '), params };
}

/**
 * The next `limit` unprocessed rows in id order as they stand, uncommitted ones included: in a
 * READ UNCOMMITTED transaction this read sees rows other transactions have written and not yet
 * committed, and rows they hold locked (issue 34), which a `SKIP LOCKED` read passes over silently.
 */
export function peekPendingOutboxRows(
  sql: Sql,
  limit: number,
  scope: OutboxScope,
): Promise<{ id: string | number; site_id: number }[]> {
  const where = scopeSql(scope);
  return sql.query(
    `SELECT id, site_id FROM outbox WHERE processed_at IS NULL ${where.sql} ORDER BY id LIMIT ?`,
    [...where.params, limit],
  );
}

/** Locks those of `ids` no other transaction holds, still unprocessed, in id order. */
export function lockOutboxRowsSkippingLocked(
  sql: Sql,
  ids: (string | number)[],
): Promise<OutboxRow[]> {
  return sql.query(
    `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE id IN (?) AND processed_at IS NULL ORDER BY id
     FOR UPDATE SKIP LOCKED`,
    [ids],
  );
}

export async function markOutboxProcessed(sql: Sql, ids: (number | string)[]): Promise<void> {
  await sql.query('UPDATE outbox SET processed_at = ? WHERE id IN (?)', [new Date(), ids]);
}

/** Unprocessed rows and the time of the oldest. */
export async function outboxPending(
  ds: DataSource,
): Promise<{ rows: number; oldest: Date | null }> {
  const [row]: { rows: number | string; oldest: Date | null }[] = await ds.query(
    'SELECT COUNT(*) AS `rows`, MIN(occurred_at) AS oldest FROM outbox WHERE processed_at IS NULL',
  );
  return { rows: Number(row?.rows ?? 0), oldest: row?.oldest ?? null };
}

/** The connection's database name (lock names are server-wide). */
export async function currentDatabase(sql: Sql): Promise<string> {
  const [row] = (await sql.query('SELECT DATABASE() AS db')) as { db: string }[];
  return row.db;
}

/** `GET_LOCK(name, 0)`: true when this connection now holds the named lock. */
export async function tryNamedLock(sql: Sql, name: string): Promise<boolean> {
  const [row] = (await sql.query('SELECT GET_LOCK(?, 0) AS got', [name])) as {
    got: number | string | null;
  }[];
  return Number(row.got) === 1;
}

export async function releaseNamedLocks(sql: Sql): Promise<void> {
  await sql.query('SELECT RELEASE_ALL_LOCKS()');
}
