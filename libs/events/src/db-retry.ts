/** MySQL/MariaDB errors that mean "run the transaction again": deadlock, lock wait timeout. */
const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);
const RETRYABLE_ERRNO = new Set([1213, 1205]);

export function isRetryableTransactionError(err: unknown): boolean {
  const e = err as {
    code?: string;
    errno?: number;
    driverError?: { code?: string; errno?: number };
  } | null;
  if (!e) return false;
  return (
    RETRYABLE.has(e.code ?? '') ||
    RETRYABLE_ERRNO.has(e.errno ?? 0) ||
    RETRYABLE.has(e.driverError?.code ?? '') ||
    RETRYABLE_ERRNO.has(e.driverError?.errno ?? 0)
  );
}

/**
 * Runs a transaction, running it again (up to `attempts` times, with a short random pause) when
 * the database chose it as a deadlock victim: concurrent claimers make that normal, not an error.
 */
export async function retryTransaction<T>(fn: () => Promise<T>, attempts = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isRetryableTransactionError(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}
