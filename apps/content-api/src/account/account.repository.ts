import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AccountOfUser {
  account_id: number;
  account_name: string;
  owner_user_id: number | null;
  created_at: Date;
  user_id: number;
  user_name: string;
  email: string;
  avatar_url: string | null;
  sites_count: number | string;
}

/** The account behind a person (GET /account). Keyed by the credential's own user. */
@Injectable()
export class AccountRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async ofUser(userId: number): Promise<AccountOfUser | undefined> {
    const [row] = await this.ds.query(
      `SELECT a.id AS account_id, a.name AS account_name, a.owner_user_id, a.created_at,
              u.id AS user_id, u.name AS user_name, u.email, u.avatar_url,
              (SELECT COUNT(*) FROM sites s WHERE s.account_id = a.id AND s.deleted_at IS NULL) AS sites_count
         FROM users u JOIN accounts a ON a.id = u.account_id
        WHERE u.id = ?`,
      [userId],
    );
    return row;
  }
}
