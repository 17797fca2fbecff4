import { Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { settings } from '@hc/contracts';
import { PublicController } from '@hc/auth';
import { field, FormRequest } from '../pages/forms';
import { FieldErrors, formPage, messagePage, signUpPage } from '../pages/account-pages';
import { FORM_EXPIRED } from '../pages/pages';
import { AccountsService, MailBudgetSpent } from './accounts.service';
import { budgetSpent, deadLink, sendHtml } from './links';
import { SessionService } from './session.service';

const CLOSED: Record<'invitation' | 'closed', string> = {
  invitation: 'Sign-up is by invitation only: ask a help center’s owner or admin to invite you.',
  closed: 'Sign-up is closed on this platform.',
};

/**
 * Sign-up and the links sent by email (issue 38): `/signin/account/new`, the verification link
 * `/signin/account/verify/<token>` and the email-change link `/signin/account/email/<token>`.
 * A link's GET only shows a button: mail scanners that open links change nothing.
 */
@PublicController('signin/account')
export class SignUpController {
  constructor(
    @Inject(SessionService) private readonly session: SessionService,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  /** A page refusing sign-up when the platform's setting does not allow it; false otherwise. */
  private refused(res: Response): boolean {
    const mode = settings().signup;
    if (mode === 'open') return false;
    res.status(403).type('html').send(messagePage('Sign-up unavailable', CLOSED[mode]));
    return true;
  }

  @Get('new')
  async form(@Req() req: Request, @Res() res: Response) {
    if (this.refused(res)) return;
    res.type('html').send(signUpPage({ csrf: await this.session.formToken(req, res, 'signup') }));
  }

  @Post('new')
  async signUp(@Req() req: FormRequest, @Res() res: Response) {
    if (this.refused(res)) return;
    const values = { name: field(req, 'name'), email: field(req, 'email') };
    const page = async (status: number, more: { errors?: FieldErrors; error?: string }) =>
      res
        .status(status)
        .type('html')
        .send(
          signUpPage({ csrf: await this.session.formToken(req, res, 'signup'), values, ...more }),
        );
    if (!(await this.session.validPreSessionForm(req, 'signup')))
      return page(403, { error: FORM_EXPIRED });
    const result = await this.accounts.signUp(
      { ...values, password: typeof req.body?.password === 'string' ? req.body.password : '' },
      req.ip,
    );
    if (result instanceof MailBudgetSpent) {
      const csrf = await this.session.formToken(req, res, 'signup');
      return budgetSpent(res, result, (error) => signUpPage({ csrf, values, error }));
    }
    if (result) return page(422, { errors: result });
    sendHtml(
      res,
      messagePage(
        'Check your email',
        `We sent a link to ${values.email.toLowerCase()}. Open it to confirm your email and sign in; it works for 24 hours.`,
      ),
    );
  }

  @Get('verify/:token')
  confirmVerify(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    return this.confirmPage(req, res, 'verify', token, 'Confirm your email', 'Confirm my email');
  }

  @Post('verify/:token')
  async verify(@Param('token') token: string, @Req() req: FormRequest, @Res() res: Response) {
    if (!(await this.session.validPreSessionForm(req, `verify:${token}`))) return deadLink(res);
    const userId = await this.accounts.verify(token);
    if (userId === null) return deadLink(res);
    await this.session.signIn(res, req, userId);
    res.redirect(303, '/app');
  }

  @Get('email/:token')
  confirmEmailPage(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    return this.confirmPage(req, res, 'email', token, 'Confirm your new email', 'Use this email');
  }

  @Post('email/:token')
  async confirmEmail(@Param('token') token: string, @Req() req: FormRequest, @Res() res: Response) {
    if (!(await this.session.validPreSessionForm(req, `email:${token}`))) return deadLink(res);
    const email = await this.accounts.confirmEmail(token);
    if (email === null) return deadLink(res);
    sendHtml(
      res,
      messagePage('Email changed', `Your account now uses ${email}.`, {
        href: '/app/account',
        label: 'Back to your account',
      }),
    );
  }

  /** A live link's page: one button that posts it back; a dead link's page otherwise. */
  private async confirmPage(
    req: Request,
    res: Response,
    purpose: 'verify' | 'email',
    token: string,
    title: string,
    submit: string,
  ) {
    if (!(await this.accounts.linkGood(purpose, token))) return deadLink(res);
    const csrf = await this.session.formToken(req, res, `${purpose}:${token}`);
    res.type('html').send(
      formPage({
        title,
        action: `/signin/account/${purpose}/${encodeURIComponent(token)}`,
        csrf,
        fields: [],
        submit,
      }),
    );
  }
}
