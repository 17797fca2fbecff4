import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/**
 * Dashboard sessions kept on the server (issue #15 item 3): "sign out everywhere" deletes a
 * person's rows; each session has its own CSRF token. The cookie holds a random token; the row
 * is keyed by its SHA-256, so a database read does not yield a usable cookie.
 */
export class DashboardSessions1764730000000 implements MigrationInterface {
  name = 'DashboardSessions1764730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE dashboard_sessions (
      token_hash CHAR(64) NOT NULL PRIMARY KEY,
      user_id INT UNSIGNED NOT NULL,
      csrf_token VARCHAR(64) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      KEY ix_dashboard_sessions_user (user_id),
      KEY ix_dashboard_sessions_expiry (expires_at)
    ) ${TABLE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dashboard_sessions');
  }
}
