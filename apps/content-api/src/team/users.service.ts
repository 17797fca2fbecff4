import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fieldError, messages } from '@hc/contracts';
import { hashPassword } from '@hc/auth';

export interface UserRecord {
  id: number;
  email: string;
  name: string;
  account_id: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** People and their accounts: every user has their own account (`hc user create`). */
@Injectable()
export class UsersService {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async create(input: { email?: string; name?: string; password?: string }): Promise<UserRecord> {
    const email = input.email?.trim().toLowerCase();
    const name = input.name?.trim() || email?.split('@')[0];
    if (!email || !EMAIL.test(email))
      throw fieldError('email', 'The email field must be a valid email address.');
    if (!input.password || input.password.length < 8) {
      throw fieldError('password', messages.minString('password', 8));
    }
    const passwordHash = await hashPassword(input.password);
    return this.ds.transaction(async (m) => {
      const taken = await m.query('SELECT 1 FROM users WHERE email = ? LIMIT 1', [email]);
      if (taken.length) throw fieldError('email', 'The email has already been taken.');
      const now = new Date();
      const account = await m.query('INSERT INTO accounts (name, created_at) VALUES (?, ?)', [
        name,
        now,
      ]);
      const accountId = account.insertId as number;
      const user = await m.query(
        'INSERT INTO users (account_id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
        [accountId, email, name, passwordHash, now],
      );
      await m.query('UPDATE accounts SET owner_user_id = ? WHERE id = ?', [
        user.insertId,
        accountId,
      ]);
      return { id: user.insertId as number, email, name: name as string, account_id: accountId };
    });
  }

  async findById(userId: number): Promise<(UserRecord & { avatar_url: string | null }) | null> {
    const rows = await this.ds.query(
      'SELECT id, email, name, account_id, avatar_url FROM users WHERE id = ?',
      [userId],
    );
    return rows[0] ?? null;
  }
}
