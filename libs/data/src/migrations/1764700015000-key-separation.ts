import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Issue #15: the public half of the signing key, apart from the private one, so API services
 * verify tokens without any grant on `oauth_secrets`; confidential client secrets stored hashed.
 */
export class KeySeparation1764700015000 implements MigrationInterface {
  name = 'KeySeparation1764700015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE oauth_public_keys (
      kid VARCHAR(64) NOT NULL PRIMARY KEY,
      jwk TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL
    ) ${TABLE_OPTIONS}`);
    // An existing key is published now, so tokens it signed keep verifying at once.
    const part = (name: string) => `JSON_UNQUOTE(JSON_EXTRACT(value, '$.${name}'))`;
    await q.query(
      `INSERT INTO oauth_public_keys (kid, jwk, created_at)
       SELECT ${part('kid')}, JSON_OBJECT('kty', ${part('kty')}, 'kid', ${part('kid')},
         'alg', ${part('alg')}, 'use', ${part('use')}, 'n', ${part('n')}, 'e', ${part('e')}),
         created_at
         FROM oauth_secrets WHERE name = 'signing-key'`,
    );
    // Stored client secrets become their SHA-256 (what ClientsService compares against).
    await q.query(
      `UPDATE oauth_payloads
          SET payload = JSON_REMOVE(
                JSON_SET(payload, '$.client_secret_hash', CONCAT('sha256:',
                  SHA2(JSON_UNQUOTE(JSON_EXTRACT(payload, '$.client_secret')), 256))),
                '$.client_secret')
        WHERE model = 'Client' AND JSON_EXTRACT(payload, '$.client_secret') IS NOT NULL`,
    );
  }

  /** Hashed client secrets stay hashed (they cannot be recovered): rotate them after a rollback. */
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS oauth_public_keys');
  }
}
