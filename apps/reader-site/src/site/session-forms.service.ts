import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { checkPassword } from '@hc/auth';
import { PasswordThrottle, tooManyPasswordAttemptsMessage } from '@hc/http';
import type { ThrottledAttempt } from '@hc/http';
import { bodyString } from '../http/reader-request';
import { cookie, SESSION_COOKIE, setCookie } from '../http/access';
import { Admitted, GateService } from './gate.service';
import { SiteRepository } from '../data/site.repository';

const SESSION_SECONDS = 7 * 86_400;
const TWO_FACTOR_ONLY =
  'Your account uses two-factor sign-in, which this sign-in page cannot ask for yet, so it cannot sign you in here.';
/** Longer sign-in input is refused before any lookup or hashing. */
const EMAIL_MAX = 254;
const PASSWORD_MAX = 1024;

type FormPage = (
  req: Request,
  res: Response,
  site: Admitted['site'],
  path: Admitted['path'],
  error: string | null,
  status: number,
) => void;

/** A refused password form: 401 with the one message, or 429 with `Retry-After` (issue #15). */
function refuse(
  req: Request,
  res: Response,
  admitted: Admitted,
  result: Exclude<ThrottledAttempt<unknown>, { outcome: 'ok' }>,
  message: string,
  page: FormPage,
): void {
  if (result.outcome === 'throttled') {
    res.setHeader('Retry-After', String(result.retryAfterSeconds));
    const text = tooManyPasswordAttemptsMessage(result.retryAfterSeconds);
    page(req, res, admitted.site, admitted.path, text, 429);
    return;
  }
  page(req, res, admitted.site, admitted.path, message, 401);
}

/** The forms that open and close a reader session: member sign-in, site password, sign-out. */
@Injectable()
export class SessionFormsService {
  constructor(
    private readonly gate: GateService,
    private readonly sites: SiteRepository,
    private readonly throttle: PasswordThrottle,
  ) {}

  /**
   * A team member signs in with their account (users.password_hash); members only. An unknown
   * email, a wrong password and a non-member answer alike (issue #15: no password oracle), after
   * the same hashing work, under the shared password budget of the account and address.
   */
  async signIn(req: Request, res: Response, admitted: Admitted): Promise<void> {
    const email = (bodyString(req, 'email') ?? '').trim().toLowerCase();
    const password = bodyString(req, 'password') ?? '';
    const result = await this.throttle.attempt({ email }, req.ip, async () => {
      if (!email || !password || email.length > EMAIL_MAX || password.length > PASSWORD_MAX)
        return null;
      const user = await this.sites.userForSignIn(admitted.site.id, email);
      const valid = await checkPassword(password, user?.passwordHash);
      return valid && user?.role ? user : null;
    });
    if (result.outcome !== 'ok') {
      const page = this.gate.sendForm.bind(this.gate, 'signIn');
      refuse(req, res, admitted, result, 'The email or password is not correct.', page);
      return;
    }
    // Issue 38: the second factor is asked at every password check. This form cannot ask it
    // (the reader site holds no data key to open TOTP secrets), so a person with two-factor
    // sign-in on is refused after the right password rather than let in on the password alone.
    if (result.value.twoFactor) {
      this.gate.sendForm('signIn', req, res, admitted.site, admitted.path, TWO_FACTOR_ONLY, 403);
      return;
    }
    await this.startSession(req, res, admitted, result.value.id);
  }

  async password(req: Request, res: Response, admitted: Admitted): Promise<void> {
    const password = bodyString(req, 'password') ?? '';
    const hash = admitted.site.passwordHash;
    const result = await this.throttle.attempt(`site:${admitted.site.id}`, req.ip, async () => {
      if (admitted.site.visibility !== 'password' || !password || password.length > PASSWORD_MAX)
        return null;
      return (await checkPassword(password, hash)) ? true : null;
    });
    if (result.outcome !== 'ok') {
      const page = this.gate.sendForm.bind(this.gate, 'password');
      refuse(req, res, admitted, result, 'The password is not correct.', page);
      return;
    }
    await this.startSession(req, res, admitted, null);
  }

  async signOut(req: Request, res: Response, admitted: Admitted): Promise<void> {
    const token = cookie(req, SESSION_COOKIE, admitted.path.base || '/');
    if (token) await this.sites.closeSession(admitted.site.id, token);
    setCookie(req, res, SESSION_COOKIE, '', { path: admitted.path.base || '/', maxAgeSeconds: 0 });
    res.redirect(303, admitted.path.base || '/');
  }

  private async startSession(
    req: Request,
    res: Response,
    admitted: Admitted,
    userId: number | null,
  ) {
    await this.sites.purgeExpiredAcrossSites();
    const token = await this.sites.openSession(admitted.site.id, userId);
    setCookie(req, res, SESSION_COOKIE, token, {
      path: admitted.path.base || '/',
      maxAgeSeconds: SESSION_SECONDS,
    });
    res.redirect(303, this.next(req, admitted));
  }

  /** Where a session goes after it opens: the form's `next`, when it stays on this site. */
  private next(req: Request, admitted: Admitted): string {
    const next = bodyString(req, 'next');
    const base = admitted.path.base;
    const inside =
      next !== null &&
      (next === base || next.startsWith(`${base}/`) || next.startsWith(`${base}?`)) &&
      !next.startsWith('//') &&
      !next.includes('\\');
    return inside ? next : base || '/';
  }
}
