import type { INestApplicationContext } from '@nestjs/common';
import { int, progress, str } from '../cli/flags';
import type { Flags } from '../cli/flags';
import { readRange } from './analytics-range';
import { RollupService } from './rollup.service';

/** `hc analytics rollup [--site] [--date YYYY-MM-DD]` (docs/operations.md). */
export const ANALYTICS_COMMANDS: Record<
  string,
  (app: INestApplicationContext, flags: Flags) => Promise<object>
> = {
  'analytics rollup': async (app, f) => {
    const date = str(f, 'date');
    // The same date check as the API's `from`/`to` (422 on a bad date).
    if (date !== undefined) readRange({ from: date, to: date });
    progress(`rolling up analytics for ${date ?? 'yesterday and today'}`);
    const rolledUp = await app.get(RollupService).run({ siteId: int(f, 'site'), date });
    progress(`rolled up ${rolledUp.length} site-day(s)`);
    return { rolled_up: rolledUp };
  },
};
