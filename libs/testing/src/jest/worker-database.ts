// Creates and migrates the worker's database once (the flag lives in the worker's env, which
// outlives the per-file module registry).
import { migrateDatabase } from '@hc/data';

beforeAll(async () => {
  if (process.env.HC_TEST_DB_READY === process.env.HC_DATABASE_URL) return;
  await migrateDatabase(process.env.HC_DATABASE_URL);
  process.env.HC_TEST_DB_READY = process.env.HC_DATABASE_URL;
}, 120_000);
