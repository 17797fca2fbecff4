import { QueryRunner } from 'typeorm';
import { AddColumnsMigration, createTableSql, dropTableSql } from './ddl';

/**
 * Two-factor sign-in (issue 38): a person's TOTP secret, sealed with the data keys like the
 * other secrets (data-keys.ts), the one being enrolled, when it was turned on, and the last
 * time step a code was accepted for (a code works once). Recovery codes are stored as SHA-256,
 * each used once. `sites.require_two_factor`: an Owner or Admin requires it of every member.
 */
export class TwoFactor1795739100000 extends AddColumnsMigration {
  name = 'TwoFactor1795739100000';

  protected columns = {
    users: {
      totp_secret: 'VARCHAR(512) NULL',
      totp_pending_secret: 'VARCHAR(512) NULL',
      totp_enabled_at: 'DATETIME(3) NULL',
      totp_last_step: 'BIGINT NULL',
    },
    sites: { require_two_factor: 'TINYINT(1) NOT NULL DEFAULT 0' },
  };

  override async up(q: QueryRunner): Promise<void> {
    await super.up(q);
    await q.query(
      createTableSql('recovery_codes', [
        'user_id INT UNSIGNED NOT NULL',
        'code_hash CHAR(64) NOT NULL',
        'used_at DATETIME(3) NULL',
        'PRIMARY KEY (user_id, code_hash)',
      ]),
    );
  }

  override async down(q: QueryRunner): Promise<void> {
    await q.query(dropTableSql('recovery_codes'));
    await super.down(q);
  }
}
