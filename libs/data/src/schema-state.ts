import type { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** One round trip to the database (readiness): throws when it does not answer. */
export async function pingDatabase(ds: DataSource): Promise<void> {
  await ds.query('SELECT 1');
}

/** The migrations this code expects, by name (`Activity1764600000000` …). */
export function expectedMigrations(): string[] {
  return MIGRATIONS.map((m) => m.name);
}

/**
 * Migrations this code expects that the database has not run (issue 18: readiness fails, and
 * CLI commands other than `migrate` refuse, until the schema is at the expected migration).
 */
export async function pendingMigrations(ds: DataSource): Promise<string[]> {
  let ran: { name: string }[];
  try {
    ran = await ds.query('SELECT name FROM migrations');
  } catch (err) {
    if ((err as { code?: string }).code === 'ER_NO_SUCH_TABLE') return expectedMigrations();
    throw err;
  }
  const done = new Set(ran.map((r) => r.name));
  return expectedMigrations().filter((name) => !done.has(name));
}

/** The database is not at the schema this code expects (issue 18). */
export class SchemaBehindError extends Error {
  readonly code = 'schema_behind';
}

/**
 * Refuses (SchemaBehindError) unless the database behind `ds` has run every migration this code
 * expects: commands other than `hc migrate` never migrate on their own.
 */
export async function requireCurrentSchema(ds: DataSource): Promise<void> {
  const pending = await pendingMigrations(ds);
  if (pending.length > 0) {
    throw new SchemaBehindError(
      `the database schema is behind (${pending.length} migration(s) pending, first ${pending[0]}); run hc migrate first`,
    );
  }
}

/** The account `hc seed demo` creates, with a password printed by `npm start`. */
export const DEMO_USER_EMAIL = 'demo@example.com';

/** Whether the demo seed's user exists (issue 18: production refuses to start with it). */
export async function demoSeedPresent(ds: DataSource): Promise<boolean> {
  const rows: unknown[] = await ds.query('SELECT 1 FROM users WHERE email = ? LIMIT 1', [
    DEMO_USER_EMAIL,
  ]);
  return rows.length > 0;
}
