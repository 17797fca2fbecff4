import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { settings } from '@hc/contracts';
import { addressKey } from './address-key';
import { canonicalUserAccount } from './password-account.repository';
import type { RateLimitStore } from './rate-limit.store';
import { RATE_LIMIT_STORE } from './rate-limit';

/** What a throttled password check gives: the value, a plain failure, or a refusal. */
export type ThrottledAttempt<T> =
  | { outcome: 'ok'; value: T }
  | { outcome: 'failed' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** The message of a refused password form (HTML pages, with status 429 and `Retry-After`). */
export function tooManyPasswordAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

interface Budget {
  key: string;
  limit: number;
}

/**
 * Throttled guessing for every password form (issue #15): after `perAccount` failures for one
 * account from one client address, or `perAddress` failures from one address, within the
 * window, attempts are refused until the window ends (fixed windows: no permanent lockout).
 * The account is counted in canonical form and an address by `addressKey` (IPv6 by its /64),
 * issue 34 item 4.
 * Counters live in the shared rate-limit store (Redis when configured). Only failures count;
 * a check that succeeds after the budget ran out (parallel attempts) is refused as well, so a
 * burst of guesses learns nothing past the budget.
 */
@Injectable()
export class PasswordThrottle {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  /**
   * @param account what is guessed at: `{ email }` (a platform account: one budget across every
   *   form that checks platform passwords and every spelling of the email the database treats
   *   as equal, `canonicalUserAccount`) or `site:<id>` (a site password)
   * @param check the password check; null is a failure
   */
  async attempt<T>(
    account: string | { email: string },
    address: string | undefined,
    check: () => Promise<T | null>,
  ): Promise<ThrottledAttempt<T>> {
    const v = settings().values;
    const limits = {
      perAccount: v.HC_SIGNIN_MAX_FAILURES,
      perAddress: v.HC_SIGNIN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: v.HC_SIGNIN_WINDOW_SECONDS,
    };
    const ip = addressKey(address);
    const key =
      typeof account === 'string' ? account : await canonicalUserAccount(this.ds, account.email);
    const digest = createHash('sha256').update(key).digest('hex').slice(0, 32);
    const budgets: Budget[] = [
      { key: `pw:acct:${digest}:${ip}`, limit: limits.perAccount },
      { key: `pw:ip:${ip}`, limit: limits.perAddress },
    ];
    const refused = await this.refusal(budgets, limits.windowSeconds);
    if (refused) return refused;
    const value = await check();
    if (value !== null) {
      return (await this.refusal(budgets, limits.windowSeconds)) ?? { outcome: 'ok', value };
    }
    let retryAfterSeconds = 0;
    for (const budget of budgets) {
      const { count, resetInSeconds } = await this.store.hit(budget.key, limits.windowSeconds);
      if (count > budget.limit) retryAfterSeconds = Math.max(retryAfterSeconds, resetInSeconds);
    }
    return retryAfterSeconds > 0
      ? { outcome: 'throttled', retryAfterSeconds }
      : { outcome: 'failed' };
  }

  /** A refusal when a budget is spent (the window's remaining time is read by counting it). */
  private async refusal(
    budgets: Budget[],
    windowSeconds: number,
  ): Promise<ThrottledAttempt<never> | null> {
    let retryAfterSeconds = 0;
    for (const budget of budgets) {
      if ((await this.store.peek(budget.key)) < budget.limit) continue;
      const { resetInSeconds } = await this.store.hit(budget.key, windowSeconds);
      retryAfterSeconds = Math.max(retryAfterSeconds, resetInSeconds);
    }
    return retryAfterSeconds > 0 ? { outcome: 'throttled', retryAfterSeconds } : null;
  }
}
