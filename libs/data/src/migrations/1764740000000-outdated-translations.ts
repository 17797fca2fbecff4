import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outdated translations (issue #25 item 3): a released language is marked when the default
 * language's title or content changes, and cleared when its own title or content is written.
 */
export class OutdatedTranslations1764740000000 implements MigrationInterface {
  name = 'OutdatedTranslations1764740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE article_translations ADD COLUMN outdated TINYINT(1) NOT NULL DEFAULT 0',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE article_translations DROP COLUMN outdated');
  }
}
