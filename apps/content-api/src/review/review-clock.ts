import { Injectable } from '@nestjs/common';

/**
 * The time review schedules are read against (issue 39): the system clock, replaced in tests
 * (a spy on `now`) so a scheduled publish happens when the test moves it, with no waiting.
 */
@Injectable()
export class ReviewClock {
  now(): Date {
    return new Date();
  }
}
