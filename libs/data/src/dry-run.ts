import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type DataSourceOptions, type QueryRunner } from 'typeorm';
import { settings } from '@hc/contracts';

/** One dry run in progress: the connection every query of its async work runs on. */
interface DryRunScope {
  ds: DataSource;
  runner: QueryRunner;
  /** What code inside the dry run gets from `createQueryRunner()`: the same, never released. */
  shared: QueryRunner;
  over: boolean;
}

const scope = new AsyncLocalStorage<DryRunScope>();
const hooked = new WeakSet<DataSource>();

/** Thrown when work started inside a dry run reaches the database after it ended. */
export class DryRunOverError extends Error {
  constructor() {
    super('The dry run is over; its connection is gone.');
  }
}

/**
 * Routes every connection `ds` hands out inside a dry run to that dry run's connection. TypeORM
 * takes a query runner from `createQueryRunner()` for `ds.query`, `ds.manager`, repositories,
 * query builders and `ds.transaction` alike, so this one seam covers every repository as written.
 */
function hook(ds: DataSource): void {
  if (hooked.has(ds)) return;
  hooked.add(ds);
  const original = ds.createQueryRunner.bind(ds);
  ds.createQueryRunner = (mode) => {
    const current = scope.getStore();
    if (!current || current.ds !== ds) return original(mode);
    if (current.over) throw new DryRunOverError();
    return current.shared;
  };
}

/** A view of `runner` whose `release()` does nothing: the dry run releases it at the end. */
function unreleasable(runner: QueryRunner): QueryRunner {
  return new Proxy(runner, {
    get(target, prop) {
      if (prop === 'release') return () => Promise.resolve();
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/** True inside `runDryRun`: side effects outside the database (files, downloads kept) are skipped. */
export function inDryRun(): boolean {
  const current = scope.getStore();
  return current !== undefined && !current.over;
}

/** How a dry run's session is bounded (issue 34 item 6). */
export interface DryRunOptions {
  /**
   * The pool the dry run takes its one connection from: a small pool of the dry runs' own, so
   * a dry run never holds a connection of the app's pool. The app's data source (`ds`) when
   * unset (tests of the mechanism itself).
   */
  pool?: DataSource;
  /** Each statement of the dry run is cut off after this long (0: no limit). */
  statementTimeoutMs?: number;
}

/**
 * The statements that bound every statement of a session to `ms` on the server `version`
 * (`SELECT VERSION()`): MariaDB's `max_statement_time` (seconds, any statement), MySQL's
 * `max_execution_time` (milliseconds; MySQL applies it to SELECT only), and on both
 * `innodb_lock_wait_timeout` (whole seconds, at least 1), so a write waiting for another
 * transaction's lock is bounded on MySQL too.
 */
export function statementTimeoutSql(version: string, ms: number): string[] {
  const lockWait = `SET SESSION innodb_lock_wait_timeout = ${Math.max(1, Math.ceil(ms / 1000))}`;
  if (/mariadb/i.test(version))
    return [`SET SESSION max_statement_time = ${(ms / 1000).toFixed(3)}`, lockWait];
  return [`SET SESSION max_execution_time = ${Math.ceil(ms)}`, lockWait];
}

const serverVersions = new WeakMap<DataSource, Promise<string>>();

/** The server's `VERSION()`, asked once per data source. */
function serverVersion(ds: DataSource, runner: QueryRunner): Promise<string> {
  let version = serverVersions.get(ds);
  if (!version) {
    version = runner
      .query('SELECT VERSION() AS v')
      .then((rows: Array<{ v: string }>) => String(rows[0].v));
    serverVersions.set(ds, version);
    version.catch(() => serverVersions.delete(ds));
  }
  return version;
}

/**
 * Runs the real write path on one connection inside a transaction that is always rolled back
 * (issue 25 dry runs). The writes' own transactions become savepoints in it; their outbox rows
 * (events, audit entries) vanish with the rollback. `autocommit` is off for the whole run, so even
 * a statement after InnoDB ended the transaction on its own (a deadlock) opens a new one that is
 * rolled back too: nothing a dry run does can ever be committed.
 *
 * Issue 34 item 6: the connection comes from `options.pool` (the dry runs' own small pool), and
 * its session's statements are bounded by `options.statementTimeoutMs`. Callers do their slow
 * work (downloads) before this, so the transaction is short.
 */
export async function runDryRun<T>(
  ds: DataSource,
  work: () => Promise<T>,
  options: DryRunOptions = {},
): Promise<T> {
  hook(ds);
  const pool = options.pool ?? ds;
  const runner = pool === ds ? ds.createQueryRunner() : pool.createQueryRunner();
  await runner.connect();
  const current: DryRunScope = { ds, runner, shared: unreleasable(runner), over: false };
  try {
    if (options.statementTimeoutMs) {
      const version = await serverVersion(pool, runner);
      for (const sql of statementTimeoutSql(version, options.statementTimeoutMs))
        await runner.query(sql);
    }
    await runner.query('SET autocommit = 0');
    await runner.startTransaction('READ COMMITTED');
    return await scope.run(current, work);
  } finally {
    current.over = true;
    await endDryRun(runner);
  }
}

/** Rolls everything back; a connection that cannot be reset is destroyed, never pooled again. */
async function endDryRun(runner: QueryRunner): Promise<void> {
  try {
    await runner.query('ROLLBACK');
    await runner.query('SET autocommit = 1');
  } catch {
    const connection = (runner as unknown as { databaseConnection?: { destroy(): void } })
      .databaseConnection;
    connection?.destroy();
    Object.assign(runner, { databaseConnection: undefined });
  }
  // TypeORM's own bookkeeping of the transaction went with the connection's state.
  Object.assign(runner, { isTransactionActive: false, transactionDepth: 0 });
  await runner.release();
}

/**
 * `runDryRun` for services (which never hold the DataSource), on a small pool of the dry runs'
 * own (`HC_DRY_RUN_POOL_SIZE` connections per process, opened at the first dry run, closed at
 * shutdown) with every statement bounded by `HC_DRY_RUN_STATEMENT_TIMEOUT`: however many dry
 * runs wait, the app's pool stays free for everything else (issue 34 item 6).
 */
@Injectable()
export class DryRunner implements OnApplicationShutdown {
  private pool: Promise<DataSource> | null = null;

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.ownPool().then((pool) =>
      runDryRun(this.ds, work, {
        pool,
        statementTimeoutMs: settings().values.HC_DRY_RUN_STATEMENT_TIMEOUT,
      }),
    );
  }

  /** The dry runs' own pool: the app's connection options, `HC_DRY_RUN_POOL_SIZE` connections. */
  ownPool(): Promise<DataSource> {
    if (!this.pool) {
      const options = {
        ...this.ds.options,
        poolSize: settings().values.HC_DRY_RUN_POOL_SIZE,
      } as DataSourceOptions;
      const opening = new DataSource(options).initialize();
      this.pool = opening;
      opening.catch(() => {
        if (this.pool === opening) this.pool = null;
      });
    }
    return this.pool;
  }

  async onApplicationShutdown(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    const ds = await pool?.catch(() => null);
    if (ds?.isInitialized) await ds.destroy();
  }
}
