import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class Images1764000000000 implements MigrationInterface {
  name = 'Images1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE images (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      filename VARCHAR(255) NOT NULL,
      mime_type VARCHAR(32) NULL,
      size INT UNSIGNED NOT NULL,
      checksum CHAR(64) NULL,
      storage_key VARCHAR(255) NOT NULL,
      url VARCHAR(2048) NOT NULL,
      origin VARCHAR(16) NOT NULL DEFAULT 'api',
      created_at DATETIME(3) NOT NULL,
      KEY ix_images_site_checksum (site_id, checksum, id),
      KEY ix_images_site_created (site_id, created_at, id),
      UNIQUE KEY uq_images_storage_key (storage_key)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE image_upload_urls (
      intent VARCHAR(64) NOT NULL PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      api_key_id INT UNSIGNED NULL,
      oauth_client_id VARCHAR(191) NULL,
      user_id INT UNSIGNED NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      used_at DATETIME(3) NULL,
      image_id INT UNSIGNED NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_image_upload_urls_expires (expires_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE image_secrets (
      name VARCHAR(64) NOT NULL PRIMARY KEY,
      value VARCHAR(255) NOT NULL,
      created_at DATETIME(3) NOT NULL
    ) ${TABLE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['image_secrets', 'image_upload_urls', 'images']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
