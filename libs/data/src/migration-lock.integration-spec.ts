// Two migration runs against one database never overlap (issue 19: the release's migration Job
// and `hc migrate` take the same GET_LOCK).
import { Connection, createConnection } from 'mysql2/promise';
import { databaseConfigFromEnv, migrateDatabase, revertLastMigration } from './data-source';
import { MIGRATIONS } from './migrations';
import { MigrationLockTimeoutError, migrationLockName } from './migration-lock';

const config = databaseConfigFromEnv();
const lock = migrationLockName(config.database);

async function connect(): Promise<Connection> {
  return createConnection({
    host: config.host,
    port: config.port,
    user: config.username,
    password: config.password,
  });
}

async function scalar(connection: Connection, sql: string, params: unknown[]): Promise<unknown> {
  const [rows] = await connection.query(sql, params);
  return Object.values((rows as Array<Record<string, unknown>>)[0])[0];
}

describe('migration lock', () => {
  let other: Connection;
  let observer: Connection;

  beforeEach(async () => {
    other = await connect();
    observer = await connect();
  });

  afterEach(async () => {
    await other.end();
    await observer.end();
  });

  it('waits while another run holds the lock, then runs and releases it', async () => {
    expect(await scalar(other, 'SELECT GET_LOCK(?, 0)', [lock])).toBe(1);
    let settled = false;
    const run = migrateDatabase(process.env.HC_DATABASE_URL, 60).finally(() => {
      settled = true;
    });
    // The second run is inside GET_LOCK, waiting on the first (seen in the process list).
    for (;;) {
      const waiting = await scalar(
        observer,
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT GET_LOCK(%' AND INFO LIKE ?",
        [`%${lock}%`],
      );
      if (Number(waiting) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(settled).toBe(false);
    await scalar(other, 'SELECT RELEASE_LOCK(?)', [lock]);
    await expect(run).resolves.toEqual([]);
    expect(await scalar(observer, 'SELECT IS_FREE_LOCK(?)', [lock])).toBe(1);
  });

  it('gives up with a clear message when the other run outlasts the wait', async () => {
    expect(await scalar(other, 'SELECT GET_LOCK(?, 0)', [lock])).toBe(1);
    const run = migrateDatabase(process.env.HC_DATABASE_URL, 1);
    await expect(run).rejects.toBeInstanceOf(MigrationLockTimeoutError);
    await expect(run).rejects.toThrow(/Another migration of database .* still runs/);
    await scalar(other, 'SELECT RELEASE_LOCK(?)', [lock]);
  });
});

describe('migrate revert', () => {
  it('undoes the newest migration under the lock, and migrate applies it again', async () => {
    const newest = MIGRATIONS.at(-1)!.name;
    expect(await revertLastMigration(process.env.HC_DATABASE_URL)).toBe(newest);
    expect(await migrateDatabase(process.env.HC_DATABASE_URL)).toEqual([newest]);
  });
});
