import { BIG_ID, CREATED_AT, CreateTablesMigration, ID, SITE_ID } from './ddl';

/**
 * Webhook subscriptions (spec 2.6), the events the dispatcher has accepted (the exact body it
 * sends, so every retry carries the same bytes and signature) and one delivery per event and
 * webhook (spec 6: attempts, schedule, outcome).
 */
export class Webhooks1764300000000 extends CreateTablesMigration {
  name = 'Webhooks1764300000000';

  protected tables = {
    webhooks: [
      ID,
      SITE_ID,
      'url VARCHAR(191) NOT NULL',
      'secret VARCHAR(191) NOT NULL',
      CREATED_AT,
      'last_delivered_at DATETIME(3) NULL',
      'KEY ix_webhooks_site (site_id, id)',
    ],
    webhook_events: [
      'id BIGINT UNSIGNED NOT NULL PRIMARY KEY',
      SITE_ID,
      'event VARCHAR(64) NOT NULL',
      'body MEDIUMTEXT NOT NULL',
      CREATED_AT,
      'KEY ix_webhook_events_created (created_at)',
    ],
    webhook_deliveries: [
      BIG_ID,
      'event_id BIGINT UNSIGNED NOT NULL',
      'webhook_id INT UNSIGNED NOT NULL',
      SITE_ID,
      'state VARCHAR(16) NOT NULL',
      'attempts TINYINT UNSIGNED NOT NULL DEFAULT 0',
      'next_attempt_at DATETIME(3) NULL',
      'last_attempt_at DATETIME(3) NULL',
      'last_status SMALLINT UNSIGNED NULL',
      'last_error VARCHAR(191) NULL',
      CREATED_AT,
      'UNIQUE KEY uq_webhook_deliveries_event_webhook (event_id, webhook_id)',
      'KEY ix_webhook_deliveries_due (next_attempt_at)',
      'KEY ix_webhook_deliveries_webhook (webhook_id)',
    ],
  };
}
