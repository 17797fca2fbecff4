import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { resetSettings } from '@hc/contracts';

/** Every table of the test database with its row count and content checksum. */
export type DatabaseSnapshot = Record<string, { rows: number; checksum: string }>;

/**
 * Columns the credential check writes on any request, whatever the request does: an API key's
 * last use (issue 38, at most once a minute). A snapshot leaves them out, so "nothing changed"
 * speaks of what the request itself wrote.
 */
const BOOKKEEPING: Record<string, string[]> = { api_keys: ['last_used_at'] };

/** A table's checksum without its bookkeeping columns: every other column of every row. */
async function checksumWithout(ds: DataSource, name: string, left: string[]): Promise<string> {
  const columns = (
    (await ds.query(
      `SELECT column_name AS c FROM information_schema.columns
        WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position`,
      [name],
    )) as { c: string }[]
  )
    .map((r) => r.c)
    .filter((c) => !left.includes(c));
  const cells = columns.map((c) => `IFNULL(\`${c}\`, '\\N')`).join(', ');
  const [row] = (await ds.query(
    `SELECT BIT_XOR(CRC32(CONCAT_WS('|', ${cells}))) AS s FROM \`${name}\``,
  )) as { s: string | number | null }[];
  return String(row.s);
}

/**
 * A fingerprint of the whole database: `CHECKSUM TABLE` reads every row of every table, so any
 * insert, update or delete anywhere (outbox and audit included) changes it; `BOOKKEEPING`
 * columns are left out.
 */
export async function snapshotDatabase(ds: DataSource): Promise<DatabaseSnapshot> {
  const tables = (
    (await ds.query(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )) as { name: string }[]
  ).map((r) => r.name);
  const out: DatabaseSnapshot = {};
  for (const name of tables) {
    const [count] = (await ds.query(`SELECT COUNT(*) AS n FROM \`${name}\``)) as { n: string }[];
    if (BOOKKEEPING[name]) {
      const checksum = await checksumWithout(ds, name, BOOKKEEPING[name]);
      out[name] = { rows: Number(count.n), checksum };
      continue;
    }
    const [sum] = (await ds.query(`CHECKSUM TABLE \`${name}\` EXTENDED`)) as {
      Checksum: string | number | null;
    }[];
    out[name] = { rows: Number(count.n), checksum: String(sum.Checksum) };
  }
  return out;
}

/** The tables whose rows differ between two snapshots (an empty list: nothing changed). */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (n) => before[n]?.rows !== after[n]?.rows || before[n]?.checksum !== after[n]?.checksum,
  );
}

/** The tables whose rows changed since `before` was taken (an empty list: nothing changed). */
export async function tablesChangedSince(
  ds: DataSource,
  before: DatabaseSnapshot,
): Promise<string[]> {
  return changedTables(before, await snapshotDatabase(ds));
}

/** Every file under `dir` (relative paths, sorted); a missing directory has none. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1))
    .sort();
}

/**
 * Turns off the writers an app runs on its own (the daily analytics rollup), so a snapshot
 * taken around a request sees only that request's writes. Call before starting the app; the
 * returned function puts the setting back.
 */
export function withoutBackgroundWriters(): () => void {
  const saved = process.env.HC_ANALYTICS_ROLLUP_TIMER;
  process.env.HC_ANALYTICS_ROLLUP_TIMER = 'false';
  resetSettings();
  return () => {
    if (saved === undefined) delete process.env.HC_ANALYTICS_ROLLUP_TIMER;
    else process.env.HC_ANALYTICS_ROLLUP_TIMER = saved;
    resetSettings();
  };
}
