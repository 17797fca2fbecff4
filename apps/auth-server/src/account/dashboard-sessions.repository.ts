import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashSessionToken } from '@hc/auth';

export interface DashboardSession {
  userId: number;
  csrfToken: string;
  /** The row's key (the cookie token's SHA-256): the session's id on the account page. */
  id: string;
}

/** Where a session was opened from, as the account page lists it (issue 38). */
export interface SessionOrigin {
  userAgent: string | null;
  ip: string | null;
}

const hash = hashSessionToken;

/** Dashboard sessions (`dashboard_sessions`, owned by auth-server). */
@Injectable()
export class DashboardSessionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async open(
    token: string,
    userId: number,
    csrfToken: string,
    lifetimeSeconds: number,
    origin: SessionOrigin = { userAgent: null, ip: null },
  ) {
    const now = new Date();
    await this.ds.query('DELETE FROM dashboard_sessions WHERE user_id = ? AND expires_at < ?', [
      userId,
      now,
    ]);
    await this.ds.query(
      `INSERT INTO dashboard_sessions
         (token_hash, user_id, csrf_token, created_at, expires_at, user_agent, ip)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        hash(token),
        userId,
        csrfToken,
        now,
        new Date(now.getTime() + lifetimeSeconds * 1000),
        origin.userAgent?.slice(0, 255) ?? null,
        origin.ip?.slice(0, 64) ?? null,
      ],
    );
  }

  async find(token: string): Promise<DashboardSession | null> {
    const rows: Array<{ user_id: number; csrf_token: string; token_hash: string }> =
      await this.ds.query(
        `SELECT user_id, csrf_token, token_hash FROM dashboard_sessions
       WHERE token_hash = ? AND expires_at > ?`,
        [hash(token), new Date()],
      );
    const r = rows[0];
    return r ? { userId: Number(r.user_id), csrfToken: r.csrf_token, id: r.token_hash } : null;
  }

  async close(token: string): Promise<void> {
    await this.ds.query('DELETE FROM dashboard_sessions WHERE token_hash = ?', [hash(token)]);
  }

  /** Every session of the person, on every device ("sign out everywhere"); how many there were. */
  async closeAll(userId: number): Promise<number> {
    const result = await this.ds.query('DELETE FROM dashboard_sessions WHERE user_id = ?', [
      userId,
    ]);
    return Number(result.affectedRows ?? 0);
  }
}
