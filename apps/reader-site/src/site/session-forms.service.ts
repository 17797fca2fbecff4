import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { checkPassword } from '@hc/auth';
import { settings } from '@hc/contracts';
import { forwardedHost, PasswordThrottle, randomToken } from '@hc/http';
import { tooManyPasswordAttemptsMessage } from '@hc/http';
import type { ThrottledAttempt } from '@hc/http';
import { bodyString } from '../http/reader-request';
import { cookie, SESSION_COOKIE, setCookie } from '../http/access';
import { Admitted, GateService } from './gate.service';
import { SiteRepository } from '../data/site.repository';
import { MemberSecondFactorRepository } from '../data/member-second-factor.repository';

const SESSION_SECONDS = 7 * 86_400;
const SECOND_FACTOR_COOKIE = 'hc_reader_second_factor';
const SECOND_FACTOR_EXPIRED =
  'Your sign-in did not finish (the code was not given, or it took too long). Sign in again.';
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
    private readonly handoffs: MemberSecondFactorRepository,
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
    // Issue 38: the second factor is asked at every password check. The reader site holds no
    // data key to open TOTP secrets, so auth-server asks it on its own page (the same check,
    // budgets and page as the dashboard sign-in) and sends the browser back here.
    if (result.value.twoFactor) return this.handToSecondFactor(req, res, admitted, result.value.id);
    await this.startSession(req, res, admitted, result.value.id, this.next(req, admitted));
  }

  /** After the right password: a hand-off bound to this browser, then auth-server's page. */
  private async handToSecondFactor(
    req: Request,
    res: Response,
    admitted: Admitted,
    userId: number,
  ): Promise<void> {
    const { site, path } = admitted;
    // Back to the origin this browser used (its cookie is there), as the reader site is served.
    const origin = `${new URL(settings().readerUrl).protocol}//${forwardedHost(req)}`;
    const browser = randomToken();
    const token = await this.handoffs.start(
      site.id,
      {
        userId,
        browser,
        returnUrl: `${origin}${path.base}/signin/complete`,
        next: this.next(req, admitted),
      },
      new Date(),
    );
    setCookie(req, res, SECOND_FACTOR_COOKIE, browser, {
      path: path.base || '/',
      maxAgeSeconds: MemberSecondFactorRepository.SECONDS,
    });
    res.redirect(303, `${settings().authUrl}/signin/member/${token}`);
  }

  /**
   * `GET <site>/signin/complete`, where auth-server sends the browser back once the second
   * factor is given: the session opens only in the browser that typed the password, once.
   */
  async completeSecondFactor(req: Request, res: Response, admitted: Admitted): Promise<void> {
    const base = admitted.path.base || '/';
    const browser = cookie(req, SECOND_FACTOR_COOKIE, base);
    const done = browser ? await this.handoffs.finish(admitted.site.id, browser, new Date()) : null;
    setCookie(req, res, SECOND_FACTOR_COOKIE, '', { path: base, maxAgeSeconds: 0 });
    if (!done) {
      const { site, path } = admitted;
      this.gate.sendForm('signIn', req, res, site, path, SECOND_FACTOR_EXPIRED, 403);
      return;
    }
    await this.startSession(req, res, admitted, done.userId, done.next);
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
    await this.startSession(req, res, admitted, null, this.next(req, admitted));
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
    next: string,
  ) {
    await this.sites.purgeExpiredAcrossSites();
    const token = await this.sites.openSession(admitted.site.id, userId);
    setCookie(req, res, SESSION_COOKIE, token, {
      path: admitted.path.base || '/',
      maxAgeSeconds: SESSION_SECONDS,
    });
    res.redirect(303, next);
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
