import { QueryRunner } from 'typeorm';
import { CREATED_AT, CreateTablesMigration } from './ddl';

/**
 * Dashboard sessions kept on the server (issue #15 item 3): "sign out everywhere" deletes a
 * person's rows; each session has its own CSRF token. The cookie holds a random token; the row
 * is keyed by its SHA-256, so a database read does not yield a usable cookie.
 */
export class DashboardSessions1764730000000 extends CreateTablesMigration {
  name = 'DashboardSessions1764730000000';

  protected tables = {
    dashboard_sessions: [
      'token_hash CHAR(64) NOT NULL PRIMARY KEY',
      'user_id INT UNSIGNED NOT NULL',
      'csrf_token VARCHAR(64) NOT NULL',
      CREATED_AT,
      'expires_at DATETIME(3) NOT NULL',
      'KEY ix_dashboard_sessions_user (user_id)',
      'KEY ix_dashboard_sessions_expiry (expires_at)',
    ],
  };

  /** As shipped: without IF EXISTS, a missing table stops the rollback. */
  override async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dashboard_sessions');
  }
}
