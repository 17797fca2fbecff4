/**
 * Where the shared services the tests use are: `HC_TEST_DATABASE_URL`, `HC_TEST_REDIS_URL`,
 * `HC_CHROMIUM_PATH`, `HC_KCAT_PATH` (README "Testing against existing services"). The one
 * implementation lives in jest/test-env.cjs, which the jest config and scripts load as well.
 */
export interface TestServices {
  /** The database server (no database name): per-run databases are created on it. */
  databaseUrl: string;
  redisUrl: string;
  /** The Chromium executable the browser tests drive (playwright-core brings none). */
  chromiumPath: string;
  chromiumFound: boolean;
  /** kcat, whose mock cluster is the Kafka broker of the Kafka tests. */
  kcatPath: string;
  kcatFound: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const testEnv = require('./jest/test-env.cjs') as { testServices(): TestServices };

export function testServices(): TestServices {
  return testEnv.testServices();
}
