import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Staged copies, the article-wide staged block, article versions, slug redirects, change sets (spec 2.7, 2.8, 3.2). */
export class Staging1764500000000 implements MigrationInterface {
  name = 'Staging1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE staged_copies (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      locale VARCHAR(8) NOT NULL,
      fields JSON NOT NULL,
      release_translation TINYINT(1) NOT NULL DEFAULT 0,
      etag VARCHAR(40) NOT NULL,
      base_signature CHAR(64) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_staged_copies_article_locale (article_id, locale),
      KEY ix_staged_copies_site_article (site_id, article_id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE staged_shared (
      article_id INT UNSIGNED NOT NULL PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      fields JSON NOT NULL,
      etag VARCHAR(40) NOT NULL,
      base_signature CHAR(64) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      KEY ix_staged_shared_site (site_id, article_id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE article_versions (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      locale VARCHAR(8) NOT NULL,
      title VARCHAR(1024) NOT NULL,
      slug VARCHAR(191) NOT NULL,
      has_custom_slug TINYINT(1) NOT NULL DEFAULT 0,
      content MEDIUMTEXT NOT NULL,
      audio_file VARCHAR(2048) NULL,
      meta_title VARCHAR(191) NULL,
      meta_description VARCHAR(191) NULL,
      category_id INT UNSIGNED NULL,
      categories JSON NOT NULL,
      visibility VARCHAR(16) NOT NULL,
      type VARCHAR(16) NOT NULL,
      author_id INT UNSIGNED NULL,
      shared_with JSON NOT NULL,
      published_at DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_article_versions_article (site_id, article_id, locale, id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE slug_redirects (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      old_slug VARCHAR(191) NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      created_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_slug_redirects (site_id, lang, old_slug),
      KEY ix_slug_redirects_article (article_id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE change_sets (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      name VARCHAR(191) NULL,
      status VARCHAR(16) NOT NULL,
      force_publish TINYINT(1) NOT NULL DEFAULT 0,
      publish_at DATETIME(3) NULL,
      published_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      KEY ix_change_sets_site_updated (site_id, updated_at, id),
      KEY ix_change_sets_due (status, publish_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE change_set_items (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      change_set_id INT UNSIGNED NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      locale VARCHAR(8) NOT NULL,
      status VARCHAR(16) NOT NULL,
      reason VARCHAR(64) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_change_set_items (change_set_id, article_id, locale)
    ) ${TABLE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'change_set_items',
      'change_sets',
      'slug_redirects',
      'article_versions',
      'staged_shared',
      'staged_copies',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
