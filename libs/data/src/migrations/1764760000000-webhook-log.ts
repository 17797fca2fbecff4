import { QueryRunner } from 'typeorm';
import { BIG_ID, CreateTablesMigration } from './ddl';

/**
 * Issue 23, the delivery log: one row per delivery attempt with what was sent (headers; the body
 * is the event's, identical on every attempt) and what came back (status or error kind, the first
 * 2 KB of the response body). Pruned with its delivery (HC_WEBHOOK_LOG_RETENTION).
 */
export class WebhookLog1764760000000 extends CreateTablesMigration {
  name = 'WebhookLog1764760000000';

  protected tables = {
    webhook_attempts: [
      BIG_ID,
      'delivery_id BIGINT UNSIGNED NOT NULL',
      'attempt TINYINT UNSIGNED NOT NULL',
      'delivery_uuid CHAR(36) NOT NULL',
      'started_at DATETIME(3) NOT NULL',
      'duration_ms INT UNSIGNED NOT NULL',
      'response_status SMALLINT UNSIGNED NULL',
      'error_kind VARCHAR(32) NULL',
      'response_body TEXT NULL',
      'request_headers TEXT NOT NULL',
      'KEY ix_webhook_attempts_delivery (delivery_id, attempt)',
      'KEY ix_webhook_attempts_started (started_at)',
    ],
  };

  override async up(q: QueryRunner): Promise<void> {
    await super.up(q);
    // The log lists a webhook's deliveries newest first.
    await q.query(
      'CREATE INDEX ix_webhook_deliveries_webhook_created ON webhook_deliveries (webhook_id, id)',
    );
  }

  override async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_webhook_deliveries_webhook_created ON webhook_deliveries');
    await super.down(q);
  }
}
