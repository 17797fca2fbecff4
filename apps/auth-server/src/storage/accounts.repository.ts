import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { hashSessionToken } from '@hc/auth';

/** What a link sent by email is for (issue 38). */
export type AccountTokenPurpose = 'verify' | 'reset' | 'email';

/** A live (unused, unexpired) link's row. */
export interface AccountToken {
  purpose: AccountTokenPurpose;
  userId: number;
  email: string;
}

/** One of the person's dashboard sessions, as the account page lists it. */
export interface SessionListing {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/**
 * Sign-up, the links sent by email, and what a password or email change does (issue 38). Links
 * are stored by the token's SHA-256 and spent with a conditional update, so two requests with
 * one link cannot both succeed.
 */
@Injectable()
export class AccountsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /** A new person with their own account, not verified yet; null when the email is taken. */
  async createPerson(p: { email: string; name: string; passwordHash: string }) {
    return this.ds.transaction(async (m) => {
      const taken = await m.query('SELECT id FROM users WHERE email = ? FOR UPDATE', [p.email]);
      if (taken.length) return null;
      const now = new Date();
      const account = await m.query('INSERT INTO accounts (name, created_at) VALUES (?, ?)', [
        p.name,
        now,
      ]);
      const user = await m.query(
        `INSERT INTO users (account_id, email, name, password_hash, email_verified, created_at)
         VALUES (?, ?, ?, ?, 0, ?)`,
        [account.insertId, p.email, p.name, p.passwordHash, now],
      );
      await m.query('UPDATE accounts SET owner_user_id = ? WHERE id = ?', [
        user.insertId,
        account.insertId,
      ]);
      return Number(user.insertId);
    });
  }

  /** A sign-up again for an email nobody verified: the new name and password replace the old. */
  async replaceUnverified(userId: number, name: string, passwordHash: string): Promise<void> {
    await this.ds.query(
      'UPDATE users SET name = ?, password_hash = ? WHERE id = ? AND email_verified = 0',
      [name, passwordHash, userId],
    );
  }

  /** The person's display name (issue 38: the account page's profile). */
  async setName(userId: number, name: string): Promise<void> {
    await this.ds.query('UPDATE users SET name = ? WHERE id = ?', [name, userId]);
  }

  async verified(userId: number): Promise<boolean> {
    const rows = await this.ds.query('SELECT email_verified FROM users WHERE id = ?', [userId]);
    return Boolean(Number(rows[0]?.email_verified ?? 0));
  }

  async issueToken(token: string, t: AccountToken & { lifetimeSeconds: number }): Promise<void> {
    const now = new Date();
    await this.ds.query('DELETE FROM account_tokens WHERE expires_at < ? LIMIT 100', [now]);
    await this.ds.query(
      `INSERT INTO account_tokens (token_hash, purpose, user_id, email, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [
        hashSessionToken(token),
        t.purpose,
        t.userId,
        t.email,
        new Date(now.getTime() + t.lifetimeSeconds * 1000),
        now,
      ],
    );
  }

  /** The link's row while it is unused and unexpired (the page that shows its form). */
  async liveToken(purpose: AccountTokenPurpose, token: string): Promise<AccountToken | null> {
    const rows = await this.ds.query(
      `SELECT purpose, user_id, email FROM account_tokens
        WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
      [hashSessionToken(token), purpose, new Date()],
    );
    const r = rows[0];
    return r ? { purpose: r.purpose, userId: Number(r.user_id), email: r.email } : null;
  }

  /**
   * Spends the link and runs `work` in the same transaction: null (and nothing done) when the
   * link is unknown, used, expired or for another purpose.
   */
  async spendToken<T>(
    purpose: AccountTokenPurpose,
    token: string,
    work: (m: EntityManager, t: AccountToken) => Promise<T>,
  ): Promise<T | null> {
    const found = await this.liveToken(purpose, token);
    if (!found) return null;
    return this.ds.transaction(async (m) => {
      const spent = await m.query(
        `UPDATE account_tokens SET used_at = ?
          WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
        [new Date(), hashSessionToken(token), new Date()],
      );
      if (Number(spent.affectedRows) !== 1) return null;
      return work(m, found);
    });
  }

  /** Links of one purpose not yet used die (a new reset link replaces the older ones). */
  async dropTokens(
    userId: number,
    purpose: AccountTokenPurpose,
    m: EntityManager | DataSource = this.ds,
  ) {
    await m.query(
      'DELETE FROM account_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL',
      [userId, purpose],
    );
  }

  async markVerified(m: EntityManager, userId: number): Promise<void> {
    await m.query('UPDATE users SET email_verified = 1 WHERE id = ?', [userId]);
  }

  /**
   * A new password: the person's other dashboard sessions and every reader-site session of
   * theirs end in the same transaction (issue 38 item 9); `keepSession` (a token hash) stays.
   */
  async setPassword(
    m: EntityManager,
    userId: number,
    passwordHash: string,
    keepSession: string | null,
  ): Promise<void> {
    await m.query('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, userId]);
    await m.query('DELETE FROM dashboard_sessions WHERE user_id = ? AND token_hash <> ?', [
      userId,
      keepSession ?? '',
    ]);
    await m.query('DELETE FROM reader_sessions WHERE user_id = ?', [userId]);
    await this.dropTokens(userId, 'reset', m);
  }

  /** The new address, once verified; false when another person took it meanwhile. */
  async setEmail(m: EntityManager, userId: number, email: string): Promise<boolean> {
    const taken = await m.query('SELECT id FROM users WHERE email = ? AND id <> ?', [
      email,
      userId,
    ]);
    if (taken.length) return false;
    await m.query('UPDATE users SET email = ?, email_verified = 1 WHERE id = ?', [email, userId]);
    return true;
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.ds.query('SELECT id FROM users WHERE email = ?', [email])).length > 0;
  }

  async sessions(userId: number): Promise<SessionListing[]> {
    const rows = await this.ds.query(
      `SELECT token_hash, created_at, expires_at, user_agent, ip FROM dashboard_sessions
        WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC`,
      [userId, new Date()],
    );
    return rows.map((r: Record<string, unknown>) => ({
      id: String(r.token_hash),
      createdAt: r.created_at as Date,
      expiresAt: r.expires_at as Date,
      userAgent: (r.user_agent as string | null) ?? null,
      ip: (r.ip as string | null) ?? null,
    }));
  }

  /** Ends one of the person's own sessions; false when it is not theirs. */
  async endSession(userId: number, id: string): Promise<boolean> {
    const res = await this.ds.query(
      'DELETE FROM dashboard_sessions WHERE token_hash = ? AND user_id = ?',
      [id, userId],
    );
    return Number(res.affectedRows) === 1;
  }
}
