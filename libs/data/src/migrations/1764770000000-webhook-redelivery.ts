import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, redelivery: a delivery asked for again is a new delivery row of the same event and
 * webhook. `redelivery` numbers them (0 for the fan-out's own, which stays idempotent on
 * (event, webhook, 0)).
 */
export class WebhookRedelivery1764770000000 implements MigrationInterface {
  name = 'WebhookRedelivery1764770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries
      ADD COLUMN redelivery SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      ADD COLUMN redelivery_of BIGINT UNSIGNED NULL,
      DROP INDEX uq_webhook_deliveries_event_webhook,
      ADD UNIQUE KEY uq_webhook_deliveries_event_webhook (event_id, webhook_id, redelivery)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM webhook_deliveries WHERE redelivery > 0');
    await q.query(`ALTER TABLE webhook_deliveries
      DROP INDEX uq_webhook_deliveries_event_webhook,
      ADD UNIQUE KEY uq_webhook_deliveries_event_webhook (event_id, webhook_id),
      DROP COLUMN redelivery_of,
      DROP COLUMN redelivery`);
  }
}
