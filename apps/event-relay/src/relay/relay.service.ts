import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { onOutboxWritten, OutboxRelay, RELAY_DEFAULTS } from '@hc/events';
import type { EventBus, EventPublisher } from '@hc/events';
import { scrapedGauge, sharedCounter } from '@hc/http';

export const EVENT_BUS = Symbol('EVENT_BUS');
export const RELAY_SHARDS = Symbol('RELAY_SHARDS');

/**
 * Runs the outbox relay (`OutboxRelay` in @hc/events) in this process: makes sure the topic
 * exists, connects the producer, then relays the shards whose lease it holds. SIGTERM: the batch
 * in progress finishes (published and marked, or neither), the leases are freed for a standby.
 */
@Injectable()
export class RelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('event-relay');
  private publisher: EventPublisher | null = null;
  relay: OutboxRelay | null = null;
  private stopWakeUps: () => Promise<void> = async () => undefined;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(RELAY_SHARDS) private readonly shards: number,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.provision();
    this.publisher = this.bus.publisher();
    await this.publisher.connect();
    const published = sharedCounter({
      name: 'hc_event_relay_published_total',
      help: 'Outbox events the broker acknowledged (a replay after a handover counts again)',
    });
    this.relay = new OutboxRelay(this.ds, this.publisher, {
      ...RELAY_DEFAULTS,
      shards: this.shards,
      logger: this.logger,
      onPublished: (n) => published.inc(n),
    });
    scrapedGauge(
      'hc_event_relay_shards_held',
      'Outbox shards whose lease this replica holds (0 on a standby)',
      async () => this.relay?.shardsHeld().length ?? 0,
    );
    this.relay.start();
    // Issue #28: a committed event wakes the relay at once (Redis); the poll stays as the net.
    const database = String((this.ds.options as { database?: string }).database ?? '');
    this.stopWakeUps = onOutboxWritten(database, () => this.relay?.wake());
    this.logger.log(`relaying the outbox (${this.shards} shard(s))`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stopWakeUps();
    await this.relay?.stop();
    await this.publisher?.disconnect();
    await this.bus.close();
  }
}
