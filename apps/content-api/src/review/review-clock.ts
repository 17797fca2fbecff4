import { Injectable } from '@nestjs/common';
import { settings } from '@hc/contracts';

/**
 * Tests only, never with NODE_ENV=production: how far this process's review clock runs ahead
 * of the system clock (`HC_TEST_REVIEW_CLOCK_OFFSET_MS`), so an end-to-end test moves time for
 * the scheduler of a content-api it starts itself.
 */
function testOffsetMs(): number {
  if (settings().production) return 0;
  const offset = Number(process.env.HC_TEST_REVIEW_CLOCK_OFFSET_MS ?? 0);
  return Number.isFinite(offset) ? offset : 0;
}

/**
 * The time review schedules are read against (issue 39): the system clock, replaced in tests (a
 * spy on `now`, or the offset above) so a scheduled publish happens when the test moves it.
 */
@Injectable()
export class ReviewClock {
  private readonly offsetMs = testOffsetMs();

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
