import { Inject, Injectable, Logger } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { hashPassword } from '@hc/auth';
import { EMAIL_SENDER, EmailSender, MailBudget, MailPurpose, randomToken } from '@hc/http';
import { AccountTokenPurpose, AccountsRepository } from '../storage/accounts.repository';
import { ConnectionsRepository, PersonRow } from '../storage/connections.repository';
import type { FieldErrors } from '../pages/account-pages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 191;
const NAME_MAX = 191;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 1024;

/** How long each link works (issue 38: a reset link one hour). */
const LIFETIME_SECONDS: Record<AccountTokenPurpose, number> = {
  verify: 24 * 3600,
  reset: 3600,
  email: 24 * 3600,
};

/** A refusal for a spent email budget (429 with `Retry-After`). */
export class MailBudgetSpent {
  constructor(readonly retryAfterSeconds: number) {}

  get message(): string {
    const minutes = Math.max(1, Math.ceil(this.retryAfterSeconds / 60));
    return `Too many emails were asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
}

/** The API's words for a bad email, name or password (the same as `hc user create`). */
export function checkEmail(email: string): string | null {
  if (!email) return 'The email field is required.';
  return EMAIL.test(email) && email.length <= EMAIL_MAX
    ? null
    : 'The email field must be a valid email address.';
}

export function checkName(name: string): string | null {
  if (!name) return 'The name field is required.';
  return [...name].length > NAME_MAX
    ? `The name field must not be greater than ${NAME_MAX} characters.`
    : null;
}

export function checkPassword(password: string, field = 'password'): string | null {
  const label = field.replace(/_/g, ' ');
  if (password.length < PASSWORD_MIN)
    return `The ${label} field must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX)
    return `The ${label} field must not be greater than ${PASSWORD_MAX} characters.`;
  return null;
}

/**
 * Sign-up with email verification, password reset by email, email change (issue 38). Every
 * email is aimed by the caller at an address of their choosing, so each spends its `MailBudget`
 * first; the email goes out after the answer is decided (not awaited), so an answer takes no
 * longer because an account exists.
 */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger('accounts');

  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(ConnectionsRepository) private readonly people: ConnectionsRepository,
    @Inject(MailBudget) private readonly budget: MailBudget,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
  ) {}

  /** A new person (unverified) and the verification email; the same answer for a taken email. */
  async signUp(
    input: { name: string; email: string; password: string },
    address: string | undefined,
  ): Promise<FieldErrors | MailBudgetSpent | null> {
    const email = input.email.toLowerCase();
    const errors: FieldErrors = {};
    const nameError = checkName(input.name);
    if (nameError) errors.name = nameError;
    const emailError = checkEmail(email);
    if (emailError) errors.email = emailError;
    const passwordError = checkPassword(input.password);
    if (passwordError) errors.password = passwordError;
    if (Object.keys(errors).length) return errors;
    const spent = await this.spend('signup', email, address);
    if (spent) return spent;
    const passwordHash = await hashPassword(input.password);
    const existing = await this.people.personByEmail(email);
    if (existing && (await this.accounts.verified(existing.id))) {
      // Someone (maybe the owner) signs up with a taken address: they are told by email only.
      this.mail(existing, 'You already have an account', [
        'Someone asked to create a help center account with this email, which already has one.',
        `Sign in at ${url('/signin')}, or choose a new password at ${url('/signin/password/forgot')}.`,
        'If it was not you, you can ignore this email.',
      ]);
      return null;
    }
    let userId = existing?.id ?? null;
    if (existing) await this.accounts.replaceUnverified(existing.id, input.name, passwordHash);
    else userId = await this.accounts.createPerson({ email, name: input.name, passwordHash });
    if (userId === null) return null; // created by a parallel sign-up: its email is on its way
    await this.accounts.dropTokens(userId, 'verify');
    const token = await this.issue('verify', userId, email);
    this.mail({ name: input.name, email }, 'Confirm your email', [
      `Welcome! Open this link to confirm your email and sign in (it works for 24 hours, once):`,
      url(`/signin/account/verify/${token}`),
      'If you did not sign up, ignore this email: nothing happens without the link.',
    ]);
    return null;
  }

  /** Spends a verification link; the person, or null when the link is not (or no longer) good. */
  verify(token: string): Promise<number | null> {
    return this.accounts.spendToken('verify', token, async (m, t) => {
      await this.accounts.markVerified(m, t.userId);
      return t.userId;
    });
  }

  /**
   * A reset link to the address when an account uses it. Null whatever the case (the caller
   * answers alike), or the spent budget, which says nothing about the account either.
   */
  async forgot(email: string, address: string | undefined): Promise<MailBudgetSpent | null> {
    const spent = await this.spend('reset', email.toLowerCase(), address);
    if (spent) return spent;
    const person = await this.people.personByEmail(email);
    if (!person) return null;
    await this.accounts.dropTokens(person.id, 'reset');
    const token = await this.issue('reset', person.id, person.email);
    this.mail(person, 'Reset your password', [
      'Open this link to choose a new password (it works for one hour, once):',
      url(`/signin/password/reset/${token}`),
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ]);
    return null;
  }

  /** Whether a link is still good (its page shows a form), without spending it. */
  async linkGood(purpose: AccountTokenPurpose, token: string): Promise<boolean> {
    return token.length <= 128 && (await this.accounts.liveToken(purpose, token)) !== null;
  }

  /** Spends a reset link: the new password; every session of the person ends. */
  async reset(token: string, password: string): Promise<boolean> {
    const passwordHash = await hashPassword(password);
    const done = await this.accounts.spendToken('reset', token, async (m, t) => {
      await this.accounts.setPassword(m, t.userId, passwordHash, null);
      // The link reached the address: it is the person's.
      await this.accounts.markVerified(m, t.userId);
      return true;
    });
    return done ?? false;
  }

  /** A new password from the account page: the person's other sessions end (issue 38 item 9). */
  async changePassword(userId: number, password: string, keepSession: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.accounts.transaction((m) =>
      this.accounts.setPassword(m, userId, passwordHash, keepSession),
    );
  }

  /** A link to the new address; the change happens once it is opened. */
  async requestEmailChange(
    person: PersonRow,
    email: string,
    address: string | undefined,
  ): Promise<FieldErrors | MailBudgetSpent | null> {
    const error = checkEmail(email);
    if (error) return { email: error };
    if (email === person.email.toLowerCase()) return { email: 'This is already your email.' };
    if (await this.accounts.emailTaken(email))
      return { email: 'The email has already been taken.' };
    const spent = await this.spend('email-change', email, address);
    if (spent) return spent;
    await this.accounts.dropTokens(person.id, 'email');
    const token = await this.issue('email', person.id, email);
    this.mail({ name: person.name, email }, 'Confirm your new email', [
      `Open this link to make ${email} the email of your help center account (it works for 24 hours, once):`,
      url(`/signin/account/email/${token}`),
      'If you did not ask for it, ignore this email.',
    ]);
    return null;
  }

  /** Spends an email-change link: the new address, or null (bad link, or the address was taken). */
  confirmEmail(token: string): Promise<string | null> {
    return this.accounts.spendToken('email', token, async (m, t) =>
      (await this.accounts.setEmail(m, t.userId, t.email)) ? t.email : null,
    );
  }

  private async spend(
    purpose: MailPurpose,
    email: string,
    address: string | undefined,
  ): Promise<MailBudgetSpent | null> {
    const answer = await this.budget.spend(purpose, email, address);
    return answer.allowed ? null : new MailBudgetSpent(answer.retryAfterSeconds);
  }

  private async issue(purpose: AccountTokenPurpose, userId: number, email: string) {
    const token = randomToken();
    await this.accounts.issueToken(token, {
      purpose,
      userId,
      email,
      lifetimeSeconds: LIFETIME_SECONDS[purpose],
    });
    return token;
  }

  /** Sends after the answer is decided; a failure is logged without the email's content. */
  private mail(to: { name: string; email: string }, subject: string, lines: string[]): void {
    this.sender
      .send({ to: { name: to.name, address: to.email }, subject, text: `${lines.join('\n\n')}\n` })
      .catch((err: unknown) => this.logger.warn(`"${subject}" email not sent: ${String(err)}`));
  }
}

/** An address on the platform origin, where these pages are. */
function url(path: string): string {
  return `${settings().authUrl}${path}`;
}
