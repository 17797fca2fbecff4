import { CREATED_AT, CreateTablesMigration, ID, SITE_ID, SITE_ID_KEY, UPDATED_AT } from './ddl';

/** Design (template) drafts and versions, owned by design-service (spec 2.9, 3.3). */
export class Design1764100000000 extends CreateTablesMigration {
  name = 'Design1764100000000';

  protected tables = {
    design_sites: [
      SITE_ID_KEY,
      'draft_version_id INT UNSIGNED NULL',
      'live_version_id INT UNSIGNED NULL',
      CREATED_AT,
      UPDATED_AT,
    ],
    design_versions: [
      ID,
      SITE_ID,
      'status VARCHAR(16) NOT NULL',
      'document LONGTEXT NOT NULL',
      'translations LONGTEXT NOT NULL',
      'preset_key VARCHAR(64) NOT NULL',
      'revision INT UNSIGNED NOT NULL DEFAULT 1',
      'message VARCHAR(300) NULL',
      CREATED_AT,
      UPDATED_AT,
      'published_at DATETIME(3) NULL',
      'published_by_user_id INT UNSIGNED NULL',
      'KEY ix_design_versions_site (site_id, status, published_at)',
    ],
  };
}
