import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28: the version of each site's reader pages, moved after every committed write that
 * changes what they show (`touchReaderPages`); the reader site's page cache keys on it. No
 * foreign key: a row is written after its transaction committed and must never wait on a lock
 * of the site row.
 */
export class ReaderPageVersions1795502960017 implements MigrationInterface {
  name = 'ReaderPageVersions1795502960017';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reader_page_versions (
      site_id INT UNSIGNED NOT NULL PRIMARY KEY,
      version BIGINT UNSIGNED NOT NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reader_page_versions');
  }
}
