import { QueryRunner } from 'typeorm';
import { CREATED_AT, CreateTablesMigration } from './ddl';

/**
 * Issue #15: the public half of the signing key, apart from the private one, so API services
 * verify tokens without any grant on `oauth_secrets`; confidential client secrets stored hashed.
 * down() drops the table only: hashed client secrets stay hashed (they cannot be recovered), so
 * rotate them after a rollback.
 */
export class KeySeparation1764700015000 extends CreateTablesMigration {
  name = 'KeySeparation1764700015000';

  protected tables = {
    oauth_public_keys: ['kid VARCHAR(64) NOT NULL PRIMARY KEY', 'jwk TEXT NOT NULL', CREATED_AT],
  };

  override async up(q: QueryRunner): Promise<void> {
    await super.up(q);
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
}
