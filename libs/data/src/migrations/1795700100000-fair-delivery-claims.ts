import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34 item 6, fair delivery slots: the dispatcher claims each site's oldest due deliveries
 * on their own (one short index range per site) and lists the sites with due deliveries with a
 * loose index scan, so a site with a large backlog costs the claim no more than any other.
 */
export class FairDeliveryClaims1795700100000 implements MigrationInterface {
  name = 'FairDeliveryClaims1795700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE INDEX ix_webhook_deliveries_site_due ON webhook_deliveries (site_id, next_attempt_at)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX ix_webhook_deliveries_site_due ON webhook_deliveries');
  }
}
