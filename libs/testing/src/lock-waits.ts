import type { DataSource, QueryRunner } from 'typeorm';

/** One InnoDB lock wait seen in this database, as the lock tables showed it. */
export interface LockWait {
  /** How long it lasted at least, in ms (the server's own times, see `watchLockWaits`). */
  ms: number;
  /** `lock_table`, `lock_index`, `lock_mode` and `lock_data` of the lock waited for. */
  lock: string;
  waiting: string | null;
  blocking: string | null;
}

export interface LockWaitWatch {
  /** Stops sampling; the waits seen, longest first. */
  stop(): Promise<LockWait[]>;
}

interface Sample {
  now: Date;
  waitStarted: Date | null;
  waiter: string;
  lockId: string;
  lock: string;
  waiting: string | null;
  blocking: string | null;
}

/**
 * Samples `information_schema.INNODB_LOCK_WAITS` (MariaDB has no `data_locks`) on a connection of
 * its own every `intervalMs` until stopped, keeping the waits on tables of `ds`'s database. A
 * wait's length is what the server says, never the test's clock: at least the span between the
 * first and last sample that showed it (`NOW(6)` of the server), and at least its age from
 * `INNODB_TRX.trx_wait_started` at the last sample less that column's one-second resolution
 * (so a sampler delayed by a loaded machine still sees a long wait as long).
 */
export async function watchLockWaits(ds: DataSource, intervalMs = 20): Promise<LockWaitWatch> {
  const runner: QueryRunner = ds.createQueryRunner();
  await runner.connect();
  const [{ db }] = (await runner.query('SELECT DATABASE() AS db')) as { db: string }[];
  const seen = new Map<string, { first: Sample; last: Sample }>();
  let running = true;
  const sample = async () => {
    const rows = (await runner.query(
      `SELECT NOW(6) AS now, r.trx_wait_started AS waitStarted, w.requesting_trx_id AS waiter,
          w.requested_lock_id AS lockId,
          CONCAT_WS(' ', l.lock_table, l.lock_index, l.lock_mode, l.lock_data) AS \`lock\`,
          r.trx_query AS waiting, b.trx_query AS blocking
        FROM information_schema.INNODB_LOCK_WAITS w
        JOIN information_schema.INNODB_LOCKS l ON l.lock_id = w.requested_lock_id
        JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id
        LEFT JOIN information_schema.INNODB_TRX b ON b.trx_id = w.blocking_trx_id
        WHERE l.lock_table LIKE ?`,
      [`\`${db.replace(/[\\%_]/g, (c) => `\\${c}`)}\`.%`],
    )) as Sample[];
    for (const row of rows) {
      const key = `${row.waiter}/${row.lockId}`;
      const known = seen.get(key);
      if (known) known.last = row;
      else seen.set(key, { first: row, last: row });
    }
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      try {
        await loop;
      } finally {
        await runner.release();
      }
      return [...seen.values()]
        .map(({ first, last }) => ({
          ms: Math.max(
            last.now.getTime() - first.now.getTime(),
            last.waitStarted ? last.now.getTime() - last.waitStarted.getTime() - 1000 : 0,
          ),
          lock: last.lock,
          waiting: last.waiting,
          blocking: last.blocking,
        }))
        .sort((a, b) => b.ms - a.ms);
    },
  };
}
