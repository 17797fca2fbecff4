import { MigrationInterface, QueryRunner } from 'typeorm';

/** Design (template) drafts and versions, owned by design-service (spec 2.9, 3.3). */
export class Design1764100000000 implements MigrationInterface {
  name = 'Design1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE design_sites (
      site_id INT UNSIGNED NOT NULL PRIMARY KEY,
      draft_version_id INT UNSIGNED NULL,
      live_version_id INT UNSIGNED NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE design_versions (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      status VARCHAR(16) NOT NULL,
      document LONGTEXT NOT NULL,
      translations LONGTEXT NOT NULL,
      preset_key VARCHAR(64) NOT NULL,
      revision INT UNSIGNED NOT NULL DEFAULT 1,
      message VARCHAR(300) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      published_at DATETIME(3) NULL,
      published_by_user_id INT UNSIGNED NULL,
      KEY ix_design_versions_site (site_id, status, published_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS design_versions');
    await q.query('DROP TABLE IF EXISTS design_sites');
  }
}
