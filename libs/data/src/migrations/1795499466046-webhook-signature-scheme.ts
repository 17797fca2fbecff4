import { AddColumnsMigration } from './ddl';

/**
 * Issue 23, Standard Webhooks as an opt-in: how a webhook's deliveries are signed. `service` (the
 * spec's X-Service-Signature alone) for every webhook registered through POST /webhooks;
 * `standard` (also webhook-id, webhook-timestamp, webhook-signature) through POST /webhooks/standard.
 */
export class WebhookSignatureScheme1795499466046 extends AddColumnsMigration {
  name = 'WebhookSignatureScheme1795499466046';

  protected columns = {
    webhooks: { signature_scheme: "VARCHAR(16) NOT NULL DEFAULT 'service'" },
  };
}
