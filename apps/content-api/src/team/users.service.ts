import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fieldError, messages } from '@hc/contracts';
import { hashPassword } from '@hc/auth';
import { TeamRepository, type UserRow } from './team.repository';

export type UserRecord = UserRow;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address as stored (trimmed, lower case). */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The address as stored, or 422 on `email` when it is not one. */
export function checkedEmail(email: string | undefined): string {
  const normal = email === undefined ? '' : normalEmail(email);
  if (!EMAIL.test(normal))
    throw fieldError('email', 'The email field must be a valid email address.');
  return normal;
}

/** People and their accounts: every user has their own account (`hc user create`). */
@Injectable()
export class UsersService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly team: TeamRepository,
  ) {}

  async create(input: { email?: string; name?: string; password?: string }): Promise<UserRecord> {
    const email = checkedEmail(input.email);
    const name = input.name?.trim() || email.split('@')[0];
    if (!input.password || input.password.length < 8) {
      throw fieldError('password', messages.minString('password', 8));
    }
    const passwordHash = await hashPassword(input.password);
    return this.ds.transaction(async (m) => {
      if (await this.team.emailTaken(m, email))
        throw fieldError('email', 'The email has already been taken.');
      const { userId, accountId } = await this.team.insertUserWithAccount(m, {
        email,
        name: name as string,
        passwordHash,
      });
      return { id: userId, email, name: name as string, account_id: accountId };
    });
  }

  async findById(userId: number): Promise<(UserRecord & { avatar_url: string | null }) | null> {
    return this.team.findUser(userId);
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.team.findUserByEmail(email);
  }
}
