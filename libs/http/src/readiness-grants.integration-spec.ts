// Issue 36 item 2: readiness refuses while the app's database user lacks a right the app needs,
// and `hc db grants` works as the named granting user deploy/README.md documents (GRANT OPTION
// on the database, SELECT on mysql.*), not as a migration user without the GRANT OPTION.
import { Module } from '@nestjs/common';
import { createConnection, Connection } from 'mysql2/promise';
import { resetSettings } from '@hc/contracts';
import { applyGrants, databaseConfigFromEnv, missingRights } from '@hc/data';
import { fixtureDatabaseUrl, startTestApp, TestApp } from '@hc/testing';
import { createHttpApp } from './bootstrap';
import { CoreModule } from './core.module';
import { GRANTS_RECHECK_MS } from './health.controller';

jest.setTimeout(60_000);

@Module({ imports: [CoreModule.forRoot({ app: 'reader-site' })] })
class ReaderLikeModule {}

const HOSTS = ['127.0.0.1', 'localhost'];

describe('readiness checks the app database user’s own rights (issue 36)', () => {
  const adminUrl = fixtureDatabaseUrl()!;
  const config = databaseConfigFromEnv(adminUrl);
  const reader = `${config.database}_rg`.slice(0, 32);
  const grantor = `${config.database}_gr`.slice(0, 32);
  const migrator = `${config.database}_gm`.slice(0, 32);
  const password = `pw_${config.database}`;
  const db = `\`${config.database}\``;
  let admin: Connection;
  let t: TestApp;
  const realNow = Date.now;
  let offset = 0;

  const connectAs = (user: string) =>
    createConnection({
      host: config.host,
      port: config.port,
      user,
      password,
      database: config.database,
    });
  /** The readiness answer once the controller's last look at the rights is stale. */
  const readyLater = async () => {
    offset += GRANTS_RECHECK_MS;
    return t.request('GET', '/health/ready');
  };

  beforeAll(async () => {
    admin = await createConnection({
      host: config.host,
      port: config.port,
      user: config.username,
      password: config.password,
    });
    for (const host of HOSTS) {
      for (const user of [reader, grantor, migrator]) {
        await admin.query(`DROP USER IF EXISTS '${user}'@'${host}'`);
        await admin.query(`CREATE USER '${user}'@'${host}' IDENTIFIED BY '${password}'`);
      }
      // deploy/README.md "Database users": the Job's granting user, and hc_migrate's rights.
      await admin.query(
        `GRANT ALL PRIVILEGES ON ${db}.* TO '${grantor}'@'${host}' WITH GRANT OPTION`,
      );
      await admin.query(`GRANT SELECT ON mysql.* TO '${grantor}'@'${host}'`);
      await admin.query(`GRANT ALL PRIVILEGES ON ${db}.* TO '${migrator}'@'${host}'`);
    }
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    process.env.HC_DATABASE_URL = adminUrl;
    resetSettings();
    for (const host of HOSTS)
      for (const user of [reader, grantor, migrator])
        await admin.query(`DROP USER IF EXISTS '${user}'@'${host}'`);
    await admin.end();
  });

  it('grants as the named granting user; a user without the GRANT OPTION cannot', async () => {
    const asMigrator = await connectAs(migrator);
    try {
      await expect(
        applyGrants(asMigrator, {
          database: config.database,
          host: HOSTS[0],
          users: { 'reader-site': reader },
        }),
      ).rejects.toThrow(/denied/i);
    } finally {
      await asMigrator.end();
    }
    const asGrantor = await connectAs(grantor);
    try {
      for (const host of HOSTS) {
        const result = await applyGrants(asGrantor, {
          database: config.database,
          host,
          users: { 'reader-site': reader },
        });
        expect(result.missingUsers).toEqual([]);
        expect(result.statements.length).toBeGreaterThan(0);
      }
      // Idempotent: nothing left to change.
      const again = await applyGrants(asGrantor, {
        database: config.database,
        host: HOSTS[0],
        users: { 'reader-site': reader },
      });
      expect(again.statements).toEqual([]);
    } finally {
      await asGrantor.end();
    }
    const asReader = await connectAs(reader);
    try {
      expect(await missingRights(asReader, 'reader-site')).toEqual([]);
      // The reader site's user holds no content-api right: that app would be refused.
      expect(await missingRights(asReader, 'content-api')).toContain('INSERT on articles');
    } finally {
      await asReader.end();
    }
  });

  it('turns unready when a right is revoked, and ready again once it is granted', async () => {
    process.env.HC_DATABASE_URL = `mysql://${reader}:${password}@${config.host}:${config.port}/${config.database}`;
    resetSettings();
    t = await startTestApp(() => createHttpApp(ReaderLikeModule));
    expect((await t.request('GET', '/health/ready')).body).toEqual({ status: 'ok' });

    for (const host of HOSTS)
      await admin.query(`REVOKE SELECT ON ${db}.articles FROM '${reader}'@'${host}'`);
    // Looked at briefly ago: still ready until the next look.
    expect((await t.request('GET', '/health/ready')).status).toBe(200);
    const refused = await readyLater();
    expect(refused.status).toBe(503);
    expect(JSON.stringify(refused.body)).toContain(
      'the database user lacks rights reader-site needs (SELECT on articles); run hc db grants',
    );
    // Each missing right is named: the reader site also upserts article_stats.
    for (const host of HOSTS)
      await admin.query(`REVOKE UPDATE ON ${db}.article_stats FROM '${reader}'@'${host}'`);
    expect(JSON.stringify((await readyLater()).body)).toContain('UPDATE on article_stats');

    for (const host of HOSTS)
      await applyGrants(admin, {
        database: config.database,
        host,
        users: { 'reader-site': reader },
      });
    expect((await readyLater()).body).toEqual({ status: 'ok' });
  });
});
