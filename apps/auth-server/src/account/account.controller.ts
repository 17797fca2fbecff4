import { Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PublicController } from '@hc/auth';
import { field, type FormRequest } from '../pages/forms';
import { accountPage, FieldErrors, TwoFactorView } from '../pages/account-pages';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { FORM_EXPIRED } from '../pages/pages';
import { AccountsRepository } from '../storage/accounts.repository';
import { AccountsService, checkName, checkPassword, MailBudgetSpent } from './accounts.service';
import { SessionService, SignedIn } from './session.service';
import { SignInService } from './sign-in.service';

const PAGE = '/app/account';

interface Outcome {
  status?: number;
  notice?: string;
  error?: string;
  errors?: FieldErrors;
  twoFactor?: TwoFactorView;
}

/**
 * The account page (issues #15, 38): change email (verified through the new address) and
 * password (ends the person's other sessions), list and end sign-in sessions, sign out
 * everywhere. Every post carries the session's CSRF token; email and password changes ask for
 * the current password, under the shared password budget.
 */
@PublicController('app/account')
export class AccountController {
  constructor(
    @Inject(SessionService) private readonly session: SessionService,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(AccountsRepository) private readonly repository: AccountsRepository,
    @Inject(SignInService) private readonly signIns: SignInService,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
  ) {}

  /** Where the person's two-factor sign-in stands. */
  private async twoFactorView(me: SignedIn): Promise<TwoFactorView> {
    const id = me.person.id;
    if (await this.twoFactor.enabled(id))
      return { state: 'on', recoveryCodesLeft: await this.twoFactor.unusedRecoveryCodes(id) };
    const pending = await this.twoFactor.pending(id, me.person.email);
    if (pending) return { state: 'enrolling', ...pending };
    return { state: 'off', required: await this.twoFactor.requiredFor(id) };
  }

  private async show(res: Response, me: SignedIn, outcome: Outcome = {}) {
    const sessions = await this.repository.sessions(me.person.id);
    const twoFactor = outcome.twoFactor ?? (await this.twoFactorView(me));
    res
      .status(outcome.status ?? 200)
      .type('html')
      .send(
        accountPage({
          name: me.person.name,
          email: me.person.email,
          csrf: me.session.csrfToken,
          sessions: sessions.map((s) => ({ ...s, current: s.id === me.session.id })),
          ...outcome,
          twoFactor,
        }),
      );
  }

  /** The signed-in person behind a valid form post; else the answer is sent and null returned. */
  private async poster(req: FormRequest, res: Response): Promise<SignedIn | null> {
    const me = await this.session.signedIn(req, res, PAGE);
    if (!me) return null;
    if (this.session.validForm(req, me.session)) return me;
    await this.show(res, me, { status: 403, error: FORM_EXPIRED });
    return null;
  }

  /** The current password, checked under the password budget; else an outcome to show. */
  private async currentPassword(
    req: FormRequest,
    me: SignedIn,
    name: string,
  ): Promise<Outcome | null> {
    const given = typeof req.body?.[name] === 'string' ? (req.body[name] as string) : '';
    const result = await this.signIns.authenticate(me.person.email, given, req.ip);
    if (result.outcome === 'ok') return null;
    if (result.outcome === 'throttled')
      return { status: 429, error: 'Too many attempts. Try again later.' };
    return { status: 422, errors: { [name]: 'The password is not correct.' } };
  }

  @Get()
  async account(@Req() req: Request, @Res() res: Response) {
    const me = await this.session.signedIn(req, res, PAGE);
    if (me) await this.show(res, me);
  }

  /** The display name the team sees (members, notes, the audit log); no password needed. */
  @Post('profile')
  async changeName(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    const name = field(req, 'name');
    const error = checkName(name);
    if (error) return this.show(res, me, { status: 422, errors: { name: error } });
    await this.repository.setName(me.person.id, name);
    await this.show(
      res,
      { ...me, person: { ...me.person, name } },
      { notice: 'Your name was saved.' },
    );
  }

  @Post('password')
  async changePassword(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    const password = typeof req.body?.password === 'string' ? req.body.password : '';
    const error = checkPassword(password);
    if (error) return this.show(res, me, { status: 422, errors: { password: error } });
    const refused = await this.currentPassword(req, me, 'current_password');
    if (refused) return this.show(res, me, refused);
    await this.accounts.changePassword(me.person.id, password, me.session.id);
    await this.show(res, me, {
      notice: 'Your password was changed. Your other sessions ended.',
    });
  }

  @Post('email')
  async changeEmail(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    const refused = await this.currentPassword(req, me, 'email_password');
    if (refused) return this.show(res, me, refused);
    const email = field(req, 'email').toLowerCase();
    const result = await this.accounts.requestEmailChange(me.person, email, req.ip);
    if (result instanceof MailBudgetSpent)
      return this.show(res, me, { status: 429, error: result.message });
    if (result) return this.show(res, me, { status: 422, errors: result });
    await this.show(res, me, {
      notice: `We sent a link to ${email}. Your email changes once you open it.`,
    });
  }

  @Post('sessions/:id/end')
  async endSession(@Param('id') id: string, @Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    if (id === me.session.id)
      return this.show(res, me, { status: 422, error: 'Use "Sign out" to end this session.' });
    const ended = await this.repository.endSession(me.person.id, id);
    await this.show(
      res,
      me,
      ended ? { notice: 'The session ended.' } : { status: 404, error: 'No such session.' },
    );
  }

  /** Two-factor enrollment, step 1: a new secret, shown as a QR code and as text. */
  @Post('two-factor/start')
  async startTwoFactor(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    if (await this.twoFactor.enabled(me.person.id)) return this.show(res, me);
    await this.twoFactor.start(me.person.id, me.person.email);
    await this.show(res, me);
  }

  /** Step 2: a code from the app turns it on; the recovery codes are shown this once. */
  @Post('two-factor/confirm')
  async confirmTwoFactor(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    const codes = await this.twoFactor.confirm(me.person.id, field(req, 'code'));
    if (!codes)
      return this.show(res, me, { status: 422, errors: { code: 'The code is not correct.' } });
    await this.show(res, me, {
      twoFactor: { state: 'on', recoveryCodesLeft: codes.length, newCodes: codes },
    });
  }

  /** Turning it off asks for the current password. */
  @Post('two-factor/disable')
  async disableTwoFactor(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    const refused = await this.currentPassword(req, me, 'disable_password');
    if (refused) return this.show(res, me, refused);
    await this.twoFactor.disable(me.person.id);
    await this.show(res, me, { notice: 'Two-factor sign-in is off.' });
  }

  /** Revokes every dashboard session of this person on the server, this one included. */
  @Post('sign-out-everywhere')
  async signOutEverywhere(@Req() req: FormRequest, @Res() res: Response) {
    const me = await this.poster(req, res);
    if (!me) return;
    await this.session.signOutEverywhere(req, res, me.person.id);
    res.redirect(303, `/signin?return=${encodeURIComponent(PAGE)}`);
  }
}
