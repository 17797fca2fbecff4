import { MigrationInterface, QueryRunner } from 'typeorm';

export class Tenancy1763800000000 implements MigrationInterface {
  name = 'Tenancy1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE accounts (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      name VARCHAR(191) NOT NULL,
      owner_user_id INT UNSIGNED NULL,
      created_at DATETIME(3) NOT NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE users (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      account_id INT UNSIGNED NOT NULL,
      email VARCHAR(191) NOT NULL,
      name VARCHAR(191) NOT NULL,
      password_hash VARCHAR(255) NOT NULL,
      avatar_url VARCHAR(2048) NULL,
      created_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_users_email (email),
      KEY ix_users_account (account_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE sites (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      uuid CHAR(36) NOT NULL,
      account_id INT UNSIGNED NOT NULL,
      name VARCHAR(191) NOT NULL,
      subdomain VARCHAR(63) NOT NULL,
      domain VARCHAR(191) NULL,
      default_language VARCHAR(8) NOT NULL,
      languages JSON NOT NULL,
      visibility VARCHAR(16) NOT NULL DEFAULT 'public',
      password_hash VARCHAR(255) NULL,
      suspended TINYINT(1) NOT NULL DEFAULT 0,
      ip_allowlist JSON NOT NULL,
      plan VARCHAR(16) NOT NULL DEFAULT 'growth',
      staging_preview TINYINT(1) NOT NULL DEFAULT 0,
      template_editor TINYINT(1) NOT NULL DEFAULT 1,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      deleted_at DATETIME(3) NULL,
      UNIQUE KEY uq_sites_uuid (uuid),
      UNIQUE KEY uq_sites_subdomain (subdomain),
      KEY ix_sites_account (account_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE memberships (
      site_id INT UNSIGNED NOT NULL,
      user_id INT UNSIGNED NOT NULL,
      role VARCHAR(16) NOT NULL,
      notes_access TINYINT(1) NOT NULL DEFAULT 0,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (site_id, user_id),
      KEY ix_memberships_user (user_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE api_keys (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      user_id INT UNSIGNED NOT NULL,
      token_hash CHAR(64) NOT NULL,
      token_prefix VARCHAR(16) NOT NULL,
      scope VARCHAR(16) NOT NULL,
      cap_design TINYINT(1) NOT NULL DEFAULT 0,
      cap_notes TINYINT(1) NOT NULL DEFAULT 0,
      created_at DATETIME(3) NOT NULL,
      revoked_at DATETIME(3) NULL,
      UNIQUE KEY uq_api_keys_hash (token_hash),
      KEY ix_api_keys_site (site_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE outbox (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      event VARCHAR(64) NOT NULL,
      payload JSON NOT NULL,
      occurred_at DATETIME(3) NOT NULL,
      processed_at DATETIME(3) NULL,
      KEY ix_outbox_pending (processed_at, id),
      KEY ix_outbox_site (site_id, id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['outbox', 'api_keys', 'memberships', 'sites', 'users', 'accounts']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
