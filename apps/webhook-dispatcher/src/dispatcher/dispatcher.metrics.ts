import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { outboxBacklog } from '@hc/events';
import { scrapedGauge, sharedCounter, sharedHistogram } from '@hc/http';
import { AttemptOutcome, DeliveriesRepository } from './deliveries.repository';

const deliveries = () =>
  sharedCounter({
    name: 'hc_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (delivered, failed, skipped) and attempt number',
    labelNames: ['outcome', 'attempt'] as const,
  });

const latency = () =>
  sharedHistogram({
    name: 'hc_webhook_delivery_duration_seconds',
    help: 'Time from sending a webhook POST to its answer (or failure), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });

const duplicates = () =>
  sharedCounter({
    name: 'hc_webhook_duplicate_events_total',
    help: 'Events consumed again from Kafka (a replay after a crash or rebalance) and passed over',
  });

/** The dispatcher's metrics (issue 18): deliveries, their latency, the retry queue, the outbox. */
@Injectable()
export class DispatcherMetrics implements OnModuleInit {
  private readonly attempts = deliveries();
  private readonly duration = latency();
  private readonly replays = duplicates();

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly repo: DeliveriesRepository,
  ) {}

  onModuleInit(): void {
    let backlog: Promise<{ rows: number; oldestAgeSeconds: number }> | null = null;
    // One query per scrape feeds both outbox gauges.
    const read = () => {
      backlog ??= outboxBacklog(this.ds).finally(() => setTimeout(() => (backlog = null), 1000));
      return backlog;
    };
    scrapedGauge(
      'hc_outbox_backlog',
      'Outbox rows not yet handed on',
      async () => (await read()).rows,
    );
    scrapedGauge(
      'hc_outbox_oldest_age_seconds',
      'Age of the oldest outbox row not yet handed on (0 when none)',
      async () => (await read()).oldestAgeSeconds,
    );
    scrapedGauge('hc_webhook_retry_queue', 'Deliveries waiting for a retry', () =>
      this.repo.retryQueueSizeAcrossSites(),
    );
  }

  /** Issue 20: a duplicate is allowed, and counted. */
  duplicated(events: number): void {
    this.replays.inc(events);
  }

  attempted(attempt: number, outcome: AttemptOutcome, seconds: number): void {
    this.attempts.inc({ outcome: outcome.kind, attempt: String(attempt) });
    this.duration.observe({ outcome: outcome.kind }, seconds);
  }
}
