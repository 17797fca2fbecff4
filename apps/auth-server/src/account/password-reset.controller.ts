import { Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PublicController } from '@hc/auth';
import { field, FormRequest } from '../pages/forms';
import { forgotPasswordPage, messagePage, resetPasswordPage } from '../pages/account-pages';
import { FORM_EXPIRED } from '../pages/pages';
import { AccountsService, checkEmail, checkPassword } from './accounts.service';
import { budgetSpent, deadLink, sendHtml } from './links';
import { SessionService } from './session.service';

/**
 * Password reset by email (issue 38): `/signin/password/forgot` answers alike whether or not an
 * account uses the email; the link `/signin/password/reset/<token>` works once, for one hour,
 * and ends every session of the person.
 */
@PublicController('signin/password')
export class PasswordResetController {
  constructor(
    @Inject(SessionService) private readonly session: SessionService,
    @Inject(AccountsService) private readonly accounts: AccountsService,
  ) {}

  @Get('forgot')
  async form(@Req() req: Request, @Res() res: Response) {
    const csrf = await this.session.formToken(req, res, 'forgot');
    res.type('html').send(forgotPasswordPage({ csrf }));
  }

  @Post('forgot')
  async forgot(@Req() req: FormRequest, @Res() res: Response) {
    const email = field(req, 'email');
    const page = async (status: number, more: { error?: string; errors?: { email?: string } }) =>
      res
        .status(status)
        .type('html')
        .send(
          forgotPasswordPage({
            csrf: await this.session.formToken(req, res, 'forgot'),
            email,
            ...more,
          }),
        );
    if (!(await this.session.validPreSessionForm(req, 'forgot')))
      return page(403, { error: FORM_EXPIRED });
    const error = checkEmail(email.toLowerCase());
    if (error) return page(422, { errors: { email: error } });
    const spent = await this.accounts.forgot(email, req.ip);
    if (spent) {
      const csrf = await this.session.formToken(req, res, 'forgot');
      return budgetSpent(res, spent, (message) =>
        forgotPasswordPage({ csrf, email, error: message }),
      );
    }
    sendHtml(
      res,
      messagePage(
        'Check your email',
        `If an account uses ${email}, we sent it a link to choose a new password. The link works for one hour.`,
        { href: '/signin', label: 'Back to sign in' },
      ),
    );
  }

  @Get('reset/:token')
  async resetForm(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    if (!(await this.accounts.linkGood('reset', token))) return deadLink(res);
    const csrf = await this.session.formToken(req, res, `reset:${token}`);
    res.type('html').send(resetPasswordPage({ action: resetAction(token), csrf }));
  }

  @Post('reset/:token')
  async reset(@Param('token') token: string, @Req() req: FormRequest, @Res() res: Response) {
    const page = async (status: number, more: { error?: string; errors?: { password?: string } }) =>
      res
        .status(status)
        .type('html')
        .send(
          resetPasswordPage({
            action: resetAction(token),
            csrf: await this.session.formToken(req, res, `reset:${token}`),
            ...more,
          }),
        );
    if (!(await this.accounts.linkGood('reset', token))) return deadLink(res);
    if (!(await this.session.validPreSessionForm(req, `reset:${token}`)))
      return page(403, { error: FORM_EXPIRED });
    const password = typeof req.body?.password === 'string' ? req.body.password : '';
    const error = checkPassword(password);
    if (error) return page(422, { errors: { password: error } });
    if (!(await this.accounts.reset(token, password))) return deadLink(res);
    sendHtml(
      res,
      messagePage('Password changed', 'Your new password is saved and your other sessions ended.', {
        href: '/signin',
        label: 'Sign in',
      }),
    );
  }
}

function resetAction(token: string): string {
  return `/signin/password/reset/${encodeURIComponent(token)}`;
}
