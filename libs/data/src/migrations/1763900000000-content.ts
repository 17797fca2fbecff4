import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class Content1763900000000 implements MigrationInterface {
  name = 'Content1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE categories (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      parent_id INT UNSIGNED NULL,
      name JSON NOT NULL,
      description JSON NOT NULL,
      icon VARCHAR(190) NULL,
      position INT UNSIGNED NOT NULL DEFAULT 0,
      privacy VARCHAR(16) NOT NULL DEFAULT 'public',
      article_sort VARCHAR(16) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      KEY ix_categories_site_parent (site_id, parent_id, position)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE articles (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      external_id VARCHAR(191) NULL,
      author_id INT UNSIGNED NULL,
      category_id INT UNSIGNED NULL,
      type VARCHAR(16) NOT NULL DEFAULT 'article',
      published TINYINT(1) NOT NULL DEFAULT 0,
      visibility VARCHAR(16) NOT NULL DEFAULT 'public',
      share_token VARCHAR(64) NULL,
      shared_with JSON NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      deleted_at DATETIME(3) NULL,
      UNIQUE KEY uq_articles_external (site_id, external_id),
      KEY ix_articles_site_updated (site_id, deleted_at, updated_at, id),
      KEY ix_articles_site_id (site_id, id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE article_translations (
      article_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      site_id INT UNSIGNED NOT NULL,
      title VARCHAR(1024) NOT NULL,
      slug VARCHAR(191) NOT NULL,
      has_custom_slug TINYINT(1) NOT NULL DEFAULT 0,
      content MEDIUMTEXT NOT NULL,
      search_text MEDIUMTEXT NOT NULL,
      meta_title VARCHAR(191) NULL,
      meta_description VARCHAR(191) NULL,
      audio_file VARCHAR(2048) NULL,
      released TINYINT(1) NOT NULL DEFAULT 0,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (article_id, lang),
      UNIQUE KEY uq_article_slug (site_id, lang, slug),
      FULLTEXT KEY ft_article_text (title, search_text)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE article_categories (
      article_id INT UNSIGNED NOT NULL,
      category_id INT UNSIGNED NOT NULL,
      site_id INT UNSIGNED NOT NULL,
      sort INT UNSIGNED NOT NULL DEFAULT 0,
      position INT UNSIGNED NULL,
      PRIMARY KEY (article_id, category_id),
      KEY ix_article_categories_category (category_id, position)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE article_stats (
      article_id INT UNSIGNED NOT NULL PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      views INT UNSIGNED NOT NULL DEFAULT 0,
      thumbs_up INT UNSIGNED NOT NULL DEFAULT 0,
      thumbs_down INT UNSIGNED NOT NULL DEFAULT 0,
      love INT UNSIGNED NOT NULL DEFAULT 0,
      KEY ix_article_stats_site_views (site_id, views)
    ) ${TABLE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'article_stats',
      'article_categories',
      'article_translations',
      'articles',
      'categories',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
