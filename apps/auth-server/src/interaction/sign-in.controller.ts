import { Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { tooManyPasswordAttemptsMessage, ThrottledAttempt } from '@hc/http';
import { PublicController } from '@hc/auth';
import { sendHtml } from '../account/links';
import { SessionService } from '../account/session.service';
import { SignInService, UNVERIFIED } from '../account/sign-in.service';
import { field, FormRequest } from '../pages/forms';
import { FORM_EXPIRED, signInPage } from '../pages/pages';
import { messagePage, secondFactorPage } from '../pages/account-pages';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { InteractionSteps } from './interaction-steps.service';

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const WRONG_CODE = 'The code is not correct.';
/** The `uid` of the second-factor step of the dashboard sign-in (no OAuth interaction). */
const DASHBOARD = 'dashboard';
/** The `uid` of the second-factor step of a reader-site member sign-in (issue 38). */
const MEMBER = 'member';
/** A member sign-in hand-off that is spent, expired or unknown: nothing to continue. */
function memberSignInOver(res: Response): void {
  const text =
    'This sign-in is no longer open (it was finished, took too long, or is not one we started). Go back to the help center and sign in again.';
  sendHtml(res, messagePage('Sign in again', text), 410);
}

function secondFactorAction(uid: string): string {
  return `/signin/${encodeURIComponent(uid)}/two-factor`;
}

/**
 * A refused sign-in: one answer for an unknown email and a wrong password (422), or 429 with
 * `Retry-After` once the password budget is spent (issue #15).
 */
function refuseSignIn(
  res: Response,
  result: Exclude<ThrottledAttempt<unknown>, { outcome: 'ok' }>,
  page: (error: string) => string,
): void {
  if (result.outcome === 'throttled') {
    res
      .status(429)
      .set('Retry-After', String(result.retryAfterSeconds))
      .type('html')
      .send(page(tooManyPasswordAttemptsMessage(result.retryAfterSeconds)));
    return;
  }
  res.status(422).type('html').send(page(BAD_CREDENTIALS));
}

/**
 * Only dashboard paths may be returned to after a sign-in (no open redirect): `/app` or a path
 * under it, on this origin; anything else goes to the dashboard's home (issue 37).
 */
export function safeReturn(value: string | undefined): string {
  return value && value.length <= 2048 && /^\/app(?:[/?#][^\s\\]*)?$/.test(value) ? value : '/app';
}

/**
 * The server-rendered sign-in pages: the dashboard's (connected apps) and the login step of the
 * authorization flow (spec 4.13).
 */
@PublicController('signin')
export class SignInController {
  constructor(
    @Inject(InteractionSteps) private readonly steps: InteractionSteps,
    @Inject(SessionService) private readonly session: SessionService,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * Signs the person in, or, with two-factor sign-in on, sends them to the second factor first
   * (issue 38: asked at every password check). `uid`: `dashboard` or the OAuth interaction.
   */
  private async passwordAccepted(
    req: Request,
    res: Response,
    userId: number,
    uid: string,
    returnTo: string,
  ): Promise<void> {
    if (await this.twoFactor.enabled(userId)) {
      await this.session.startSecondFactor(req, res, { userId, uid, returnTo });
      res.redirect(303, `/signin/${encodeURIComponent(uid)}/two-factor`);
      return;
    }
    await this.signedIn(req, res, userId, uid, returnTo);
  }

  private async signedIn(
    req: Request,
    res: Response,
    userId: number,
    uid: string,
    returnTo: string,
  ) {
    if (uid === MEMBER) {
      // No dashboard session: the reader site opens its own in the browser it handed over.
      const back = await this.twoFactor.memberHandOffDone(Number(returnTo), userId);
      return back ? res.redirect(303, back) : memberSignInOver(res);
    }
    await this.session.signIn(res, req, userId);
    if (uid === DASHBOARD) res.redirect(303, returnTo);
    else await this.steps.finish(req, res, { login: { accountId: String(userId) } }, false);
  }

  @Get(':uid/two-factor')
  async secondFactorForm(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response) {
    if (!(await this.pendingSecondFactor(req, res, uid))) return;
    const csrf = await this.session.formToken(req, res, `2fa:${uid}`);
    sendHtml(res, secondFactorPage({ action: secondFactorAction(uid), csrf }));
  }

  @Post(':uid/two-factor')
  async secondFactor(@Param('uid') uid: string, @Req() req: FormRequest, @Res() res: Response) {
    const pending = await this.pendingSecondFactor(req, res, uid);
    if (!pending) return;
    const page = async (error: string) =>
      secondFactorPage({
        action: secondFactorAction(uid),
        csrf: await this.session.formToken(req, res, `2fa:${uid}`),
        error,
      });
    if (!(await this.session.validPreSessionForm(req, `2fa:${uid}`)))
      return sendHtml(res, await page(FORM_EXPIRED), 403);
    const result = await this.twoFactor.check(
      pending.userId,
      { code: field(req, 'code'), recoveryCode: field(req, 'recovery_code') },
      req.ip,
    );
    if (result.outcome === 'throttled') {
      res.set('Retry-After', String(result.retryAfterSeconds));
      return sendHtml(
        res,
        await page(tooManyPasswordAttemptsMessage(result.retryAfterSeconds)),
        429,
      );
    }
    if (result.outcome === 'failed') return sendHtml(res, await page(WRONG_CODE), 422);
    this.session.endSecondFactor(req, res);
    await this.signedIn(req, res, pending.userId, uid, pending.returnTo);
  }

  /** This browser's pending second factor for `uid` (and its interaction); else sign in again. */
  private async pendingSecondFactor(req: Request, res: Response, uid: string) {
    const own = uid === DASHBOARD || uid === MEMBER;
    if (!own && !(await this.steps.details(req, res, uid, 'login'))) return null;
    const pending = await this.session.secondFactor(req, uid);
    if (!pending && uid === MEMBER) memberSignInOver(res);
    else if (!pending)
      res.redirect(303, uid === DASHBOARD ? '/signin' : `/signin/${encodeURIComponent(uid)}`);
    return pending;
  }

  /**
   * A reader-site member sign-in after the right password (issue 38): the reader site holds no
   * data key, so it hands the person here, once, for the same second-factor page and check as
   * the dashboard's; the browser goes back to the reader site when it is given.
   */
  @Get('member/:token')
  async memberHandOff(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    const handOff = await this.twoFactor.openMemberHandOff(token);
    if (!handOff) return memberSignInOver(res);
    await this.session.startSecondFactor(req, res, {
      userId: handOff.userId,
      uid: MEMBER,
      returnTo: String(handOff.id),
    });
    res.redirect(303, secondFactorAction(MEMBER));
  }

  /**
   * Dashboard sign-in (no OAuth interaction pending): `return_to` (or the older `return`) names
   * the dashboard page to go to once signed in, `/app` by default (issue 37).
   */
  @Get()
  async signInForm(
    @Query('return_to') returnTo: string | undefined,
    @Query('return') legacyReturn: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const target = safeReturn(returnTo ?? legacyReturn);
    const csrf = await this.session.formToken(req, res, 'signin');
    res.type('html').send(signInPage('/signin', { csrf, returnTo: target }));
  }

  @Post()
  async signIn(@Req() req: FormRequest, @Res() res: Response) {
    const email = field(req, 'email');
    const returnTo = safeReturn(field(req, 'return_to') || field(req, 'return'));
    const page = async (error: string) =>
      signInPage('/signin', {
        csrf: await this.session.formToken(req, res, 'signin'),
        email,
        error,
        returnTo,
      });
    // Login CSRF: nobody else's form signs this browser in (issue #15 item 3).
    if (!(await this.session.validPreSessionForm(req, 'signin')))
      return sendHtml(res, await page(FORM_EXPIRED), 403);
    const result = await this.signIns.authenticate(email, field(req, 'password'), req.ip);
    if (result.outcome !== 'ok') {
      const csrf = await this.session.formToken(req, res, 'signin');
      refuseSignIn(res, result, (error) => signInPage('/signin', { csrf, email, error, returnTo }));
      return;
    }
    if (SignInService.unverified(result)) return sendHtml(res, await page(UNVERIFIED), 403);
    await this.passwordAccepted(req, res, result.value.id, DASHBOARD, returnTo);
  }

  @Get(':uid')
  async signInStep(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response) {
    const details = await this.steps.details(req, res, uid, 'login');
    if (!details) return;
    const csrf = await this.session.formToken(req, res, `interaction:${details.uid}`);
    res.type('html').send(signInPage(`/signin/${encodeURIComponent(uid)}`, { csrf }));
  }

  @Post(':uid')
  async signInSubmit(@Param('uid') uid: string, @Req() req: FormRequest, @Res() res: Response) {
    const details = await this.steps.details(req, res, uid, 'login');
    if (!details) return;
    const email = field(req, 'email');
    const purpose = `interaction:${details.uid}`;
    const page = async (error: string, status: number) =>
      res
        .status(status)
        .type('html')
        .send(
          signInPage(`/signin/${encodeURIComponent(uid)}`, {
            csrf: await this.session.formToken(req, res, purpose),
            email,
            error,
          }),
        );
    if (!(await this.session.validPreSessionForm(req, purpose))) return page(FORM_EXPIRED, 403);
    const result = await this.signIns.authenticate(email, field(req, 'password'), req.ip);
    if (result.outcome !== 'ok') {
      const csrf = await this.session.formToken(req, res, purpose);
      refuseSignIn(res, result, (error) =>
        signInPage(`/signin/${encodeURIComponent(uid)}`, { csrf, email, error }),
      );
      return;
    }
    if (SignInService.unverified(result)) return page(UNVERIFIED, 403);
    await this.passwordAccepted(req, res, result.value.id, details.uid, '/app');
  }
}
