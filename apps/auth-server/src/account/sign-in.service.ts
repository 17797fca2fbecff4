import { Inject, Injectable } from '@nestjs/common';
import { checkPassword } from '@hc/auth';
import { PasswordThrottle, ThrottledAttempt } from '@hc/http';
import { ConnectionsRepository, PersonRow } from '../storage/connections.repository';

/** What the sign-in pages say to a person who signed up and has not opened the link yet. */
export const UNVERIFIED =
  'Confirm your email first: open the link we sent you. No email? Sign up again to get a new one.';

/** Longer input is refused before any lookup (no email or password is this long). */
const EMAIL_MAX = 254;
const PASSWORD_MAX = 1024;

/**
 * Checks a person's email and password for the dashboard sign-in and the authorization flow's
 * sign-in step (issue #15): an unknown email costs the same hashing as a wrong password (dummy
 * hash) and answers alike; failures count toward the shared password budget of the person and
 * the client address (`PasswordThrottle`).
 */
@Injectable()
export class SignInService {
  constructor(
    @Inject(ConnectionsRepository) private readonly people: ConnectionsRepository,
    @Inject(PasswordThrottle) private readonly throttle: PasswordThrottle,
  ) {}

  authenticate(
    email: string,
    password: string,
    address: string | undefined,
  ): Promise<ThrottledAttempt<PersonRow>> {
    return this.throttle.attempt({ email }, address, async () => {
      if (!email || !password || email.length > EMAIL_MAX || password.length > PASSWORD_MAX)
        return null;
      const person = await this.people.personByEmail(email);
      return (await checkPassword(password, person?.password_hash)) ? person : null;
    });
  }

  /**
   * A right password of a person who has not confirmed their email yet (issue 38): not signed
   * in; the page says to open the link (a wrong password never learns this).
   */
  static unverified(result: ThrottledAttempt<PersonRow>): boolean {
    return result.outcome === 'ok' && !result.value.email_verified;
  }
}
