import type { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';

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
