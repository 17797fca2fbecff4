import { QueryRunner } from 'typeorm';
import { CreateTablesMigration, SITE_ID } from './ddl';

/**
 * The audit log (issue 24): one row per recorded write, keyed by the id of the outbox event that
 * carried it (a replayed event writes no second row). Written only by the webhook-dispatcher's
 * event intake (decisions.md "Issue 24").
 */
export class Audit1764750000000 extends CreateTablesMigration {
  name = 'Audit1764750000000';

  protected tables = {
    audit_entries: [
      'id BIGINT UNSIGNED NOT NULL PRIMARY KEY',
      SITE_ID,
      'action VARCHAR(64) NOT NULL',
      'target_type VARCHAR(32) NOT NULL',
      'target_id VARCHAR(64) NOT NULL',
      'actor_kind VARCHAR(16) NOT NULL',
      'actor_key_id INT UNSIGNED NULL',
      'actor_user_id INT UNSIGNED NULL',
      'actor_client_id VARCHAR(191) COLLATE utf8mb4_bin NULL',
      'actor_client_name VARCHAR(191) NULL',
      'request_id VARCHAR(128) NULL',
      'occurred_at DATETIME(3) NOT NULL',
      'KEY ix_audit_site_time (site_id, occurred_at, id)',
      'KEY ix_audit_site_target (site_id, target_type, target_id)',
      'KEY ix_audit_time (occurred_at)',
    ],
  };

  /** As shipped: without IF EXISTS, a missing table stops the rollback. */
  override async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE audit_entries');
  }
}
