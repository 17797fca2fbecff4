import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDataKeys } from '@hc/contracts';
import type { DataKey } from '@hc/contracts';
import type { DataSource } from 'typeorm';

/**
 * Secrets at rest (issue 34 item 5; docs/decisions/secrets-encrypted-at-rest.md): webhook secrets
 * and the upload-URL signing key are stored sealed with AES-256-GCM under a key the database
 * does not hold: `HC_DATA_KEYS` (the first key seals, every key opens), or on one machine a key
 * file `HC_DATA_DIR/data-keys` made on first use. A sealed value is
 * `enc:v1:<key id>:<base64url of iv, ciphertext, tag>`, its purpose (table and column) bound as
 * additional data so a value cannot be moved to another column. A value without the prefix is a
 * row written before this (or by the previous release during an upgrade): read as it is, sealed
 * by `hc data reencrypt`.
 */
const PREFIX = 'enc:v1:';

/** What a sealed value is for (its additional authenticated data). */
export type SealPurpose = 'webhooks.secret' | 'image_secrets.value' | 'users.totp_secret';

let cached: { source: string; keys: DataKey[] } | null = null;

/** The key file of one machine: created once, atomically (two apps starting at once agree). */
function keyFileText(dataDir: string): string {
  const file = join(dataDir, 'data-keys');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const id = `k${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`;
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, `${id}:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch {
      /* another process made it first: theirs */
    } finally {
      rmSync(temp, { force: true });
    }
    return readFileSync(file, 'utf8');
  }
}

/** The data keys, the sealing one first (HC_DATA_KEYS, else the machine's key file). */
export function dataKeys(env: NodeJS.ProcessEnv = process.env): DataKey[] {
  const source = env.HC_DATA_KEYS?.trim()
    ? env.HC_DATA_KEYS
    : keyFileText(env.HC_DATA_DIR?.trim() || './var');
  if (cached?.source !== source) cached = { source, keys: parseDataKeys(source.trim()) };
  return cached.keys;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The id of the key a value is sealed under (null: stored in plain text). */
export function sealedUnder(stored: string): string | null {
  return isSealed(stored) ? stored.slice(PREFIX.length).split(':')[0] : null;
}

export function seal(plain: string, purpose: SealPurpose): string {
  const { id, key } = dataKeys()[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${id}:${Buffer.concat([iv, body]).toString('base64url')}`;
}

/** The plain value; throws when its key is not among HC_DATA_KEYS or it was tampered with. */
export function unseal(stored: string, purpose: SealPurpose): string {
  if (!isSealed(stored)) return stored;
  const [id, data] = stored.slice(PREFIX.length).split(':');
  const found = dataKeys().find((k) => k.id === id);
  if (!found)
    throw new Error(`a secret is sealed under data key "${id}", which HC_DATA_KEYS lacks`);
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', found.key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** The columns the secrets-at-rest migration sealed: table, key column, value column, purpose. */
const SEALED = [
  { table: 'webhooks', id: 'id', column: 'secret', purpose: 'webhooks.secret' },
  { table: 'image_secrets', id: 'name', column: 'value', purpose: 'image_secrets.value' },
] as const;

/**
 * Every sealed column `hc data reencrypt` moves to the current key: those, and the columns later
 * migrations seal from the start (issue 38: TOTP secrets, null until a person enrols).
 */
const RESEALED = [
  ...SEALED,
  { table: 'users', id: 'id', column: 'totp_secret', purpose: 'users.totp_secret' },
] as const;

/**
 * Seals every value not sealed under the current key (plain text, or an older key) with the
 * current one: the migration for existing rows and `hc data reencrypt` after a rotation. Row by
 * row, each update guarded by the value it read (a concurrent change wins). Returns per table
 * how many rows it sealed. `migrated`: only the columns the secrets-at-rest migration sealed
 * (that migration runs before later ones add theirs).
 */
export async function resealSecrets(
  runner: Pick<DataSource, 'query'>,
  columns: 'migrated' | 'all' = 'all',
): Promise<Record<string, number>> {
  const current = dataKeys()[0].id;
  const counts: Record<string, number> = {};
  for (const { table, id, column, purpose } of columns === 'all' ? RESEALED : SEALED) {
    counts[table] = 0;
    const rows: { k: string | number; v: string }[] = await runner.query(
      `SELECT ${id} AS k, ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    for (const row of rows) {
      if (sealedUnder(row.v) === current) continue;
      await runner.query(`UPDATE ${table} SET ${column} = ? WHERE ${id} = ? AND ${column} = ?`, [
        seal(unseal(row.v, purpose), purpose),
        row.k,
        row.v,
      ]);
      counts[table]++;
    }
  }
  return counts;
}

/**
 * The reverse, for the migration's down() (its own columns): every value back in plain text;
 * `all` every sealed column (tests that rotate keys on a shared database).
 */
export async function unsealSecrets(
  runner: Pick<DataSource, 'query'>,
  columns: 'migrated' | 'all' = 'migrated',
): Promise<void> {
  for (const { table, id, column, purpose } of columns === 'all' ? RESEALED : SEALED) {
    const rows: { k: string | number; v: string }[] = await runner.query(
      `SELECT ${id} AS k, ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`,
    );
    for (const row of rows.filter((r) => isSealed(r.v)))
      await runner.query(`UPDATE ${table} SET ${column} = ? WHERE ${id} = ?`, [
        unseal(row.v, purpose),
        row.k,
      ]);
  }
}
