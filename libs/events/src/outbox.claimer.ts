import type { DataSource, EntityManager } from 'typeorm';
import { retryTransaction } from './db-retry';
import type { DomainEvent } from './outbox.writer';
import { outboxRowToEvent, OutboxRow } from './serialization';

/**
 * Claims up to `limit` unprocessed outbox rows, oldest first, with `SELECT … FOR UPDATE SKIP
 * LOCKED` (so several claimers never take the same row), hands them to `handle` inside the same
 * transaction and marks them processed. If `handle` throws, or the process dies, nothing is
 * marked and the rows are claimed again: an event is handed on at least once, never lost.
 * READ COMMITTED: no gap locks, so writers adding outbox rows never wait for a claimer.
 * Returns the number of rows claimed.
 */
export async function claimOutbox(
  ds: DataSource,
  limit: number,
  handle: (manager: EntityManager, events: DomainEvent[]) => Promise<void>,
): Promise<number> {
  return retryTransaction(() =>
    ds.transaction('READ COMMITTED', async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, site_id, event, payload, occurred_at, request_id FROM outbox
        WHERE processed_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      if (rows.length === 0) return 0;
      await handle(manager, rows.map(outboxRowToEvent));
      await manager.query('UPDATE outbox SET processed_at = ? WHERE id IN (?)', [
        new Date(),
        rows.map((r) => r.id),
      ]);
      return rows.length;
    }),
  );
}

/** Unprocessed outbox rows and the age of the oldest, in seconds (issue 18 metrics). */
export async function outboxBacklog(
  ds: DataSource,
): Promise<{ rows: number; oldestAgeSeconds: number }> {
  const [row]: { rows: number | string; oldest: Date | null }[] = await ds.query(
    'SELECT COUNT(*) AS `rows`, MIN(occurred_at) AS oldest FROM outbox WHERE processed_at IS NULL',
  );
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    rows: Number(row?.rows ?? 0),
    oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
  };
}
