import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Reader activity (views, searches, sessions, contact messages) and the analytics rollup. */
export class Activity1764600000000 implements MigrationInterface {
  name = 'Activity1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE reader_views (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      day DATE NOT NULL,
      reader_key CHAR(64) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      UNIQUE KEY ux_reader_views_once (site_id, article_id, day, reader_key),
      KEY ix_reader_views_day (site_id, day)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE reader_searches (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      query VARCHAR(190) NOT NULL,
      normalized_query VARCHAR(190) NOT NULL,
      results_count INT UNSIGNED NOT NULL,
      reader_key CHAR(64) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_reader_searches_time (site_id, created_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE reader_sessions (
      token_hash CHAR(64) NOT NULL PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      user_id INT UNSIGNED NULL,
      expires_at DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_reader_sessions_expiry (expires_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE contact_messages (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      name VARCHAR(191) NULL,
      email VARCHAR(191) NOT NULL,
      subject VARCHAR(191) NULL,
      message TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_contact_messages_time (site_id, created_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE analytics_daily (
      site_id INT UNSIGNED NOT NULL,
      day DATE NOT NULL,
      lang VARCHAR(8) NOT NULL,
      views INT UNSIGNED NOT NULL,
      visitors INT UNSIGNED NOT NULL,
      searches INT UNSIGNED NOT NULL,
      searches_without_results INT UNSIGNED NOT NULL,
      PRIMARY KEY (site_id, day, lang)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE analytics_article_daily (
      site_id INT UNSIGNED NOT NULL,
      day DATE NOT NULL,
      lang VARCHAR(8) NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      views INT UNSIGNED NOT NULL,
      PRIMARY KEY (site_id, day, lang, article_id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE analytics_search_daily (
      site_id INT UNSIGNED NOT NULL,
      day DATE NOT NULL,
      lang VARCHAR(8) NOT NULL,
      query VARCHAR(190) NOT NULL,
      searches INT UNSIGNED NOT NULL,
      without_results INT UNSIGNED NOT NULL,
      last_results_count INT UNSIGNED NOT NULL,
      PRIMARY KEY (site_id, day, lang, query)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE analytics_rollups (
      site_id INT UNSIGNED NOT NULL,
      day DATE NOT NULL,
      rolled_up_at DATETIME(3) NOT NULL,
      PRIMARY KEY (site_id, day)
    ) ${TABLE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'analytics_rollups',
      'analytics_search_daily',
      'analytics_article_daily',
      'analytics_daily',
      'contact_messages',
      'reader_sessions',
      'reader_searches',
      'reader_views',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
