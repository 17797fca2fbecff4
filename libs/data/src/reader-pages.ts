import { Logger } from '@nestjs/common';
import type { SiteId } from '@hc/contracts';
import { EventSubscriber } from 'typeorm';
import type { EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { databaseOf, redisPublisher } from './redis-publisher';

/**
 * The version of a site's reader pages (issue #28): the reader site caches a rendered public page
 * with the version it was rendered under and serves it only while the site's version is still
 * that one. Every write that changes what a reader page shows calls `touchReaderPages` with its
 * transaction's manager; the version moves once per committed transaction, right after COMMIT
 * (before the write's caller answers), so no lock on it is ever held inside a transaction and
 * a rolled-back write changes nothing. The version lives in the database the reader site reads
 * (its site lookup joins it). With `HC_REDIS_URL` each move is also published on the database's
 * reader-pages channel (`readerPagesChannel`) before the write answers, so a reader replica
 * subscribed to it may keep sites in memory and answer a cached page without any SQL
 * (docs/caching.md); without Redis, or while a replica is not subscribed, it reads the version
 * per request as before.
 */
const PENDING = 'hcReaderPagesTouched';

type WithPending = QueryRunner & { data: Record<string, unknown> };

function pendingOf(runner: QueryRunner): Set<SiteId> | undefined {
  return (runner as WithPending).data?.[PENDING] as Set<SiteId> | undefined;
}

/** The channel a database's reader-page versions are announced on: `<site id> <version>`. */
export function readerPagesChannel(database: string): string {
  return `hc:reader-pages:${database}`;
}

/**
 * Moves a site's reader-page version now (outside any transaction) and, with Redis, announces the
 * new version before returning. `LAST_INSERT_ID(expr)` hands the new version back with the write
 * itself (no second statement).
 */
export async function bumpReaderPages(
  runner: { query: (sql: string, params?: unknown[]) => Promise<unknown> },
  siteIds: Iterable<SiteId>,
): Promise<void> {
  // Read as the data source reads HC_DATABASE_URL: this library depends on no settings module.
  const url = process.env.HC_REDIS_URL?.trim() || null;
  for (const siteId of siteIds) {
    const result = (await runner.query(
      `INSERT INTO reader_page_versions (site_id, version) VALUES (?, LAST_INSERT_ID(1))
       ON DUPLICATE KEY UPDATE version = LAST_INSERT_ID(version + 1)`,
      [siteId],
    )) as { insertId?: number } | undefined;
    if (url) {
      await redisPublisher(url)
        .publish(readerPagesChannel(databaseOf(runner)), `${siteId} ${result?.insertId ?? ''}`)
        .catch(() => undefined);
    }
  }
}

/**
 * Marks the site's reader pages changed by this write: in a transaction, once its COMMIT is
 * through (ReaderPagesSubscriber); without one, at once.
 */
export async function touchReaderPages(manager: EntityManager, siteId: SiteId): Promise<void> {
  const runner = manager.queryRunner;
  if (runner && runner.isTransactionActive) {
    const data = ((runner as WithPending).data ??= {});
    const pending = (data[PENDING] as Set<SiteId> | undefined) ?? new Set<SiteId>();
    pending.add(siteId);
    data[PENDING] = pending;
    return;
  }
  await bumpReaderPages(manager, [siteId]);
}

const CALLBACKS = 'hcAfterCommit';

/**
 * Runs `work` once the caller's transaction is committed (once per `key` and transaction; no
 * transaction: now). For announcements that must never run ahead of the data they announce
 * (issue #28: the outbox wake-up). Errors are the callback's to handle.
 */
export async function afterCommit(
  manager: EntityManager,
  key: string,
  work: () => Promise<void>,
): Promise<void> {
  const runner = manager.queryRunner;
  if (runner && runner.isTransactionActive) {
    const data = ((runner as WithPending).data ??= {});
    const callbacks =
      (data[CALLBACKS] as Map<string, () => Promise<void>> | undefined) ?? new Map();
    callbacks.set(key, work);
    data[CALLBACKS] = callbacks;
    return;
  }
  await work();
}

/** Moves the versions a transaction touched after its outermost COMMIT; forgets them on rollback. */
@EventSubscriber()
export class ReaderPagesSubscriber implements EntitySubscriberInterface {
  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return;
    const callbacks = (runner as WithPending).data?.[CALLBACKS] as
      Map<string, () => Promise<void>> | undefined;
    if (callbacks?.size) {
      const work = [...callbacks.values()];
      callbacks.clear();
      for (const w of work) await w();
    }
    const pending = pendingOf(runner);
    if (!pending || pending.size === 0) return;
    const ids = [...pending];
    pending.clear();
    // The write is committed: its caller must not see an error now. A version that could not
    // move leaves the pages at most their cache lifetime old (docs/caching.md).
    await bumpReaderPages(runner, ids).catch((err: Error) =>
      new Logger('ReaderPages').warn(`reader page version not moved: ${err.message}`),
    );
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (event.queryRunner.isTransactionActive) return;
    pendingOf(event.queryRunner)?.clear();
    (
      (event.queryRunner as WithPending).data?.[CALLBACKS] as Map<string, unknown> | undefined
    )?.clear();
  }
}
