import type { DataSource, QueryRunner } from 'typeorm';
import {
  currentDatabase,
  lockOutboxRowsSkippingLocked,
  markOutboxProcessed,
  peekPendingOutboxRows,
  releaseNamedLocks,
  tryNamedLock,
} from './outbox.repository';
import type { OutboxRow } from './outbox.repository';
import type { DomainEvent } from './outbox.writer';
import { hasEnvelopePayload, outboxRowToEvent } from './serialization';
import type { EventPublisher } from './transport';
import { Waker } from './waker';

export interface RelayOptions {
  /** Outbox shards (by site id); each has one active relay at a time. */
  shards: number;
  /** Outbox rows published per batch. */
  batch: number;
  /** Idle pause between looks at the outbox, and between tries for a lease held elsewhere. */
  pollMs: number;
  /** Pause after an error (database or broker) before trying again. */
  errorBackoffMs: number;
  logger: { log(m: string): void; warn(m: string): void; error(m: string): void };
  /** Called with the number of events after each batch the broker acknowledged (metrics). */
  onPublished?: (events: number) => void;
}

export const RELAY_DEFAULTS: Omit<RelayOptions, 'shards' | 'logger'> = {
  batch: 500,
  pollMs: 100,
  errorBackoffMs: 1_000,
};

/**
 * The Kafka relay (docs/decisions.md "Kafka"): publishes outbox rows in id order and marks them
 * processed only after the broker acknowledged them.
 *
 * Per-site order across replicas: a site's rows belong to shard `site_id % shards`, and a shard
 * is relayed only by the process holding its lease, a MariaDB `GET_LOCK` held by one dedicated
 * connection. Every claim, publish and mark runs on that same connection, so a relay that lost
 * its connection (and with it the lease) can no longer mark anything: at worst its last batch is
 * published again by the next holder (a duplicate, in order), never reordered or lost. When a
 * replica dies its connection closes, the server frees the lock, and a standby takes the shard
 * at its next try (`pollMs`).
 *
 * Within its shard the relay passes over rows another transaction holds (issue 34: a long
 * transaction of one site must not stall every other site of the shard), but never a site's
 * later row before an earlier one: see `claimInSiteOrder`.
 */
export class OutboxRelay {
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private readonly waker = new Waker();
  private runner: QueryRunner | null = null;
  private readonly held = new Set<number>();
  private database = '';
  /** Outbox rows published since start (for logs and tests). */
  published = 0;

  constructor(
    private readonly ds: DataSource,
    private readonly publisher: EventPublisher,
    private readonly o: RelayOptions,
  ) {}

  /** The shards this process holds right now. */
  shardsHeld(): number[] {
    return [...this.held].sort((a, b) => a - b);
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the batch in progress and frees the leases for another replica. */
  async stop(): Promise<void> {
    this.running = false;
    this.waker.wake();
    await this.loop;
    await this.dropConnection();
  }

  /** Wakes the loop (after a local write, for example). */
  wake(): void {
    this.waker.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const runner = await this.connection();
        await this.takeFreeShards(runner);
        let moved = 0;
        for (const shard of this.shardsHeld()) {
          if (!this.running) break;
          moved += await this.relayShard(runner, shard);
        }
        if (moved === 0) await this.waker.wait(this.o.pollMs);
      } catch (err) {
        this.o.logger.error(`outbox relay: ${err instanceof Error ? err.message : String(err)}`);
        await this.dropConnection();
        await this.waker.wait(this.o.errorBackoffMs);
      }
    }
  }

  private async connection(): Promise<QueryRunner> {
    if (this.runner) return this.runner;
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    this.runner = runner;
    this.database = await currentDatabase(runner);
    return runner;
  }

  /** Lock names are server-wide: the database name keeps two deployments apart. */
  private lockName(shard: number): string {
    return `hc_relay:${this.database}:${shard}`.slice(0, 64);
  }

  private async takeFreeShards(runner: QueryRunner): Promise<void> {
    for (let shard = 0; shard < this.o.shards; shard++) {
      if (this.held.has(shard)) continue;
      if (await tryNamedLock(runner, this.lockName(shard))) {
        this.held.add(shard);
        this.o.logger.log(`outbox relay: took the lease of shard ${shard}/${this.o.shards}`);
      }
    }
  }

  /** One batch of one shard: claim in id order, publish, mark, commit. Returns rows moved. */
  private async relayShard(runner: QueryRunner, shard: number): Promise<number> {
    // READ UNCOMMITTED for the look at rows others hold (claimInSiteOrder); every other
    // statement here is a locking read or a write, which isolation levels do not change.
    await runner.startTransaction('READ UNCOMMITTED');
    try {
      const rows = await claimInSiteOrder(
        runner,
        this.o.batch,
        this.o.shards > 1 ? { n: shard, of: this.o.shards } : undefined,
      );
      if (rows.length === 0) {
        await runner.commitTransaction();
        return 0;
      }
      const events: DomainEvent[] = [];
      for (const e of rows.map(outboxRowToEvent)) {
        if (hasEnvelopePayload(e.payload)) events.push(e);
        else this.o.logger.warn(`outbox relay: event ${e.id} (${e.event}) has no envelope payload`);
      }
      await this.publisher.publish(events);
      await markOutboxProcessed(
        runner,
        rows.map((r) => r.id),
      );
      await runner.commitTransaction();
      this.published += events.length;
      this.o.onPublished?.(events.length);
      return rows.length;
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw err;
    }
  }

  /** Frees every lease (or lets the server free them with the connection) and the connection. */
  private async dropConnection(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    if (this.held.size > 0) this.o.logger.log('outbox relay: leaving its leases');
    this.held.clear();
    if (!runner) return;
    try {
      await releaseNamedLocks(runner);
      await runner.release();
    } catch {
      // A broken connection: destroy it so the pool never hands it out again.
      const conn = (runner as unknown as { databaseConnection?: { destroy?: () => void } })
        .databaseConnection;
      conn?.destroy?.();
      await runner.release().catch(() => undefined);
    }
  }
}

/** Looks at most this many times per batch past sites held up by another transaction. */
const CLAIM_ROUNDS = 4;

/**
 * Locks up to `limit` unprocessed rows of a shard in id order, passing over rows other
 * transactions hold (an uncommitted write, a row locked `FOR UPDATE`), and with them every later
 * row of the same site: a site's rows are claimed only up to its first row held elsewhere, so
 * they are published in id order once that row is free, never around it. Other sites go on.
 *
 * Each round looks at the next rows as they stand (uncommitted ones included, under the
 * transaction's READ UNCOMMITTED) and locks those no one holds (`FOR UPDATE SKIP LOCKED`): a
 * row seen but not locked holds its site up for this batch. The next round looks past the rows
 * seen, leaving the held-up sites out, so one busy site cannot fill the batch with rows it must
 * pass over.
 */
export async function claimInSiteOrder(
  runner: QueryRunner,
  limit: number,
  shard?: { n: number; of: number },
): Promise<OutboxRow[]> {
  const claimed: OutboxRow[] = [];
  const heldUp = new Set<number>();
  let afterId: string | number | undefined;
  for (let round = 0; round < CLAIM_ROUNDS && claimed.length < limit; round++) {
    const seen = await peekPendingOutboxRows(runner, limit - claimed.length, {
      shard,
      afterId,
      excludeSites: [...heldUp],
    });
    if (seen.length === 0) break;
    const locked = new Map(
      (
        await lockOutboxRowsSkippingLocked(
          runner,
          seen.map((r) => r.id),
        )
      ).map((r) => [String(r.id), r]),
    );
    for (const { id, site_id } of seen) {
      if (heldUp.has(site_id)) continue;
      const row = locked.get(String(id));
      if (row) claimed.push(row);
      else heldUp.add(site_id);
    }
    afterId = seen[seen.length - 1].id;
    if (heldUp.size === 0) break;
  }
  // Each round looks past the last: the rows are in id order already.
  return claimed;
}
