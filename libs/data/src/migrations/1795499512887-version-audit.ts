import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 item 3: an article version remembers the audit entry of the write that replaced it
 * (a staged publish or a version restore), so its reads can name who did it. The id is the
 * outbox event's, which becomes `audit_entries.id`.
 */
export class VersionAudit1795499512887 implements MigrationInterface {
  name = 'VersionAudit1795499512887';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE article_versions ADD COLUMN audit_id BIGINT UNSIGNED NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE article_versions DROP COLUMN audit_id');
  }
}
