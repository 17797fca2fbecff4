import type { DataSource, QueryRunner } from 'typeorm';
import {
  currentDatabase,
  lockPendingOutboxRows,
  markOutboxProcessed,
  releaseNamedLocks,
  tryNamedLock,
} from './outbox.repository';
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
    await runner.startTransaction('READ COMMITTED');
    try {
      const rows = await lockPendingOutboxRows(runner, this.o.batch, {
        shard: this.o.shards > 1 ? { n: shard, of: this.o.shards } : undefined,
      });
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
