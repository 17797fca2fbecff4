import type { Response } from 'express';
import { messagePage } from '../pages/account-pages';
import type { MailBudgetSpent } from './accounts.service';

/** An HTML page with its status (200 unless said: Nest would answer a POST with 201). */
export function sendHtml(res: Response, html: string, status = 200): void {
  res.status(status).type('html').send(html);
}

/** The one page for a link that is unknown, used or expired (issue 38 "Bad input"). */
export function deadLink(res: Response): void {
  const text =
    'The link was already used, has expired, or is not one we sent. Nothing was changed.';
  sendHtml(
    res,
    messagePage('This link no longer works', text, { href: '/signin', label: 'Go to sign in' }),
    410,
  );
}

/** A spent email budget: 429 with `Retry-After` and the page the caller draws. */
export function budgetSpent(
  res: Response,
  spent: MailBudgetSpent,
  page: (error: string) => string,
) {
  res
    .status(429)
    .set('Retry-After', String(spent.retryAfterSeconds))
    .type('html')
    .send(page(spent.message));
}
