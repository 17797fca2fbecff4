import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { settings } from '@hc/contracts';
import { addressKey } from '../address-key';
import type { RateLimitStore } from '../rate-limit.store';
import { RATE_LIMIT_STORE } from '../rate-limit';

/** What an email is sent for: each purpose has its own budgets. */
export type MailPurpose = 'signup' | 'verify' | 'reset' | 'invite' | 'email-change';

/** The answer of `MailBudget.spend`: sent may go ahead, or the budget is spent until later. */
export type MailBudgetAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Budgets of the emails a caller can make the platform send to an address of their choosing
 * (sign-up, verification, password reset, invitation; issue 38): per purpose, at most
 * `HC_MAIL_MAX_PER_RECIPIENT` to one recipient and `HC_MAIL_MAX_PER_ADDRESS` asked for from one
 * client address (IPv6 by its /64) within `HC_MAIL_WINDOW_SECONDS`. Counters live in the shared
 * rate-limit store (Redis when configured), as the password budgets do. The recipient is counted
 * lower-cased and hashed (no email in Redis keys).
 *
 * A caller that must answer alike whether or not the email exists (password reset) spends the
 * budget in both cases and simply sends nothing when it is spent.
 */
@Injectable()
export class MailBudget {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  async spend(
    purpose: MailPurpose,
    recipient: string,
    address: string | undefined,
  ): Promise<MailBudgetAnswer> {
    const v = settings().values;
    const window = v.HC_MAIL_WINDOW_SECONDS;
    const to = createHash('sha256').update(recipient.trim().toLowerCase()).digest('hex');
    const budgets = [
      { key: `mail:${purpose}:to:${to.slice(0, 32)}`, limit: v.HC_MAIL_MAX_PER_RECIPIENT },
      { key: `mail:${purpose}:ip:${addressKey(address)}`, limit: v.HC_MAIL_MAX_PER_ADDRESS },
    ];
    for (const budget of budgets) {
      if ((await this.store.peek(budget.key)) >= budget.limit) {
        const { resetInSeconds } = await this.store.hit(budget.key, window);
        return { allowed: false, retryAfterSeconds: resetInSeconds };
      }
    }
    for (const budget of budgets) await this.store.hit(budget.key, window);
    return { allowed: true };
  }
}
