import { applyGrants, GRANTED_APPS, databaseConfigFromEnv, withServerConnection } from '@hc/data';
import type { GrantedApp } from '@hc/data';

/**
 * Integration suites run as an app's own database user (issue 34 item 5): with
 * `HC_TEST_AS_APP_USERS=reader-site,webhook-dispatcher` (what `npm test` sets), a test file
 * under `apps/<app>/` of a named app runs with `HC_DATABASE_URL` naming a user of the worker
 * granted exactly that app's rights (TABLE_GRANTS), so a right the app needs and lacks fails. The test's own fixtures
 * and checks (startTestApp's `ds` and `factory`, quietQueue, other apps it starts) keep the
 * worker's administrator URL, `fixtureDatabaseUrl()`.
 */
const ADMIN_URL = 'HC_TEST_ADMIN_DATABASE_URL';
const APP = 'HC_TEST_APP_DATABASE_USER';
/** The hosts a local TCP connection may be seen from. */
const HOSTS = ['127.0.0.1', 'localhost'];

/** The URL fixtures write with: the worker's administrator, whatever the app under test uses. */
export function fixtureDatabaseUrl(): string | undefined {
  return process.env[ADMIN_URL] || process.env.HC_DATABASE_URL;
}

/** The app whose own database user this test file runs as, if any. */
export function appDatabaseUser(): GrantedApp | null {
  const app = process.env[APP];
  return app && (GRANTED_APPS as string[]).includes(app) ? (app as GrantedApp) : null;
}

/** The user name of `app` for this worker's database (`hc_t_<run>_<worker>` + the app). */
function userName(database: string, app: GrantedApp): string {
  return `${database}_${app.split('-')[0]}`.slice(0, 32);
}

/**
 * Before a test file (worker-database.ts): when the run asks for it and the file belongs to an
 * app, points HC_DATABASE_URL at that app's user (synchronously, before the file's own code) and
 * returns the work to do before its first test: create the user once per worker and grant it.
 */
export function switchToAppUser(testPath: string | undefined): (() => Promise<void>) | null {
  // What an earlier file of this worker set is gone (worker-env.cjs set HC_DATABASE_URL anew).
  delete process.env[ADMIN_URL];
  delete process.env[APP];
  const apps = (process.env.HC_TEST_AS_APP_USERS ?? '').split(',').map((a) => a.trim());
  const app = GRANTED_APPS.find((a) => apps.includes(a) && testPath?.includes(`/apps/${a}/`));
  const adminUrl = process.env.HC_DATABASE_URL;
  if (!app || !adminUrl) return null;
  const admin = databaseConfigFromEnv(adminUrl);
  const user = userName(admin.database, app);
  const password = `pw_${admin.database}`;
  const url = new URL(adminUrl);
  url.username = user;
  url.password = password;
  process.env[ADMIN_URL] = adminUrl;
  process.env[APP] = app;
  process.env.HC_DATABASE_URL = url.toString();
  return () =>
    withServerConnection(admin, async (conn) => {
      for (const host of HOSTS) {
        await conn.query('CREATE USER IF NOT EXISTS ?@? IDENTIFIED BY ?', [user, host, password]);
        await applyGrants(conn, { database: admin.database, host, users: { [app]: user } });
      }
    });
}

/**
 * The environment of a process a test starts for another app or the operator CLI: the test's
 * own, with the worker's administrator URL while the app under test runs as its own user.
 */
export function operatorEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, HC_DATABASE_URL: fixtureDatabaseUrl(), ...extra };
}
