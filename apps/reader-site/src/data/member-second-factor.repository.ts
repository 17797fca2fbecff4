import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SiteId } from '@hc/contracts';
import { sha256 } from './site.repository';

/** How long the person has to give the second factor on auth-server's page. */
const HANDOFF_SECONDS = 300;

/**
 * The member sign-in's hand-off to auth-server for the second factor (issue 38,
 * `member_second_factors`): the reader site holds no data key to open TOTP secrets.
 */
@Injectable()
export class MemberSecondFactorRepository {
  static readonly SECONDS = HANDOFF_SECONDS;

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** A hand-off after the right password: the token for auth-server's page (stored hashed). */
  async start(
    siteId: SiteId,
    input: { userId: number; browser: string; returnUrl: string; next: string },
    now: Date,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.ds.query(
      `INSERT INTO member_second_factors
         (token_hash, browser_hash, site_id, user_id, return_url, next_path, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        sha256(token),
        sha256(input.browser),
        siteId,
        input.userId,
        input.returnUrl,
        input.next,
        new Date(now.getTime() + HANDOFF_SECONDS * 1000),
        now,
      ],
    );
    await this.ds.query('DELETE FROM member_second_factors WHERE expires_at < ?', [
      new Date(now.getTime() - 86_400_000),
    ]);
    return token;
  }

  /**
   * Spends this browser's hand-off once auth-server has recorded the second factor: the person
   * (still a member of the site) and where they were going; null otherwise.
   */
  async finish(
    siteId: SiteId,
    browser: string,
    now: Date,
  ): Promise<{ userId: number; next: string } | null> {
    const [row] = await this.ds.query(
      `SELECT h.id, h.user_id, h.next_path FROM member_second_factors h
         JOIN memberships m ON m.user_id = h.user_id AND m.site_id = h.site_id
        WHERE h.browser_hash = ? AND h.site_id = ? AND h.verified_at IS NOT NULL
          AND h.used_at IS NULL AND h.expires_at > ?
        ORDER BY h.id DESC LIMIT 1`,
      [sha256(browser), siteId, now],
    );
    if (!row) return null;
    const spent = await this.ds.query(
      'UPDATE member_second_factors SET used_at = ? WHERE id = ? AND used_at IS NULL',
      [now, row.id],
    );
    return Number(spent.affectedRows) === 1
      ? { userId: Number(row.user_id), next: String(row.next_path) }
      : null;
  }
}
