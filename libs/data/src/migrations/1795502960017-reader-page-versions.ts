import { QueryRunner } from 'typeorm';
import { CreateTablesMigration, SITE_ID_KEY } from './ddl';

/**
 * Issue 28: the version of each site's reader pages, moved after every committed write that
 * changes what they show (`touchReaderPages`); the reader site's page cache keys on it. No
 * foreign key: a row is written after its transaction committed and must never wait on a lock
 * of the site row.
 */
export class ReaderPageVersions1795502960017 extends CreateTablesMigration {
  name = 'ReaderPageVersions1795502960017';

  protected tables = {
    reader_page_versions: [SITE_ID_KEY, 'version BIGINT UNSIGNED NOT NULL'],
  };

  /** As shipped: without IF EXISTS, a missing table stops the rollback. */
  override async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reader_page_versions');
  }
}
