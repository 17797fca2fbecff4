import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { outsideRequest } from '@hc/contracts';

/**
 * A background loop that drains a queue kept in MySQL: it runs when woken after a commit and
 * also polls, so work queued by another replica or left behind by a crash is picked up. It
 * runs inside the HTTP app only: the operator CLI builds the same modules without an HTTP
 * adapter and must exit at once. Shutdown waits for the drain in progress.
 */
export abstract class PollingWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly logger: Logger;
  /** How long to wait between polls when nothing woke the worker. */
  protected abstract readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = true;

  protected constructor(private readonly adapterHost?: HttpAdapterHost) {}

  /** Handles every due item; returns how many. Should return early once `stopped` is true. */
  abstract drain(): Promise<number>;

  /** Hooks for subclasses (log the configuration, close a client). */
  protected onStart(): void {}
  protected async onStop(): Promise<void> {}

  protected get stopped(): boolean {
    return this.stopping;
  }

  onApplicationBootstrap(): void {
    if (!this.adapterHost?.httpAdapter) return;
    this.stopping = false;
    this.onStart();
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.onStop();
  }

  /** Called after a commit that queued work. */
  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Issue 24: a drain that a request woke is not that request's work (its actor, its id).
      this.running = outsideRequest(() => this.drain())
        .then(() => undefined)
        .catch((err: unknown) => this.logger.error(`failed: ${String(err)}`))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }
}
