import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The reader site's member sign-in hand-offs (issue 38, `member_second_factors`): reader-site
 * writes one after the right password; auth-server opens it once and records the second factor.
 */
@Injectable()
export class MemberHandOffRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Spends the token (once, unexpired): the hand-off and its person; else null. */
  async open(token: string, now: Date): Promise<{ id: number; userId: number } | null> {
    if (token.length > 64) return null;
    const hash = sha256(token);
    const res = await this.ds.query(
      `UPDATE member_second_factors SET opened_at = ?
        WHERE token_hash = ? AND opened_at IS NULL AND expires_at > ?`,
      [now, hash, now],
    );
    if (Number(res.affectedRows) !== 1) return null;
    const [row] = await this.ds.query(
      'SELECT id, user_id FROM member_second_factors WHERE token_hash = ?',
      [hash],
    );
    return row ? { id: Number(row.id), userId: Number(row.user_id) } : null;
  }

  /** Records the second factor of an opened, unexpired hand-off: where to send the browser. */
  async verify(id: number, userId: number, now: Date): Promise<string | null> {
    const res = await this.ds.query(
      `UPDATE member_second_factors SET verified_at = ?
        WHERE id = ? AND user_id = ? AND opened_at IS NOT NULL AND verified_at IS NULL
          AND expires_at > ?`,
      [now, id, userId, now],
    );
    if (Number(res.affectedRows) !== 1) return null;
    const [row] = await this.ds.query('SELECT return_url FROM member_second_factors WHERE id = ?', [
      id,
    ]);
    return row ? String(row.return_url) : null;
  }
}
