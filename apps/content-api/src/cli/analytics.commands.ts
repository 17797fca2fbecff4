import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { settings } from '@hc/contracts';
import { ActivityBuffer } from '@hc/data';
import { progress, siteFlag, str } from './flags';
import type { Flags } from './flags';
import type { CommandGroup } from './command';
import { AnalyticsModule } from '../analytics/analytics.module';
import { readRange } from '../analytics/analytics-range';
import { RollupService } from '../analytics/rollup.service';

/** docs/operations.md: `analytics rollup [--site] [--date YYYY-MM-DD]`. */
export const ANALYTICS_COMMANDS: Record<
  string,
  (app: INestApplicationContext, flags: Flags) => Promise<object>
> = {
  'analytics rollup': async (app, f) => {
    const date = str(f, 'date');
    // The same date check as the API's `from`/`to` (422 on a bad date).
    if (date !== undefined) readRange({ from: date, to: date });
    // Views and searches the reader sites buffered (issue #28) are written first: with Redis,
    // whatever no replica wrote yet; without it each reader-site process writes its own
    // within a second (docs/caching.md).
    // An entry the database refuses on its own is dead-lettered (logged), never fatal here.
    const pending = new ActivityBuffer(app.get(DataSource), settings().redisUrl);
    await pending.stop();
    if (pending.deadLetters > 0)
      progress(
        `${pending.deadLetters} buffered view(s)/search(es) refused by the database: dead-lettered (see the log)`,
      );
    progress(`rolling up analytics for ${date ?? 'yesterday and today'}`);
    const rolledUp = await app.get(RollupService).run({ siteId: siteFlag(f), date });
    progress(`rolled up ${rolledUp.length} site-day(s)`);
    return { rolled_up: rolledUp, dead_lettered: pending.deadLetters };
  },
};

/** The module the command needs (cli/commands.ts loads it only when the command runs). */
export const ANALYTICS_GROUP: CommandGroup = {
  modules: [AnalyticsModule],
  commands: ANALYTICS_COMMANDS,
};
