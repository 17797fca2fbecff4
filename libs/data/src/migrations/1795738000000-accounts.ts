import { QueryRunner } from 'typeorm';
import { AddColumnsMigration, CREATED_AT, createTableSql, dropTableSql } from './ddl';

/**
 * Accounts in the dashboard (issue 38): `users.email_verified` becomes real (existing people
 * and people made by an operator or an invitation count as verified: the default; a sign-up
 * starts unverified); `account_tokens` holds the links sent by email (verification, password
 * reset, email change), keyed by the token's SHA-256, single use (`used_at`), with an expiry;
 * dashboard sessions remember when and from where they were opened, to be listed and ended.
 */
export class Accounts1795738000000 extends AddColumnsMigration {
  name = 'Accounts1795738000000';

  protected columns = {
    users: { email_verified: 'TINYINT(1) NOT NULL DEFAULT 1' },
    dashboard_sessions: { user_agent: 'VARCHAR(255) NULL', ip: 'VARCHAR(64) NULL' },
  };

  override async up(q: QueryRunner): Promise<void> {
    await super.up(q);
    await q.query(
      createTableSql('account_tokens', [
        'token_hash CHAR(64) NOT NULL PRIMARY KEY',
        "purpose VARCHAR(16) NOT NULL COMMENT 'verify, reset or email'",
        'user_id INT UNSIGNED NOT NULL',
        'email VARCHAR(191) NOT NULL',
        'expires_at DATETIME(3) NOT NULL',
        'used_at DATETIME(3) NULL',
        CREATED_AT,
        'KEY ix_account_tokens_user (user_id, purpose)',
        'KEY ix_account_tokens_expiry (expires_at)',
      ]),
    );
  }

  override async down(q: QueryRunner): Promise<void> {
    await q.query(dropTableSql('account_tokens'));
    await super.down(q);
  }
}
