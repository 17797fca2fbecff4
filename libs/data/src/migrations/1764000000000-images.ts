import { CREATED_AT, CreateTablesMigration, ID, SITE_ID } from './ddl';

export class Images1764000000000 extends CreateTablesMigration {
  name = 'Images1764000000000';

  protected tables = {
    images: [
      ID,
      SITE_ID,
      'filename VARCHAR(255) NOT NULL',
      'mime_type VARCHAR(32) NULL',
      'size INT UNSIGNED NOT NULL',
      'checksum CHAR(64) NULL',
      'storage_key VARCHAR(255) NOT NULL',
      'url VARCHAR(2048) NOT NULL',
      "origin VARCHAR(16) NOT NULL DEFAULT 'api'",
      CREATED_AT,
      'KEY ix_images_site_checksum (site_id, checksum, id)',
      'KEY ix_images_site_created (site_id, created_at, id)',
      'UNIQUE KEY uq_images_storage_key (storage_key)',
    ],
    image_upload_urls: [
      'intent VARCHAR(64) NOT NULL PRIMARY KEY',
      SITE_ID,
      'api_key_id INT UNSIGNED NULL',
      'oauth_client_id VARCHAR(191) NULL',
      'user_id INT UNSIGNED NOT NULL',
      'expires_at DATETIME(3) NOT NULL',
      'used_at DATETIME(3) NULL',
      'image_id INT UNSIGNED NULL',
      CREATED_AT,
      'KEY ix_image_upload_urls_expires (expires_at)',
    ],
    image_secrets: [
      'name VARCHAR(64) NOT NULL PRIMARY KEY',
      'value VARCHAR(255) NOT NULL',
      CREATED_AT,
    ],
  };
}
