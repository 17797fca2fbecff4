import type { DataSource, EntityManager } from 'typeorm';
import { retryTransaction } from './db-retry';
import { lockPendingOutboxRows, markOutboxProcessed, outboxPending } from './outbox.repository';
import type { DomainEvent } from './outbox.writer';
import { outboxRowToEvent } from './serialization';

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
      const rows = await lockPendingOutboxRows(manager, limit, { skipLocked: true });
      if (rows.length === 0) return 0;
      await handle(manager, rows.map(outboxRowToEvent));
      await markOutboxProcessed(
        manager,
        rows.map((r) => r.id),
      );
      return rows.length;
    }),
  );
}

/** Unprocessed outbox rows and the age of the oldest, in seconds (issue 18 metrics). */
export async function outboxBacklog(
  ds: DataSource,
): Promise<{ rows: number; oldestAgeSeconds: number }> {
  const pending = await outboxPending(ds);
  const oldest = pending.oldest ? new Date(pending.oldest).getTime() : null;
  return {
    rows: pending.rows,
    oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000),
  };
}
