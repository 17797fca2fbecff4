import { DataSource } from 'typeorm';
import type { DataSourceOptions as TypeOrmOptions } from 'typeorm';
import { type DatabaseTls, databaseTlsFromEnv, DEFAULT_POOL_SIZE } from '@hc/contracts';
import { DatabaseConfig, DEFAULT_DATABASE_URL, parseDatabaseUrl } from './database-url';
import { mysqlSsl } from './database-tls';
import { ensureDatabase } from './ensure-database';
import { MIGRATION_LOCK_WAIT_SECONDS, withMigrationLock } from './migration-lock';
import { MIGRATIONS } from './migrations';
import { ReaderPagesSubscriber } from './reader-pages';
import { pendingMigrations, requireCurrentSchema, SchemaBehindError } from './schema-state';

/** The migration runner's pool (`hc migrate`, its revert); the lock has a connection of its own. */
export const MIGRATION_POOL_SIZE = 2;

export interface DataSourceOptions {
  url?: string;
  poolSize?: number;
  /** TLS to the server; default the `HC_DATABASE_SSL_*` settings of the environment. */
  tls?: DatabaseTls;
}

/**
 * The server, user and database of `url` (default `HC_DATABASE_URL`) with the TLS of `tls`
 * (default the `HC_DATABASE_SSL_*` settings): what every connection of ours is opened with.
 */
export function databaseConfigFromEnv(
  url = process.env.HC_DATABASE_URL,
  tls: DatabaseTls = databaseTlsFromEnv(),
): DatabaseConfig {
  return { ...parseDatabaseUrl(url || DEFAULT_DATABASE_URL), ssl: mysqlSsl(tls) };
}

/**
 * The options of every data source of ours (mysql2 driver, utf8mb4, UTC, never synchronize):
 * the apps' (DatabaseModule, through @nestjs/typeorm) and the migration runner's own.
 */
export function dataSourceOptions(options: DataSourceOptions = {}): TypeOrmOptions {
  const config = databaseConfigFromEnv(options.url, options.tls);
  return {
    type: 'mysql',
    host: config.host,
    port: config.port,
    username: config.username,
    password: config.password,
    database: config.database,
    ssl: config.ssl,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    // No entities: every query is SQL in a repository; the schema is the migrations'.
    entities: [],
    subscribers: [ReaderPagesSubscriber],
    // Known to every data source (pendingMigrations, hc migrate), run only by `hc migrate`.
    migrations: MIGRATIONS,
    migrationsRun: false,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    poolSize: options.poolSize ?? DEFAULT_POOL_SIZE,
    extra: { connectTimeout: 5000, supportBigNumbers: true, bigNumberStrings: false },
  };
}

/** A data source of its own, outside Nest (the migration runner, the schema check, tests). */
export function createDataSource(options: DataSourceOptions = {}): DataSource {
  return new DataSource(dataSourceOptions(options));
}

/**
 * The operator commands' one data source (issue 35: one per process): connected, and refused
 * (SchemaBehindError) unless the database exists and is at the schema this code expects.
 */
export async function connectAtCurrentSchema(options: DataSourceOptions = {}): Promise<DataSource> {
  const ds = createDataSource(options);
  try {
    await ds.initialize();
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_BAD_DB_ERROR') {
      throw new SchemaBehindError('the database does not exist yet; run hc migrate first');
    }
    throw err;
  }
  try {
    await requireCurrentSchema(ds);
  } catch (err) {
    await ds.destroy();
    throw err;
  }
  return ds;
}

/** Runs `work` on a small data source of its own, under the database's migration lock. */
async function underMigrationLock<T>(
  url: string | undefined,
  lockWaitSeconds: number,
  work: (ds: DataSource) => Promise<T>,
): Promise<T> {
  return withMigrationLock(
    databaseConfigFromEnv(url),
    async () => {
      const ds = createDataSource({ url, poolSize: MIGRATION_POOL_SIZE });
      await ds.initialize();
      try {
        return await work(ds);
      } finally {
        await ds.destroy();
      }
    },
    lockWaitSeconds,
  );
}

/**
 * Creates the database if missing, connects and runs pending migrations under the database's
 * migration lock (two runs never overlap; the second waits, then finds nothing pending);
 * returns the names of the migrations it ran.
 */
export async function migrateDatabase(
  url?: string,
  lockWaitSeconds = MIGRATION_LOCK_WAIT_SECONDS,
  progress: (line: string) => void = () => undefined,
): Promise<string[]> {
  await ensureDatabase(databaseConfigFromEnv(url));
  return underMigrationLock(url, lockWaitSeconds, async (ds) => {
    const pending = await pendingMigrations(ds);
    if (pending.length === 0) progress('the schema is current; nothing to run');
    else progress(`running ${pending.length} migration(s): ${pending.join(', ')}`);
    const started = Date.now();
    const ran = await ds.runMigrations({ transaction: 'each' });
    if (ran.length) progress(`ran ${ran.length} migration(s) in ${Date.now() - started} ms`);
    return ran.map((m) => m.name);
  });
}

/**
 * Undoes the newest applied migration (its `down()`) under the migration lock, for a rollback
 * (`hc migrate revert`); returns its name, or null when none is applied.
 */
export async function revertLastMigration(
  url?: string,
  lockWaitSeconds = MIGRATION_LOCK_WAIT_SECONDS,
): Promise<string | null> {
  return underMigrationLock(url, lockWaitSeconds, async (ds) => {
    const applied: Array<{ name: string }> = await ds.query(
      'SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1',
    );
    if (applied.length === 0) return null;
    await ds.undoLastMigration({ transaction: 'each' });
    return applied[0].name;
  });
}
