import { createConnection } from 'mysql2/promise';
import type { Connection } from 'mysql2/promise';
import { DatabaseConfig, serverConnectionOptions } from './database-url';

/** Raised when MySQL cannot be reached; its message says how to fix it. */
export class DatabaseUnreachableError extends Error {}

/** Creates the database named by the URL when it is missing (utf8mb4). */
export async function ensureDatabase(config: DatabaseConfig): Promise<void> {
  let connection;
  try {
    connection = await createConnection(serverConnectionOptions(config));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseUnreachableError(
      `Cannot reach MySQL/MariaDB at ${config.host}:${config.port} as ${config.username} (${reason}).\n` +
        `  Start it (for example: start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd)\n` +
        `  or point HC_DATABASE_URL at a running server, e.g. mysql://user:pass@host:3306/helpcenter`,
    );
  }
  try {
    // A service's own user (deploy/README.md, "Database users") may not create databases, and
    // MySQL refuses CREATE DATABASE IF NOT EXISTS without that right even when it exists.
    const [found] = await connection.query(
      'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [config.database],
    );
    if ((found as unknown[]).length > 0) return;
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${config.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}

/** Runs `work` on a connection to the server of `config` (no database chosen), then closes it. */
export async function withServerConnection<T>(
  config: DatabaseConfig,
  work: (connection: Connection) => Promise<T>,
): Promise<T> {
  const connection = await createConnection(serverConnectionOptions(config));
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

/** Drops a database (tests only). */
export async function dropDatabase(config: DatabaseConfig): Promise<void> {
  await withServerConnection(config, (c) =>
    c.query(`DROP DATABASE IF EXISTS \`${config.database}\``),
  );
}
