import { CreateTablesMigration, SITE_ID } from './ddl';

/**
 * Forgiving search (issue 40, docs/decisions/forgiving-search.md): the per-site term index
 * (`search_terms`: a term's form — word or stem — and the best field weight per article and
 * language), the per-site vocabulary the typo tolerance expands from (`search_vocabulary`), and
 * the per-site synonym groups (`search_synonyms`). Terms are binary (folded already, compared
 * byte for byte). Existing translations are indexed by SearchBoundedReads1795781234000 (it
 * runs the current writer, which that migration's columns belong to).
 */
export class SearchTerms1795700000000 extends CreateTablesMigration {
  name = 'SearchTerms1795700000000';

  protected tables = {
    search_terms: [
      SITE_ID,
      'lang VARCHAR(8) NOT NULL',
      'form TINYINT UNSIGNED NOT NULL',
      'term VARBINARY(128) NOT NULL',
      'article_id INT UNSIGNED NOT NULL',
      'weight TINYINT UNSIGNED NOT NULL',
      'PRIMARY KEY (site_id, lang, form, term, article_id)',
      'KEY ix_search_terms_article (article_id, lang)',
    ],
    search_vocabulary: [
      SITE_ID,
      'lang VARCHAR(8) NOT NULL',
      'term VARBINARY(128) NOT NULL',
      'PRIMARY KEY (site_id, lang, term)',
    ],
    search_synonyms: [
      SITE_ID,
      'lang VARCHAR(8) NOT NULL',
      'group_no SMALLINT UNSIGNED NOT NULL',
      'term VARBINARY(128) NOT NULL',
      'PRIMARY KEY (site_id, lang, term, group_no)',
      'KEY ix_search_synonyms_group (site_id, lang, group_no)',
    ],
  };
}
