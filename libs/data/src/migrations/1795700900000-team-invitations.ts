import type { QueryRunner } from 'typeorm';
import {
  addColumnSql,
  createTableSql,
  CREATED_AT,
  dropColumnSql,
  dropTableSql,
  ID,
  SITE_ID,
} from './ddl';
import type { MigrationInterface } from 'typeorm';

/**
 * The team in the dashboard (issue 38): invitations to a site (the link's token stored as its
 * SHA-256, bound to the site, single use, expiring), and the API key's name and last use (written
 * at most once a minute per key by the credential guard).
 */
export class TeamInvitations1795700900000 implements MigrationInterface {
  name = 'TeamInvitations1795700900000';

  private readonly invitations = [
    ID,
    SITE_ID,
    'email VARCHAR(191) NOT NULL',
    'role VARCHAR(16) NOT NULL',
    'notes_access TINYINT(1) NOT NULL DEFAULT 0',
    'token_hash CHAR(64) NOT NULL',
    'invited_by INT UNSIGNED NOT NULL',
    'expires_at DATETIME(3) NOT NULL',
    'sent_count INT UNSIGNED NOT NULL DEFAULT 1',
    'accepted_at DATETIME(3) NULL',
    'accepted_by INT UNSIGNED NULL',
    'revoked_at DATETIME(3) NULL',
    CREATED_AT,
    'UNIQUE KEY uq_invitations_token (token_hash)',
    'KEY ix_invitations_site (site_id, accepted_at, revoked_at)',
  ];

  private readonly keyColumns: [string, string][] = [
    ['name', "VARCHAR(100) NOT NULL DEFAULT '' AFTER user_id"],
    ['last_used_at', 'DATETIME(3) NULL AFTER created_at'],
  ];

  async up(q: QueryRunner): Promise<void> {
    await q.query(createTableSql('invitations', this.invitations));
    for (const [column, definition] of this.keyColumns)
      await q.query(addColumnSql('api_keys', column, definition));
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [column] of [...this.keyColumns].reverse())
      await q.query(dropColumnSql('api_keys', column));
    await q.query(dropTableSql('invitations'));
  }
}
