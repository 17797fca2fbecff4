import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, Standard Webhooks as an opt-in: how a webhook's deliveries are signed. `service` (the
 * spec's X-Service-Signature alone) for every webhook registered through POST /webhooks;
 * `standard` (also webhook-id, webhook-timestamp, webhook-signature) through POST /webhooks/standard.
 */
export class WebhookSignatureScheme1795499466046 implements MigrationInterface {
  name = 'WebhookSignatureScheme1795499466046';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      "ALTER TABLE webhooks ADD COLUMN signature_scheme VARCHAR(16) NOT NULL DEFAULT 'service'",
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhooks DROP COLUMN signature_scheme');
  }
}
