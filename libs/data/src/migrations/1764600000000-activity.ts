import { BIG_ID, CREATED_AT, CreateTablesMigration, ID, SITE_ID } from './ddl';

/** Reader activity (views, searches, sessions, contact messages) and the analytics rollup. */
export class Activity1764600000000 extends CreateTablesMigration {
  name = 'Activity1764600000000';

  protected tables = {
    reader_views: [
      BIG_ID,
      SITE_ID,
      'article_id INT UNSIGNED NOT NULL',
      'lang VARCHAR(8) NOT NULL',
      'day DATE NOT NULL',
      'reader_key CHAR(64) NOT NULL',
      CREATED_AT,
      'UNIQUE KEY ux_reader_views_once (site_id, article_id, day, reader_key)',
      'KEY ix_reader_views_day (site_id, day)',
    ],
    reader_searches: [
      BIG_ID,
      SITE_ID,
      'lang VARCHAR(8) NOT NULL',
      'query VARCHAR(190) NOT NULL',
      'normalized_query VARCHAR(190) NOT NULL',
      'results_count INT UNSIGNED NOT NULL',
      'reader_key CHAR(64) NOT NULL',
      CREATED_AT,
      'KEY ix_reader_searches_time (site_id, created_at)',
    ],
    reader_sessions: [
      'token_hash CHAR(64) NOT NULL PRIMARY KEY',
      SITE_ID,
      'user_id INT UNSIGNED NULL',
      'expires_at DATETIME(3) NOT NULL',
      CREATED_AT,
      'KEY ix_reader_sessions_expiry (expires_at)',
    ],
    contact_messages: [
      ID,
      SITE_ID,
      'lang VARCHAR(8) NOT NULL',
      'name VARCHAR(191) NULL',
      'email VARCHAR(191) NOT NULL',
      'subject VARCHAR(191) NULL',
      'message TEXT NOT NULL',
      CREATED_AT,
      'KEY ix_contact_messages_time (site_id, created_at)',
    ],
    analytics_daily: [
      SITE_ID,
      'day DATE NOT NULL',
      'lang VARCHAR(8) NOT NULL',
      'views INT UNSIGNED NOT NULL',
      'visitors INT UNSIGNED NOT NULL',
      'searches INT UNSIGNED NOT NULL',
      'searches_without_results INT UNSIGNED NOT NULL',
      'PRIMARY KEY (site_id, day, lang)',
    ],
    analytics_article_daily: [
      SITE_ID,
      'day DATE NOT NULL',
      'lang VARCHAR(8) NOT NULL',
      'article_id INT UNSIGNED NOT NULL',
      'views INT UNSIGNED NOT NULL',
      'PRIMARY KEY (site_id, day, lang, article_id)',
    ],
    analytics_search_daily: [
      SITE_ID,
      'day DATE NOT NULL',
      'lang VARCHAR(8) NOT NULL',
      'query VARCHAR(190) NOT NULL',
      'searches INT UNSIGNED NOT NULL',
      'without_results INT UNSIGNED NOT NULL',
      'last_results_count INT UNSIGNED NOT NULL',
      'PRIMARY KEY (site_id, day, lang, query)',
    ],
    analytics_rollups: [
      SITE_ID,
      'day DATE NOT NULL',
      'rolled_up_at DATETIME(3) NOT NULL',
      'PRIMARY KEY (site_id, day)',
    ],
  };
}
