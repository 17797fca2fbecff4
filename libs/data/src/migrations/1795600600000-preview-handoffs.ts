import { CREATED_AT, CreateTablesMigration, SITE_ID } from './ddl';

/**
 * Preview hand-offs (issue 37): a 60-second, single-use URL the dashboard opens on the reader
 * origin. The row is keyed by the token's SHA-256, bound to the site, the person and the article
 * language, and holds what the preview shows (the draft or the staged copy as it was when asked
 * for); reader-site spends it with a conditional update of `used_at`.
 */
export class PreviewHandoffs1795600600000 extends CreateTablesMigration {
  name = 'PreviewHandoffs1795600600000';

  protected tables = {
    preview_handoffs: [
      'token_hash CHAR(64) NOT NULL PRIMARY KEY',
      SITE_ID,
      'user_id INT UNSIGNED NOT NULL',
      'article_id INT UNSIGNED NOT NULL',
      'lang VARCHAR(8) NOT NULL',
      "copy_kind VARCHAR(8) NOT NULL DEFAULT 'live'",
      'title VARCHAR(1024) NOT NULL',
      'content MEDIUMTEXT NOT NULL',
      'expires_at DATETIME(3) NOT NULL',
      'used_at DATETIME(3) NULL',
      CREATED_AT,
      'KEY ix_preview_handoffs_expiry (expires_at)',
    ],
  };
}
