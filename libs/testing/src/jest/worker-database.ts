// Creates and migrates the worker's database once (the flag lives in the worker's env, which
// outlives the per-file module registry). With HC_TEST_AS_APP_USERS=1, a file of an app runs as
// that app's own database user (app-database-user.ts).
import { closeRedisPublisher, migrateDatabase } from '@hc/data';
import { fixtureDatabaseUrl, switchToAppUser } from '../app-database-user';

const prepareAppUser = switchToAppUser(expect.getState().testPath);

beforeAll(async () => {
  const url = fixtureDatabaseUrl();
  if (process.env.HC_TEST_DB_READY !== url) {
    await migrateDatabase(url);
    process.env.HC_TEST_DB_READY = url;
  }
  await prepareAppUser?.();
}, 120_000);

// The process's Redis publisher (outbox wake-up, reader-page versions) belongs to this file's
// module registry: close it with the file, or jest, running files in one process, never exits.
afterAll(() => closeRedisPublisher());
