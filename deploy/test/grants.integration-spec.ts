// `hc db grants` (applyGrants of libs/data) on a migrated database: every app's user ends with
// exactly the rights docs/security.md lists ("Database users per service"), whatever it held
// before, and the rights refuse what an app must never do (issue 34 item 5).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Connection, createConnection } from 'mysql2/promise';
import {
  DATABASE_USERS,
  GRANTED_APPS,
  TABLE_GRANTS,
  accountName,
  applyGrants,
  databaseConfigFromEnv,
  flatRights,
  migrateDatabase,
} from '@hc/data';

const config = databaseConfigFromEnv();
const suffix = randomBytes(3).toString('hex');
const users = Object.fromEntries(
  Object.entries(DATABASE_USERS).map(([app, user]) => [app, `${user.slice(0, 20)}_${suffix}`]),
) as Record<keyof typeof DATABASE_USERS, string>;
const password = randomBytes(12).toString('hex');
const HOSTS = ['127.0.0.1', 'localhost'];
const LETTERS: Record<string, string> = { S: 'SELECT', I: 'INSERT', U: 'UPDATE', D: 'DELETE' };

/** docs/security.md's generated grants table: app → table → flat rights. */
function documentedRights(): Map<string, Map<string, string[]>> {
  const text = readFileSync(join(__dirname, '../../docs/security.md'), 'utf8');
  const part = text.slice(
    text.indexOf('<!-- generated: grants'),
    text.indexOf('<!-- end generated: grants'),
  );
  const lines = part.split('\n').filter((l) => l.startsWith('|'));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
  const apps = cells(lines[0])
    .slice(1)
    .map((h) => h.split(' ')[0]);
  const byApp = new Map(apps.map((app) => [app, new Map<string, string[]>()]));
  for (const line of lines.slice(2)) {
    const [table, ...rest] = cells(line);
    rest.forEach((cell, i) => {
      const rights = cell === '—' ? [] : (cell.match(/[SIUD](?: \([^)]*\))?/g) ?? []);
      byApp
        .get(apps[i])!
        .set(table.replace(/`/g, ''), flatRights(rights.map((r) => LETTERS[r[0]] + r.slice(1))));
    });
  }
  return byApp;
}

describe('hc db grants (libs/data/src/grants.ts)', () => {
  let admin: Connection;
  const as = new Map<string, Connection>();
  let tables: string[];

  /** What the database says `app`'s user holds, per table, as flat rights. */
  async function heldRights(app: keyof typeof DATABASE_USERS): Promise<Map<string, string[]>> {
    const [rows] = await admin.query(
      `SELECT table_name AS t, privilege_type AS type, NULL AS col FROM information_schema.table_privileges
        WHERE grantee = ? AND table_schema = ?
       UNION ALL
       SELECT table_name, privilege_type, column_name FROM information_schema.column_privileges
        WHERE grantee = ? AND table_schema = ?`,
      [accountName(users[app], HOSTS[0]), config.database].concat(
        accountName(users[app], HOSTS[0]),
        config.database,
      ),
    );
    const held = new Map<string, string[]>(tables.map((t) => [t, []]));
    for (const r of rows as Array<{ t: string; type: string; col: string | null }>)
      held.get(r.t)!.push(r.col ? `${r.type} (${r.col})` : r.type);
    for (const [t, list] of held) held.set(t, list.sort());
    return held;
  }

  beforeAll(async () => {
    admin = await createConnection({
      host: config.host,
      port: config.port,
      user: config.username,
      password: config.password,
    });
    const [rows] = await admin.query(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [config.database],
    );
    tables = (rows as Array<{ name: string }>).map((r) => r.name).sort();
    for (const host of HOSTS) {
      for (const user of Object.values(users)) {
        await admin.query(`CREATE USER '${user}'@'${host}' IDENTIFIED BY '${password}'`);
        // Before least privilege every app's user could do anything with the data: the command
        // must take that away, not only add.
        await admin.query(
          `GRANT SELECT, INSERT, UPDATE, DELETE ON \`${config.database}\`.* TO '${user}'@'${host}'`,
        );
        await admin.query(
          `GRANT SELECT, INSERT, UPDATE, DELETE ON \`${config.database}\`.dashboard_sessions TO '${user}'@'${host}'`,
        );
      }
      await applyGrants(admin, { database: config.database, host, users });
    }
    for (const [app, user] of Object.entries(users)) {
      as.set(
        app,
        await createConnection({
          host: config.host,
          port: config.port,
          user,
          password,
          database: config.database,
        }),
      );
    }
  });

  afterAll(async () => {
    for (const connection of as.values()) await connection.end();
    for (const host of HOSTS) {
      for (const user of Object.values(users)) {
        await admin.query(`DROP USER IF EXISTS '${user}'@'${host}'`);
      }
    }
    await admin.end();
  });

  const query = (app: string, sql: string) => as.get(app)!.query(sql);

  it('names every table of the schema', () => {
    expect(Object.keys(TABLE_GRANTS).sort()).toEqual(tables);
  });

  it("leaves each app's user with exactly the rights docs/security.md lists", async () => {
    const documented = documentedRights();
    expect([...documented.keys()]).toEqual(GRANTED_APPS);
    for (const app of GRANTED_APPS) {
      const held = await heldRights(app);
      const listed = new Map(tables.map((t) => [t, documented.get(app)!.get(t)]));
      expect({ app, rights: Object.fromEntries(held) }).toEqual({
        app,
        rights: Object.fromEntries(listed),
      });
      // …which is the set the command applies (TABLE_GRANTS), not only the rendered table.
      for (const t of tables) expect(held.get(t)).toEqual(flatRights(TABLE_GRANTS[t][app]));
    }
  });

  it('changes nothing on a second run, and skips users that do not exist', async () => {
    for (const host of HOSTS) {
      const again = await applyGrants(admin, { database: config.database, host, users });
      expect(again.statements).toEqual([]);
      expect(again.missingUsers).toEqual([]);
    }
    const absent = await applyGrants(admin, {
      database: config.database,
      host: 'nowhere.invalid',
      users,
      dryRun: true,
    });
    expect(absent.statements).toEqual([]);
    expect(absent.missingUsers).toHaveLength(Object.keys(users).length);
  });

  it("refuses the reader site's user a dashboard session, a site, a user and the signing key", async () => {
    const now = "'2026-01-01 00:00:00'";
    await expect(
      query(
        'reader-site',
        `INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, expires_at, created_at)
         VALUES ('x', 1, 'y', ${now}, ${now})`,
      ),
    ).rejects.toThrow(/INSERT command denied/i);
    await expect(query('reader-site', 'SELECT COUNT(*) FROM dashboard_sessions')).rejects.toThrow(
      /denied/i,
    );
    await expect(query('reader-site', "UPDATE sites SET name = 'x' WHERE id = 0")).rejects.toThrow(
      /denied/i,
    );
    await expect(query('reader-site', "UPDATE users SET name = 'x' WHERE id = 0")).rejects.toThrow(
      /denied/i,
    );
    await expect(query('reader-site', 'DELETE FROM api_keys')).rejects.toThrow(/denied/i);
    await expect(query('reader-site', 'SELECT COUNT(*) FROM oauth_secrets')).rejects.toThrow(
      /denied/i,
    );
    await expect(query('reader-site', 'DELETE FROM outbox')).rejects.toThrow(/denied/i);
    // What it owns still works.
    await expect(
      query('reader-site', 'DELETE FROM reader_sessions WHERE token_hash = 0'),
    ).resolves.toBeDefined();
  });

  it('lets the dispatcher set last_delivered_at and nothing else of a webhook', async () => {
    await expect(
      query('webhook-dispatcher', 'UPDATE webhooks SET last_delivered_at = NULL WHERE id = 0'),
    ).resolves.toBeDefined();
    await expect(
      query('webhook-dispatcher', "UPDATE webhooks SET url = 'https://x.test' WHERE id = 0"),
    ).rejects.toThrow(/denied/i);
    await expect(query('webhook-dispatcher', 'DELETE FROM webhooks')).rejects.toThrow(/denied/i);
    await expect(
      query('webhook-dispatcher', 'UPDATE outbox SET payload = NULL WHERE id = 0'),
    ).rejects.toThrow(/denied/i);
    await expect(query('webhook-dispatcher', "UPDATE sites SET name = 'x'")).rejects.toThrow(
      /denied/i,
    );
  });

  it('lets only content-api and auth-server write users, memberships, keys, sites and sessions', async () => {
    const writers = new Set(['content-api', 'auth-server']);
    for (const [table, right] of [
      ['users', 'INSERT'],
      ['memberships', 'INSERT'],
      ['api_keys', 'INSERT'],
      ['sites', 'INSERT'],
      ['dashboard_sessions', 'INSERT'],
    ]) {
      const allowed = GRANTED_APPS.filter((app) =>
        flatRights(TABLE_GRANTS[table][app]).includes(right),
      );
      expect(allowed.every((app) => writers.has(app))).toBe(true);
    }
    await expect(
      query('design-service', "UPDATE sites SET subdomain = 'x' WHERE id = 0"),
    ).rejects.toThrow(/denied/i);
    await expect(query('mcp-gateway', "UPDATE users SET name = 'x' WHERE id = 0")).rejects.toThrow(
      /denied/i,
    );
  });

  it('lets only auth-server read the private signing key and the OAuth payloads', async () => {
    await expect(query('auth-server', 'SELECT COUNT(*) FROM oauth_secrets')).resolves.toBeDefined();
    for (const app of GRANTED_APPS.filter((a) => a !== 'auth-server')) {
      await expect(query(app, 'SELECT COUNT(*) FROM oauth_secrets')).rejects.toThrow(/denied/i);
      await expect(query(app, 'SELECT COUNT(*) FROM oauth_payloads')).rejects.toThrow(/denied/i);
    }
  });

  it('gives the event relay the outbox to read and mark, and nothing else', async () => {
    await expect(
      query('event-relay', 'UPDATE outbox SET processed_at = processed_at WHERE id = 0'),
    ).resolves.toBeDefined();
    await expect(query('event-relay', 'DELETE FROM outbox')).rejects.toThrow(/denied/i);
    await expect(query('event-relay', 'SELECT COUNT(*) FROM articles')).rejects.toThrow(/denied/i);
  });

  it('gives no app DDL, and every app the schema version', async () => {
    for (const app of GRANTED_APPS) {
      await expect(query(app, 'SELECT COUNT(*) FROM migrations')).resolves.toBeDefined();
      await expect(query(app, 'DELETE FROM migrations')).rejects.toThrow(/denied/i);
      await expect(query(app, 'CREATE TABLE grants_probe (id INT)')).rejects.toThrow(/denied/i);
    }
  });

  it("lets a service's user run the CLI's migration check when nothing is pending", async () => {
    // The rollup CronJob runs `hc analytics rollup` as content-api's user; the CLI checks the
    // schema first: no DDL, no CREATE DATABASE when nothing is pending.
    const url = new URL(process.env.HC_DATABASE_URL!);
    url.username = users['content-api'];
    url.password = password;
    url.hostname = '127.0.0.1';
    await expect(migrateDatabase(url.toString())).resolves.toEqual([]);
  });

  it('lets the migration user change the schema', async () => {
    await expect(query('migrate', 'CREATE TABLE grants_probe (id INT)')).resolves.toBeDefined();
    await expect(query('migrate', 'DROP TABLE grants_probe')).resolves.toBeDefined();
  });
});
