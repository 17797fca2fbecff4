import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';

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

/**
 * Runs the real write path on one connection inside a transaction that is always rolled back
 * (issue 25 dry runs). The writes' own transactions become savepoints in it; their outbox rows
 * (events, audit entries) vanish with the rollback. `autocommit` is off for the whole run, so even
 * a statement after InnoDB ended the transaction on its own (a deadlock) opens a new one that is
 * rolled back too: nothing a dry run does can ever be committed.
 */
export async function runDryRun<T>(ds: DataSource, work: () => Promise<T>): Promise<T> {
  hook(ds);
  const runner = ds.createQueryRunner();
  await runner.connect();
  const current: DryRunScope = { ds, runner, shared: unreleasable(runner), over: false };
  try {
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

/** `runDryRun` on the app's DataSource, for services (which never hold the DataSource). */
@Injectable()
export class DryRunner {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return runDryRun(this.ds, work);
  }
}
