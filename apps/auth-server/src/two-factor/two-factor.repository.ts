import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A person's TOTP state as stored (the secrets sealed). */
export interface TwoFactorRow {
  secret: string | null;
  pendingSecret: string | null;
  lastStep: number | null;
}

/** Two-factor sign-in's rows (issue 38): the TOTP columns of `users` and `recovery_codes`. */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async state(userId: number): Promise<TwoFactorRow | null> {
    const [r] = await this.ds.query(
      'SELECT totp_secret, totp_pending_secret, totp_last_step FROM users WHERE id = ?',
      [userId],
    );
    if (!r) return null;
    return {
      secret: r.totp_secret,
      pendingSecret: r.totp_pending_secret,
      lastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
    };
  }

  async setPending(userId: number, sealed: string | null): Promise<void> {
    await this.ds.query('UPDATE users SET totp_pending_secret = ? WHERE id = ?', [sealed, userId]);
  }

  /** Turns two-factor on with the pending secret and new recovery codes (hashes), at once. */
  async enable(userId: number, sealed: string, step: number, codeHashes: string[]) {
    await this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE users SET totp_secret = ?, totp_pending_secret = NULL, totp_enabled_at = ?,
                totp_last_step = ? WHERE id = ?`,
        [sealed, new Date(), step, userId],
      );
      await m.query('DELETE FROM recovery_codes WHERE user_id = ?', [userId]);
      for (const hash of codeHashes)
        await m.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)', [
          userId,
          hash,
        ]);
    });
  }

  async disable(userId: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
                totp_last_step = NULL WHERE id = ?`,
        [userId],
      );
      await m.query('DELETE FROM recovery_codes WHERE user_id = ?', [userId]);
    });
  }

  /** Accepts a code's time step once: false when this step or a later one was already used. */
  async useStep(userId: number, step: number): Promise<boolean> {
    const res = await this.ds.query(
      `UPDATE users SET totp_last_step = ?
        WHERE id = ? AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ?)`,
      [step, userId, step],
    );
    return Number(res.affectedRows) === 1;
  }

  /** Spends a recovery code: false when it is not one of the person's unused codes. */
  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const res = await this.ds.query(
      `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
      [new Date(), userId, codeHash],
    );
    return Number(res.affectedRows) === 1;
  }

  async unusedRecoveryCodes(userId: number): Promise<number> {
    const [r] = await this.ds.query(
      'SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL',
      [userId],
    );
    return Number(r.n);
  }

  /** Whether a site the person belongs to requires two-factor sign-in of its members. */
  async requiredFor(userId: number): Promise<boolean> {
    const [r] = await this.ds.query(
      `SELECT COUNT(*) AS n FROM memberships m JOIN sites s ON s.id = m.site_id
        WHERE m.user_id = ? AND s.require_two_factor = 1 AND s.deleted_at IS NULL`,
      [userId],
    );
    return Number(r.n) > 0;
  }
}
