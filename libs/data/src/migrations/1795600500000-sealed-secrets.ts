import { MigrationInterface, QueryRunner } from 'typeorm';
import { resealSecrets, unsealSecrets } from '../data-keys';

/**
 * Issue 34: webhook secrets and the upload-URL key sealed at rest (data-keys.ts). The columns
 * grow to hold a sealed value (a 191-character secret seals to about 290); the limit of spec 8
 * stays on the plain secret (the repository's check). Existing rows are sealed with the current
 * data key; down() opens them again and narrows the columns.
 */
export class SealedSecrets1795600500000 implements MigrationInterface {
  name = 'SealedSecrets1795600500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhooks MODIFY secret VARCHAR(512) NOT NULL');
    await q.query('ALTER TABLE image_secrets MODIFY value VARCHAR(512) NOT NULL');
    await resealSecrets(q, 'migrated');
  }

  async down(q: QueryRunner): Promise<void> {
    await unsealSecrets(q);
    await q.query('ALTER TABLE webhooks MODIFY secret VARCHAR(191) NOT NULL');
    await q.query('ALTER TABLE image_secrets MODIFY value VARCHAR(255) NOT NULL');
  }
}
