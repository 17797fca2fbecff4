import { createConnection } from 'mysql2/promise';
import { DatabaseConfig, serverConnectionOptions } from './database-url';

/** How long a migration run waits for another run of the same database to finish. */
export const MIGRATION_LOCK_WAIT_SECONDS = 600;

/** Raised when another run held the migration lock for longer than the wait. */
export class MigrationLockTimeoutError extends Error {}

/**
 * The server-wide name of one database's migration lock (MySQL allows 64 characters). Every
 * migration run (`hc migrate`, the Kubernetes migration Job, `npm start`) takes it, so two runs
 * against one database never overlap; runs against different databases never wait on each other.
 */
export function migrationLockName(database: string): string {
  return `hc_migrate:${database}`.slice(0, 64);
}

/**
 * Runs `work` while holding the database's migration lock (`GET_LOCK`, held by a connection of
 * its own for the whole run and released after it; a run that dies loses the lock with its
 * connection). Waits up to `waitSeconds` for a run already in progress.
 */
export async function withMigrationLock<T>(
  config: DatabaseConfig,
  work: () => Promise<T>,
  waitSeconds = MIGRATION_LOCK_WAIT_SECONDS,
): Promise<T> {
  const name = migrationLockName(config.database);
  const connection = await createConnection(serverConnectionOptions(config));
  try {
    const [rows] = await connection.query('SELECT GET_LOCK(?, ?) AS got', [name, waitSeconds]);
    const got = (rows as Array<{ got: number | null }>)[0]?.got;
    if (got !== 1) {
      throw new MigrationLockTimeoutError(
        `Another migration of database "${config.database}" still runs (lock "${name}" held ` +
          `for over ${waitSeconds} s); run the migration again once it has finished.`,
      );
    }
    try {
      return await work();
    } finally {
      await connection.query('SELECT RELEASE_LOCK(?)', [name]);
    }
  } finally {
    await connection.end();
  }
}
