// `node dist/apps/content-api/src/migrate.js`: create the database if missing and run pending
// migrations (the Kubernetes migration Job; `npm start` and `hc migrate` do the same).
import { DatabaseUnreachableError, MigrationLockTimeoutError, migrateDatabase } from '@hc/data';

migrateDatabase().then(
  (ran) => {
    process.stdout.write(`${JSON.stringify({ migrated: ran })}\n`);
    process.exit(0);
  },
  (err: unknown) => {
    process.stderr.write(
      `${err instanceof DatabaseUnreachableError || err instanceof MigrationLockTimeoutError ? err.message : String(err)}\n`,
    );
    process.exit(1);
  },
);
