import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom domains set in the dashboard (issue 38 item 5): one site per domain, kept by the
 * database too, so two sites saving the same domain at once cannot both succeed. NULL (no custom
 * domain) repeats freely.
 */
export class SiteDomains1795740000000 implements MigrationInterface {
  name = 'SiteDomains1795740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE sites ADD UNIQUE KEY uq_sites_domain (domain)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE sites DROP INDEX uq_sites_domain');
  }
}
