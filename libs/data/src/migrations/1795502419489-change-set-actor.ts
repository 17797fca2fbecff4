import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24: who published a change set (the audit actor of POST /change-sets/{id}/publish), so
 * the worker that publishes it later records each staged publish as that actor's write.
 */
export class ChangeSetActor1795502419489 implements MigrationInterface {
  name = 'ChangeSetActor1795502419489';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE change_sets ADD COLUMN publish_actor JSON NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE change_sets DROP COLUMN publish_actor');
  }
}
