import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, the delivery log: one row per delivery attempt with what was sent (headers; the body
 * is the event's, identical on every attempt) and what came back (status or error kind, the first
 * 2 KB of the response body). Pruned with its delivery (HC_WEBHOOK_LOG_RETENTION).
 */
export class WebhookLog1764760000000 implements MigrationInterface {
  name = 'WebhookLog1764760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhook_attempts (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      delivery_id BIGINT UNSIGNED NOT NULL,
      attempt TINYINT UNSIGNED NOT NULL,
      delivery_uuid CHAR(36) NOT NULL,
      started_at DATETIME(3) NOT NULL,
      duration_ms INT UNSIGNED NOT NULL,
      response_status SMALLINT UNSIGNED NULL,
      error_kind VARCHAR(32) NULL,
      response_body TEXT NULL,
      request_headers TEXT NOT NULL,
      KEY ix_webhook_attempts_delivery (delivery_id, attempt),
      KEY ix_webhook_attempts_started (started_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    // The log lists a webhook's deliveries newest first.
    await q.query(
      'CREATE INDEX ix_webhook_deliveries_webhook_created ON webhook_deliveries (webhook_id, id)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_webhook_deliveries_webhook_created ON webhook_deliveries');
    await q.query('DROP TABLE IF EXISTS webhook_attempts');
  }
}
