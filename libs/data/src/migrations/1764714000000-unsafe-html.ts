import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #14: reader pages sanitize stored HTML unless the operator allowed unsafe HTML for the
 * site (`hc site update --allow-unsafe-html`, off by default).
 */
export class UnsafeHtml1764714000000 implements MigrationInterface {
  name = 'UnsafeHtml1764714000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE sites ADD COLUMN allow_unsafe_html TINYINT(1) NOT NULL DEFAULT 0 AFTER template_editor',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE sites DROP COLUMN allow_unsafe_html');
  }
}
