import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { claimOutbox, DISPATCHER_GROUP, onOutboxWritten, Waker } from '@hc/events';
import { closeOutboundPools } from '@hc/net';
import { settings } from '@hc/contracts';
import type { DomainEvent, EventBus, EventSubscriber } from '@hc/events';
import { pruneAuditEntriesAcrossSites } from './audit-entries.repository';
import { DeliveriesRepository, DeliveryClaim } from './deliveries.repository';
import { tracedAttempt } from './attempt-span';
import { DeliverySender } from './delivery.sender';
import { DispatcherMetrics } from './dispatcher.metrics';
import { DISPATCHER, EVENT_BUS } from './dispatcher.options';
import { OutcomeRecorder } from './outcome.recorder';

/**
 * The dispatcher (docs/architecture.md "Events"). Two loops:
 *  - intake: outbox rows (claimed with SKIP LOCKED) or, with a bus, the events topic consumed in
 *    a consumer group (the event-relay app publishes the outbox there); either way events become
 *    delivery rows in one transaction before they are acknowledged, and an event id already
 *    fanned out makes no second delivery (counted in `duplicates`);
 *  - attempts: claims due deliveries, POSTs them, records each outcome with its next schedule.
 * Several processes can run at once. On shutdown both loops stop taking work and the attempts
 * in flight finish and are recorded before the database closes.
 */
@Injectable()
export class DispatcherService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('webhook-dispatcher');
  private running = false;
  private readonly intakeWaker = new Waker();
  private readonly attemptWaker = new Waker();
  private readonly purgeWaker = new Waker();
  /** Ends the attempt loop's wait for a batch's worth of free slots. */
  private readonly slotWaker = new Waker();
  /** Attempts whose POST is under way (at most `DISPATCHER.concurrency`). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Issue 34, fair shares: the attempts under way per site (the claim balances them). */
  private readonly inFlightBySite = new Map<number, number>();
  /** Outcomes known and not yet committed (at most `DISPATCHER.recordBacklog`). */
  private readonly recording = new Set<Promise<void>>();
  private loops: Promise<void>[] = [];
  private subscriber: EventSubscriber | null = null;
  private stopWakeUps: () => Promise<void> = async () => undefined;
  /** Events handed over again (a replay after a crash or a rebalance) and passed over. */
  duplicates = 0;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly deliveries: DeliveriesRepository,
    private readonly sender: DeliverySender,
    private readonly recorder: OutcomeRecorder,
    @Optional() @Inject(EVENT_BUS) private readonly bus: EventBus | null = null,
    @Optional() private readonly metrics?: DispatcherMetrics,
  ) {}

  /** Readiness (issue 18): with a bus, the consumer must be running. */
  async checkTransport(): Promise<void> {
    if (this.bus && (!this.running || !this.subscriber)) {
      throw new Error('the event bus consumer is not running');
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    this.running = true;
    if (this.bus) {
      await this.bus.provision();
      this.subscriber = this.bus.subscriber(DISPATCHER_GROUP);
      await this.subscriber.start((events) => this.accept(events));
    } else {
      // Issue #28: a committed event wakes the intake at once (Redis); the poll stays as the net.
      const database = String((this.ds.options as { database?: string }).database ?? '');
      this.stopWakeUps = onOutboxWritten(database, () => this.intakeWaker.wake());
      this.loops.push(this.outboxLoop());
    }
    this.loops.push(this.attemptLoop(), this.purgeLoop());
    this.logger.log(`dispatching from ${this.bus ? 'the events topic' : 'the outbox'}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.stopWakeUps();
    this.intakeWaker.wake();
    this.attemptWaker.wake();
    this.purgeWaker.wake();
    this.slotWaker.wake();
    await this.subscriber?.stop();
    await Promise.all(this.loops);
    // Graceful shutdown: the attempts in flight finish and are recorded.
    while (this.inFlight.size + this.recording.size > 0)
      await Promise.allSettled([...this.inFlight, ...this.recording]);
    await this.bus?.close();
    closeOutboundPools();
  }

  /** Outbox transport: fan out claimed rows in the claiming transaction. */
  private async outboxLoop(): Promise<void> {
    while (this.running) {
      try {
        const claimed = await claimOutbox(this.ds, DISPATCHER.fanOutBatch, async (m, events) => {
          if ((await this.deliveries.fanOutAcrossSites(m, events, new Date())) > 0)
            this.attemptWaker.wake();
        });
        if (claimed > 0) continue;
        await this.intakeWaker.wait(DISPATCHER.pollMs);
      } catch (err) {
        this.logger.error(`outbox intake failed: ${String(err)}`);
        await this.intakeWaker.wait(DISPATCHER.errorBackoffMs);
      }
    }
  }

  /** Kafka transport, consumer side: resolves (so offsets are committed) once the rows exist. */
  async accept(events: DomainEvent[]): Promise<void> {
    const { added, duplicates } = await this.deliveries.fanOutNowAcrossSites(events);
    if (duplicates > 0) {
      this.duplicates += duplicates;
      this.metrics?.duplicated(duplicates);
      this.logger.log(
        `${duplicates} event(s) seen again and passed over (${this.duplicates} so far)`,
      );
    }
    if (added > 0) this.attemptWaker.wake();
  }

  /** Retention (decisions.md): several replicas may run it; the deletes are idempotent. */
  private async purgeLoop(): Promise<void> {
    while (this.running) {
      await this.purgeWaker.wait(DISPATCHER.purgeEveryMs);
      if (!this.running) break;
      try {
        await this.deliveries.purgeBeforeAcrossSites(
          new Date(Date.now() - settings().webhookLogRetentionMs),
        );
        await pruneAuditEntriesAcrossSites(
          this.ds.manager,
          new Date(Date.now() - settings().auditRetentionDays * 86_400_000),
        );
      } catch (err) {
        this.logger.error(`retention cleanup failed: ${String(err)}`);
      }
    }
  }

  /**
   * Claims due deliveries and launches them. Woken by the intake (new deliveries) or the poll
   * (retries coming due, leases running out); an attempt finishing wakes it only through its
   * freed slot, and while a backlog is due it waits (up to a poll) for a batch's worth of slots
   * instead of claiming one or two at a time (one claiming transaction per handful of deliveries).
   */
  private async attemptLoop(): Promise<void> {
    let backlog = false;
    let gatheringSince: number | null = null;
    while (this.running) {
      const free = DISPATCHER.concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race([...this.inFlight]);
        continue;
      }
      // Issue 34: a batch's worth of slots is gathered for at most a poll. Slots held by slow
      // receivers may stay taken for a whole timeout, and another site's due delivery must not
      // wait for them while slots are free.
      if (backlog && free < DISPATCHER.claimBatch / 2) {
        gatheringSince ??= Date.now();
        const left = gatheringSince + DISPATCHER.pollMs - Date.now();
        if (left > 0) {
          await Promise.race([...this.inFlight, this.slotWaker.wait(left)]);
          continue;
        }
      }
      gatheringSince = null;
      // The recorder is behind: claim nothing more until it catches up (a bounded backlog).
      if (this.recording.size >= DISPATCHER.recordBacklog) {
        await Promise.race([...this.recording]);
        continue;
      }
      const want = Math.min(free, DISPATCHER.claimBatch);
      let claims: DeliveryClaim[];
      try {
        const now = new Date();
        claims = await this.deliveries.claimDueAcrossSites(
          want,
          now,
          new Date(now.getTime() + DISPATCHER.leaseMs),
          this.inFlightBySite,
        );
      } catch (err) {
        this.logger.error(`claiming deliveries failed: ${String(err)}`);
        await this.attemptWaker.wait(DISPATCHER.errorBackoffMs);
        continue;
      }
      for (const claim of claims) this.launch(claim);
      backlog = claims.length === want;
      if (!backlog) await this.attemptWaker.wait(DISPATCHER.pollMs);
    }
  }

  /**
   * One attempt. Its slot is free again as soon as the receiver answered: the outcome joins the
   * recorder's next batch meanwhile (the delivery stays leased until then, so a crash before the
   * commit means a retry after the lease, never a loss), and the next claim does not wait for it.
   */
  private launch(claim: DeliveryClaim): void {
    const site = claim.siteId;
    this.inFlightBySite.set(site, (this.inFlightBySite.get(site) ?? 0) + 1);
    const run = (async () => {
      const started = process.hrtime.bigint();
      const outcome = await tracedAttempt(claim, () => this.sender.attempt(claim));
      const attempt = claim.attempts + 1;
      this.metrics?.attempted(attempt, outcome, Number(process.hrtime.bigint() - started) / 1e9);
      // Issue 18: the line carries the id of the request that caused the event (log metadata,
      // never in the webhook's body or headers: spec 6).
      this.logger.log({
        msg: 'webhook delivery attempt',
        request_id: claim.requestId ?? undefined,
        delivery_id: claim.id,
        event_id: claim.eventId,
        event: claim.event,
        webhook_id: claim.webhookId,
        site_id: claim.siteId,
        attempt,
        outcome: outcome.kind,
        status: outcome.kind === 'skipped' ? null : outcome.status,
      });
      this.track(
        this.recording,
        this.recorder.record({ claim, outcome, at: new Date() }).catch(() => undefined),
      );
    })()
      .catch((err) => this.logger.error(`delivery ${claim.id}: ${String(err)}`))
      .finally(() => {
        const left = (this.inFlightBySite.get(site) ?? 1) - 1;
        if (left > 0) this.inFlightBySite.set(site, left);
        else this.inFlightBySite.delete(site);
      });
    this.track(this.inFlight, run);
  }

  /** Keeps `work` in `set` until it settles. */
  private track(set: Set<Promise<void>>, work: Promise<void>): void {
    set.add(work);
    void work.finally(() => set.delete(work));
  }
}
