// The shared DDL sends what the migrations sent before it existed (they are history applied in
// production): the statements of some migrations as first shipped, in their order.
import { MigrationInterface, QueryRunner } from 'typeorm';
import { KeySeparation1764700015000 } from './1764700015000-key-separation';
import { Images1764000000000 } from './1764000000000-images';
import { RequestIds1764720000000 } from './1764720000000-request-ids';
import { UnsafeHtml1764714000000 } from './1764714000000-unsafe-html';
import { WebhookLog1764760000000 } from './1764760000000-webhook-log';
import { createTableSql, ID, SITE_ID } from './ddl';

/** The statements `m.up()` or `m.down()` sends, in order. */
async function sent(m: MigrationInterface, step: 'up' | 'down'): Promise<string[]> {
  const statements: string[] = [];
  const runner = { query: async (sql: string) => void statements.push(sql) };
  await m[step](runner as unknown as QueryRunner);
  return statements;
}

describe('migration DDL', () => {
  it('builds CREATE TABLE from its definitions with the shared table options', () => {
    expect(createTableSql('things', [ID, SITE_ID, 'KEY ix_things_site (site_id)'])).toBe(
      `CREATE TABLE things (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  site_id INT UNSIGNED NOT NULL,
  KEY ix_things_site (site_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
  });

  it.each([
    [
      'UnsafeHtml up',
      new UnsafeHtml1764714000000(),
      'up',
      [
        'ALTER TABLE sites ADD COLUMN allow_unsafe_html TINYINT(1) NOT NULL DEFAULT 0 AFTER template_editor',
      ],
    ],
    [
      'UnsafeHtml down',
      new UnsafeHtml1764714000000(),
      'down',
      ['ALTER TABLE sites DROP COLUMN allow_unsafe_html'],
    ],
    [
      'RequestIds up',
      new RequestIds1764720000000(),
      'up',
      [
        'ALTER TABLE outbox ADD COLUMN request_id VARCHAR(128) NULL',
        'ALTER TABLE webhook_events ADD COLUMN request_id VARCHAR(128) NULL',
      ],
    ],
    [
      'RequestIds down',
      new RequestIds1764720000000(),
      'down',
      [
        'ALTER TABLE webhook_events DROP COLUMN request_id',
        'ALTER TABLE outbox DROP COLUMN request_id',
      ],
    ],
    [
      'Images down',
      new Images1764000000000(),
      'down',
      [
        'DROP TABLE IF EXISTS image_secrets',
        'DROP TABLE IF EXISTS image_upload_urls',
        'DROP TABLE IF EXISTS images',
      ],
    ],
    [
      'WebhookLog down',
      new WebhookLog1764760000000(),
      'down',
      [
        'DROP INDEX ix_webhook_deliveries_webhook_created ON webhook_deliveries',
        'DROP TABLE IF EXISTS webhook_attempts',
      ],
    ],
  ] as const)('%s', async (_name, migration, step, statements) => {
    expect(await sent(migration, step)).toEqual(statements);
  });

  it('creates the tables of a migration in order before its own statements', async () => {
    const [create, insert, update] = await sent(new KeySeparation1764700015000(), 'up');
    expect(create).toBe(
      createTableSql('oauth_public_keys', [
        'kid VARCHAR(64) NOT NULL PRIMARY KEY',
        'jwk TEXT NOT NULL',
        'created_at DATETIME(3) NOT NULL',
      ]),
    );
    expect(insert).toMatch(/^INSERT INTO oauth_public_keys /);
    expect(update).toMatch(/^UPDATE oauth_payloads/);
    const [first, second] = await sent(new Images1764000000000(), 'up');
    expect(first).toMatch(/^CREATE TABLE images \(\n {2}id INT UNSIGNED/);
    expect(second).toMatch(/^CREATE TABLE image_upload_urls \(/);
  });
});
