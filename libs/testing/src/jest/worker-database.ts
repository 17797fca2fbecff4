// Creates and migrates the worker's database once (the flag lives in the worker's env, which
// outlives the per-file module registry).
import { closeRedisPublisher, migrateDatabase } from '@hc/data';

beforeAll(async () => {
  if (process.env.HC_TEST_DB_READY === process.env.HC_DATABASE_URL) return;
  await migrateDatabase(process.env.HC_DATABASE_URL);
  process.env.HC_TEST_DB_READY = process.env.HC_DATABASE_URL;
}, 120_000);

// The process's Redis publisher (outbox wake-up, reader-page versions) belongs to this file's
// module registry: close it with the file, or jest, running files in one process, never exits.
afterAll(() => closeRedisPublisher());
