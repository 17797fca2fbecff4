import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook subscriptions (spec 2.6), the events the dispatcher has accepted (the exact body it
 * sends, so every retry carries the same bytes and signature) and one delivery per event and
 * webhook (spec 6: attempts, schedule, outcome).
 */
export class Webhooks1764300000000 implements MigrationInterface {
  name = 'Webhooks1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhooks (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      url VARCHAR(191) NOT NULL,
      secret VARCHAR(191) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      last_delivered_at DATETIME(3) NULL,
      KEY ix_webhooks_site (site_id, id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE webhook_events (
      id BIGINT UNSIGNED NOT NULL PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      event VARCHAR(64) NOT NULL,
      body MEDIUMTEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_webhook_events_created (created_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await q.query(`CREATE TABLE webhook_deliveries (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      event_id BIGINT UNSIGNED NOT NULL,
      webhook_id INT UNSIGNED NOT NULL,
      site_id INT UNSIGNED NOT NULL,
      state VARCHAR(16) NOT NULL,
      attempts TINYINT UNSIGNED NOT NULL DEFAULT 0,
      next_attempt_at DATETIME(3) NULL,
      last_attempt_at DATETIME(3) NULL,
      last_status SMALLINT UNSIGNED NULL,
      last_error VARCHAR(191) NULL,
      created_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_webhook_deliveries_event_webhook (event_id, webhook_id),
      KEY ix_webhook_deliveries_due (next_attempt_at),
      KEY ix_webhook_deliveries_webhook (webhook_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['webhook_deliveries', 'webhook_events', 'webhooks']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
