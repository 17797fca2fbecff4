// deploy/db/grants.cjs on a migrated database: each service's user gets what docs/security.md
// says, and the private signing key (oauth_secrets) is readable by auth-server's user alone.
import { randomBytes } from 'node:crypto';
import { Connection, createConnection } from 'mysql2/promise';
import { databaseConfigFromEnv, migrateDatabase } from '@hc/data';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { grantStatements, USERS } = require('../db/grants.cjs') as {
  USERS: Record<string, string>;
  grantStatements(options: {
    database: string;
    tables: string[];
    host?: string;
    users?: Record<string, string>;
  }): string[];
};

const config = databaseConfigFromEnv();
const suffix = randomBytes(3).toString('hex');
const users = Object.fromEntries(
  Object.entries(USERS).map(([app, user]) => [app, `${user.slice(0, 20)}_${suffix}`]),
);
const password = randomBytes(12).toString('hex');
const HOSTS = ['127.0.0.1', 'localhost'];

describe('deploy/db/grants.cjs', () => {
  let admin: Connection;
  const as = new Map<string, Connection>();

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
    const tables = (rows as Array<{ name: string }>).map((r) => r.name);
    for (const host of HOSTS) {
      for (const user of Object.values(users)) {
        await admin.query(`CREATE USER '${user}'@'${host}' IDENTIFIED BY '${password}'`);
      }
      for (const statement of grantStatements({ database: config.database, tables, host, users })) {
        await admin.query(statement);
      }
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

  it('lets only auth-server read the private signing key and the OAuth payloads', async () => {
    await expect(query('auth-server', 'SELECT COUNT(*) FROM oauth_secrets')).resolves.toBeDefined();
    for (const app of [
      'content-api',
      'mcp-gateway',
      'design-service',
      'reader-site',
      'webhook-dispatcher',
      'event-relay',
    ]) {
      await expect(query(app, 'SELECT COUNT(*) FROM oauth_secrets')).rejects.toThrow(/denied/i);
      await expect(query(app, 'SELECT COUNT(*) FROM oauth_payloads')).rejects.toThrow(/denied/i);
    }
  });

  it('lets the token verifiers read the public key and token ledger, never write it', async () => {
    for (const app of ['content-api', 'mcp-gateway', 'design-service']) {
      await expect(query(app, 'SELECT COUNT(*) FROM oauth_public_keys')).resolves.toBeDefined();
      await expect(query(app, 'SELECT COUNT(*) FROM oauth_access_tokens')).resolves.toBeDefined();
      await expect(query(app, 'DELETE FROM oauth_public_keys')).rejects.toThrow(/denied/i);
    }
    for (const app of ['reader-site', 'webhook-dispatcher']) {
      await expect(query(app, 'SELECT COUNT(*) FROM oauth_access_tokens')).rejects.toThrow(
        /denied/i,
      );
    }
  });

  it('gives the event relay the outbox to read and mark, and nothing else', async () => {
    await expect(query('event-relay', 'SELECT COUNT(*) FROM outbox')).resolves.toBeDefined();
    await expect(
      query('event-relay', 'UPDATE outbox SET processed_at = processed_at WHERE id = 0'),
    ).resolves.toBeDefined();
    await expect(query('event-relay', 'SELECT COUNT(*) FROM migrations')).resolves.toBeDefined();
    await expect(query('event-relay', 'DELETE FROM outbox')).rejects.toThrow(/denied/i);
    await expect(query('event-relay', 'SELECT COUNT(*) FROM articles')).rejects.toThrow(/denied/i);
    await expect(query('event-relay', 'SELECT COUNT(*) FROM webhooks')).rejects.toThrow(/denied/i);
  });

  it('gives every service the application tables and the schema version, and no DDL', async () => {
    for (const app of Object.keys(USERS).filter((a) => a !== 'migrate' && a !== 'event-relay')) {
      await expect(query(app, 'SELECT COUNT(*) FROM articles')).resolves.toBeDefined();
      await expect(query(app, 'SELECT COUNT(*) FROM outbox')).resolves.toBeDefined();
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
    await query('migrate', 'CREATE TABLE grants_probe (id INT)');
    await query('migrate', 'DROP TABLE grants_probe');
  });
});
