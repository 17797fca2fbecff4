import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: the id of the request that caused an event rides with it (outbox row, then the
 * dispatcher's event copy) so the dispatcher's delivery log lines carry it. Metadata only: it
 * is never part of a webhook body or header (spec 6).
 */
export class RequestIds1764720000000 implements MigrationInterface {
  name = 'RequestIds1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox ADD COLUMN request_id VARCHAR(128) NULL');
    await q.query('ALTER TABLE webhook_events ADD COLUMN request_id VARCHAR(128) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_events DROP COLUMN request_id');
    await q.query('ALTER TABLE outbox DROP COLUMN request_id');
  }
}
