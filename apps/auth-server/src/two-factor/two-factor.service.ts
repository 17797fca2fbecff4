import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { toString as qrSvg } from 'qrcode';
import { settings } from '@hc/contracts';
import { seal, unseal } from '@hc/data';
import { PasswordThrottle, RATE_LIMIT_STORE, ThrottledAttempt } from '@hc/http';
import type { RateLimitStore } from '@hc/http';
import { MemberHandOffRepository } from './member-hand-off.repository';
import { TwoFactorRepository } from './two-factor.repository';

const PURPOSE = 'users.totp_secret';
const PERIOD_SECONDS = 30;
/** Codes of the previous and next 30 s step are accepted too (clock drift). */
const WINDOW = 1;
const RECOVERY_CODES = 10;

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: 'Help Center',
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** What enrolling shows: the secret (typed by hand), its otpauth URI and the QR code (SVG). */
export interface Enrollment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * Two-factor sign-in with TOTP and recovery codes (issue 38). Secrets are sealed with the data
 * keys; a code is accepted once (its time step is recorded, older and equal steps refused);
 * recovery codes are stored as SHA-256 and spent once. Guessing is throttled: every failure
 * counts toward the person's budget across addresses and the password budgets of the address.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @Inject(TwoFactorRepository) private readonly rows: TwoFactorRepository,
    @Inject(PasswordThrottle) private readonly throttle: PasswordThrottle,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(MemberHandOffRepository) private readonly handOffs: MemberHandOffRepository,
  ) {}

  /** A reader-site member sign-in handed over after the right password (once), else null. */
  openMemberHandOff(token: string): Promise<{ id: number; userId: number } | null> {
    return this.handOffs.open(token, new Date());
  }

  /** Its second factor given: the reader-site address to send the browser back to, else null. */
  memberHandOffDone(id: number, userId: number): Promise<string | null> {
    return this.handOffs.verify(id, userId, new Date());
  }

  async enabled(userId: number): Promise<boolean> {
    return Boolean((await this.rows.state(userId))?.secret);
  }

  requiredFor(userId: number): Promise<boolean> {
    return this.rows.requiredFor(userId);
  }

  unusedRecoveryCodes(userId: number): Promise<number> {
    return this.rows.unusedRecoveryCodes(userId);
  }

  /** A new secret to enroll (replaces one not confirmed yet). */
  async start(userId: number, email: string): Promise<Enrollment> {
    const secret = new Secret({ size: 20 }).base32;
    await this.rows.setPending(userId, seal(secret, PURPOSE));
    return this.enrollment(secret, email);
  }

  /** The enrollment in progress, to show again (a wrong code), or null. */
  async pending(userId: number, email: string): Promise<Enrollment | null> {
    const state = await this.rows.state(userId);
    return state?.pendingSecret
      ? this.enrollment(unseal(state.pendingSecret, PURPOSE), email)
      : null;
  }

  private async enrollment(secret: string, email: string): Promise<Enrollment> {
    const uri = totp(secret, email).toString();
    return { secret, uri, qrSvg: await qrSvg(uri, { type: 'svg', margin: 1, width: 192 }) };
  }

  /** Turns two-factor on when `code` matches the pending secret: the recovery codes, else null. */
  async confirm(userId: number, code: string): Promise<string[] | null> {
    const state = await this.rows.state(userId);
    if (!state?.pendingSecret) return null;
    const secret = unseal(state.pendingSecret, PURPOSE);
    const delta = totp(secret).validate({ token: code.replace(/\s/g, ''), window: WINDOW });
    if (delta === null) return null;
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const raw = randomBytes(5).toString('hex');
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    await this.rows.enable(userId, state.pendingSecret, currentStep() + delta, codes.map(hashCode));
    return codes;
  }

  disable(userId: number): Promise<void> {
    return this.rows.disable(userId);
  }

  /**
   * The second factor at sign-in: a current code (once) or an unused recovery code (spent),
   * under the budgets. `ok` with the kind of factor used.
   */
  async check(
    userId: number,
    input: { code: string; recoveryCode: string },
    address: string | undefined,
  ): Promise<ThrottledAttempt<'code' | 'recovery'>> {
    const personKey = `2fa:user:${userId}`;
    const v = settings().values;
    if ((await this.store.peek(personKey)) >= v.HC_SIGNIN_MAX_FAILURES) {
      const { resetInSeconds } = await this.store.hit(personKey, v.HC_SIGNIN_WINDOW_SECONDS);
      return { outcome: 'throttled', retryAfterSeconds: resetInSeconds };
    }
    const result = await this.throttle.attempt(`2fa:${userId}`, address, async () => {
      if (input.recoveryCode)
        return (await this.rows.useRecoveryCode(userId, hashCode(input.recoveryCode)))
          ? ('recovery' as const)
          : null;
      return (await this.codeMatches(userId, input.code)) ? ('code' as const) : null;
    });
    if (result.outcome !== 'ok') await this.store.hit(personKey, v.HC_SIGNIN_WINDOW_SECONDS);
    return result;
  }

  private async codeMatches(userId: number, code: string): Promise<boolean> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return false;
    const state = await this.rows.state(userId);
    if (!state?.secret) return false;
    const delta = totp(unseal(state.secret, PURPOSE)).validate({ token, window: WINDOW });
    return delta !== null && this.rows.useStep(userId, currentStep() + delta);
  }
}
