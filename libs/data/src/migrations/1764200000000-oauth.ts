import { CREATED_AT, CreateTablesMigration, UPDATED_AT } from './ddl';

/** OAuth tables, owned by auth-server; content-api and design-service read them per request. */
export class OAuth1764200000000 extends CreateTablesMigration {
  name = 'OAuth1764200000000';

  protected tables = {
    // oidc-provider's storage: one row per (model, id) with its JSON payload.
    oauth_payloads: [
      'model VARCHAR(40) NOT NULL',
      'id VARCHAR(191) COLLATE utf8mb4_bin NOT NULL',
      'payload JSON NOT NULL',
      'grant_id VARCHAR(191) COLLATE utf8mb4_bin NULL',
      'uid VARCHAR(191) COLLATE utf8mb4_bin NULL',
      'client_id VARCHAR(191) COLLATE utf8mb4_bin NULL',
      'account_id VARCHAR(64) NULL',
      'expires_at DATETIME(3) NULL',
      'consumed_at DATETIME(3) NULL',
      'PRIMARY KEY (model, id)',
      'KEY ix_oauth_payloads_grant (grant_id)',
      'KEY ix_oauth_payloads_uid (uid)',
      'KEY ix_oauth_payloads_client_account (client_id, account_id)',
      'KEY ix_oauth_payloads_expires (expires_at)',
    ],
    // Every access token issued (JWTs are not stored by the provider): per-request revocation.
    oauth_access_tokens: [
      'jti VARCHAR(64) COLLATE utf8mb4_bin NOT NULL PRIMARY KEY',
      'grant_id VARCHAR(191) COLLATE utf8mb4_bin NULL',
      'client_id VARCHAR(191) COLLATE utf8mb4_bin NOT NULL',
      'user_id INT UNSIGNED NOT NULL',
      'refresh_id VARCHAR(191) COLLATE utf8mb4_bin NULL',
      CREATED_AT,
      'expires_at DATETIME(3) NOT NULL',
      'revoked_at DATETIME(3) NULL',
      'KEY ix_oauth_access_grant (grant_id)',
      'KEY ix_oauth_access_refresh (refresh_id)',
      'KEY ix_oauth_access_client_user (client_id, user_id)',
      'KEY ix_oauth_access_expires (expires_at)',
    ],
    // A person's approval of an app: approved scopes and the sites shared with it.
    oauth_connections: [
      'user_id INT UNSIGNED NOT NULL',
      'client_id VARCHAR(191) COLLATE utf8mb4_bin NOT NULL',
      'grant_id VARCHAR(191) COLLATE utf8mb4_bin NULL',
      'client_name VARCHAR(191) NOT NULL',
      'scopes JSON NOT NULL',
      'site_ids JSON NOT NULL',
      CREATED_AT,
      UPDATED_AT,
      'PRIMARY KEY (user_id, client_id)',
      'KEY ix_oauth_connections_client (client_id)',
    ],
    // Signing key and cookie secrets, generated once and kept.
    oauth_secrets: ['name VARCHAR(64) NOT NULL PRIMARY KEY', 'value TEXT NOT NULL', CREATED_AT],
  };
}
