import { Injectable, Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { AttemptResult, DeliveriesRepository } from './deliveries.repository';

interface Queued {
  result: AttemptResult;
  done: (err?: unknown) => void;
}

/**
 * Writes attempt outcomes in batches: the attempts that finish while one transaction commits go
 * together into the next. Each attempt's outcome and next schedule still commit together.
 */
@Injectable()
export class OutcomeRecorder {
  private readonly logger = new Logger('webhook-dispatcher');
  private queue: Queued[] = [];
  private flushing = false;

  constructor(private readonly deliveries: DeliveriesRepository) {}

  record(result: AttemptResult): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ result, done: (err) => (err ? reject(err) : resolve()) });
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        try {
          await this.deliveries.recordOutcomesAcrossSites(
            batch.map((q) => q.result),
            settings().webhookRetryDelaysMs,
          );
          for (const q of batch) q.done();
        } catch (err) {
          // Not recorded: the lease runs out and the delivery is attempted again (a duplicate,
          // not a loss).
          this.logger.error(`recording ${batch.length} attempt(s) failed: ${String(err)}`);
          for (const q of batch) q.done(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
