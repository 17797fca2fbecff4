import { Get, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PublicController } from '@hc/auth';
import type { FormRequest } from '../pages/forms';
import { accountPage, FORM_EXPIRED } from '../pages/pages';
import { SessionService } from './session.service';

const PAGE = '/app/account';

/** The dashboard's account page: "sign out everywhere" (issue #15 item 3). */
@PublicController('app/account')
export class AccountController {
  constructor(@Inject(SessionService) private readonly session: SessionService) {}

  @Get()
  async account(@Req() req: Request, @Res() res: Response) {
    const me = await this.session.signedIn(req, res, PAGE);
    if (!me) return;
    res.type('html').send(accountPage({ email: me.person.email, csrf: me.session.csrfToken }));
  }

  /** Revokes every dashboard session of this person on the server, this one included. */
  @Post('sign-out-everywhere')
  async signOutEverywhere(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.session.signedIn(req, res, PAGE);
    if (!me) return;
    if (!this.session.validForm(req, me.session)) {
      res
        .status(403)
        .type('html')
        .send(
          accountPage({
            email: me.person.email,
            csrf: me.session.csrfToken,
            notice: FORM_EXPIRED,
          }),
        );
      return;
    }
    await this.session.signOutEverywhere(req, res, me.person.id);
    res.redirect(303, `/signin?return=${encodeURIComponent(PAGE)}`);
  }
}
