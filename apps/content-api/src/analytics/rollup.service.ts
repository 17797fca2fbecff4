import {
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { settings } from '@hc/contracts';
import { addDays, isoDay } from './analytics-range';
import { DayRollup, RollupRepository } from './rollup.repository';
import type { SiteId } from '@hc/contracts';

/** The schedule: every day shortly after midnight UTC, yesterday is rolled up. */
const RUN_AT_MINUTE_UTC = 5;

@Injectable()
export class RollupService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AnalyticsRollup');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly rollups: RollupRepository,
    @Optional() private readonly adapterHost?: HttpAdapterHost,
  ) {}

  /** `hc analytics rollup`: the given day, or yesterday and today. */
  async run(
    options: { siteId?: SiteId; date?: string } = {},
    now = new Date(),
  ): Promise<DayRollup[]> {
    const today = isoDay(now);
    const days = options.date ? [options.date] : [addDays(today, -1), today];
    const out: DayRollup[] = [];
    for (const day of days) out.push(await this.rollups.rollUp(options.siteId ?? null, day));
    return out;
  }

  /**
   * Runs inside the HTTP app only (the CLI builds the same modules and must exit at once), and
   * not when `HC_ANALYTICS_ROLLUP_TIMER=false` (a CronJob runs `hc analytics rollup` instead).
   */
  onApplicationBootstrap(): void {
    if (!this.adapterHost?.httpAdapter || !settings().analyticsRollupTimer) return;
    this.schedule(1_000, true);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private schedule(delayMs: number, catchUp: boolean): void {
    this.timer = setTimeout(() => {
      this.running = this.tick(catchUp).finally(() => {
        this.running = null;
        if (this.timer !== null) this.schedule(msUntilNextRun(new Date()), false);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(catchUp: boolean): Promise<void> {
    const yesterday = addDays(isoDay(new Date()), -1);
    try {
      // At boot only when nobody rolled yesterday up yet; on schedule always.
      if (catchUp && (await this.rollups.rolledUpAcrossSites(yesterday))) return;
      const [result] = await this.run({ date: yesterday });
      this.logger.log(
        `rolled up ${result.date}: ${result.views} views, ${result.searches} searches`,
      );
    } catch (err) {
      this.logger.error(
        `rollup of ${yesterday} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}

export function msUntilNextRun(now: Date): number {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, RUN_AT_MINUTE_UTC),
  );
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}
