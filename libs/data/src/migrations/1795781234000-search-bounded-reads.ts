import type { MigrationInterface, QueryRunner } from 'typeorm';
import { reindexTranslations } from '../search-index';

/**
 * Forgiving search's bounded reads (issue 40, docs/decisions/forgiving-search.md "Bounds"): a
 * term's postings are kept in weight order (`search_terms`' key gains `weight` before
 * `article_id`), so a search reads the best-weighted postings of a term and stops; the article
 * key (article, language, and the key's other columns) finds an article's postings. The
 * vocabulary gains each word without its first letter (`tail`), the key that finds typing
 * mistakes in the first letter. An index still empty (an install that had translations before
 * issue 40) is built here, in one pass.
 */
export class SearchBoundedReads1795781234000 implements MigrationInterface {
  name = 'SearchBoundedReads1795781234000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE search_terms DROP PRIMARY KEY, ADD PRIMARY KEY (site_id, lang, form, term, weight, article_id)',
    );
    await queryRunner.query(
      "ALTER TABLE search_vocabulary ADD COLUMN tail VARBINARY(128) NOT NULL DEFAULT '' AFTER term",
    );
    await queryRunner.query(
      'UPDATE search_vocabulary SET tail = CAST(SUBSTRING(CONVERT(term USING utf8mb4), 2) AS BINARY)',
    );
    await queryRunner.query(
      'ALTER TABLE search_vocabulary ADD KEY ix_search_vocabulary_tail (site_id, lang, tail)',
    );
    const built = (await queryRunner.query('SELECT 1 FROM search_terms LIMIT 1')) as unknown[];
    if (!built.length) await reindexTranslations(queryRunner, { fresh: true });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE search_vocabulary DROP INDEX ix_search_vocabulary_tail, DROP COLUMN tail',
    );
    await queryRunner.query(
      'ALTER TABLE search_terms DROP PRIMARY KEY, ADD PRIMARY KEY (site_id, lang, form, term, article_id)',
    );
  }
}
