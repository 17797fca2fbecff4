// Secrets at rest (issue 34 item 5): sealing under HC_DATA_KEYS (or the machine's key file),
// what the database alone cannot open, a rotation (new key seals, old keys still open,
// `hc data reencrypt` moves every row), and the migration of rows stored in plain text.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { checkSettings } from '@hc/contracts';
import { Factory } from '../index';
import {
  createDataSource,
  dataKeys,
  resealSecrets,
  seal,
  sealedUnder,
  unseal,
  unsealSecrets,
} from '@hc/data';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('secrets sealed at rest (data-keys.ts)', () => {
  let ds: DataSource;
  let saved: string | undefined;
  let siteId: number;

  beforeAll(async () => {
    saved = process.env.HC_DATA_KEYS;
    ds = await createDataSource({ poolSize: 2 }).initialize();
    siteId = (await new Factory(ds).site()).id;
  });

  afterEach(() => {
    if (saved === undefined) delete process.env.HC_DATA_KEYS;
    else process.env.HC_DATA_KEYS = saved;
  });

  it('seals with AES-GCM under the first key, bound to its column', () => {
    process.env.HC_DATA_KEYS = `${key('new')},${key('old')}`;
    const sealed = seal('whsec-plain-0123456789', 'webhooks.secret');
    expect(sealed).toMatch(/^enc:v1:new:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('whsec');
    expect(seal('whsec-plain-0123456789', 'webhooks.secret')).not.toBe(sealed); // fresh IV
    expect(unseal(sealed, 'webhooks.secret')).toBe('whsec-plain-0123456789');
    // Moved to another column, or changed by one character: refused, not misread.
    expect(() => unseal(sealed, 'image_secrets.value')).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => unseal(flipped, 'webhooks.secret')).toThrow();
    // A database copy without the key opens nothing.
    process.env.HC_DATA_KEYS = key('other');
    expect(() => unseal(sealed, 'webhooks.secret')).toThrow(
      'a secret is sealed under data key "new", which HC_DATA_KEYS lacks',
    );
    // Rows written before sealing are read as they are.
    expect(unseal('plain-secret-0123456789', 'webhooks.secret')).toBe('plain-secret-0123456789');
  });

  it('makes one key file under HC_DATA_DIR on one machine, readable by its owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hc-data-keys-'));
    try {
      const env = { HC_DATA_DIR: join(dir, 'nested') };
      const first = dataKeys(env);
      expect(first).toHaveLength(1);
      expect(first[0].key).toHaveLength(32);
      const file = join(dir, 'nested', 'data-keys');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(dataKeys(env)[0].key.equals(first[0].key)).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain(`${first[0].id}:`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses malformed keys, and production without HC_DATA_KEYS for the apps that seal', () => {
    const problems = (env: NodeJS.ProcessEnv, app?: string) => {
      try {
        checkSettings(env, app);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(problems({ HC_DATA_KEYS: 'k1:short' })).toMatch('each key 32 bytes');
    expect(problems({ HC_DATA_KEYS: `${key('a')},${key('a')}` })).toMatch('twice');
    const production = {
      NODE_ENV: 'production',
      HC_DATABASE_URL: 'mysql://hc:pw-0123456789@db:3306/hc',
      HC_REDIS_URL: 'redis://r:6379',
      HC_PUBLIC_URL: 'https://help.example.com',
      HC_SMTP_URL: 'smtp://mailer:pw-0123456789@mail.example.com:587',
    };
    for (const app of ['content-api', 'webhook-dispatcher'])
      expect(problems(production, app)).toMatch('HC_DATA_KEYS is unset');
    expect(problems(production, 'reader-site')).toBe('');
    expect(problems({ ...production, HC_DATA_KEYS: key('k1') }, 'content-api')).toBe('');
  });

  let totpPerson: number | null = null;

  it('seals rows stored in plain text, and moves every row to a new key on rotation', async () => {
    const old = key('old');
    // Other rows of the worker's database are sealed under the tier's key: it stays, last.
    const tier = saved ? `,${saved}` : '';
    process.env.HC_DATA_KEYS = old + tier;
    const now = new Date();
    const plain = 'stored-as-sent-0123456789';
    const inserted = await ds.query(
      'INSERT INTO webhooks (site_id, url, secret, signature_scheme, created_at) VALUES (?, ?, ?, ?, ?)',
      [siteId, 'https://hooks.example.com/a', plain, 'service', now],
    );
    const id = inserted.insertId;
    const stored = async () =>
      (await ds.query('SELECT secret FROM webhooks WHERE id = ?', [id]))[0].secret as string;
    // A person's TOTP secret (issue 38), sealed from the start under the key of its day.
    const person = await new Factory(ds).user();
    totpPerson = person.id;
    await ds.query('UPDATE users SET totp_secret = ? WHERE id = ?', [
      seal('JBSWY3DPEHPK3PXP', 'users.totp_secret'),
      person.id,
    ]);
    const totp = async () =>
      (await ds.query('SELECT totp_secret FROM users WHERE id = ?', [person.id]))[0]
        .totp_secret as string;
    // The migration's step (and `hc data reencrypt`): plain text → sealed under the current key.
    expect((await resealSecrets(ds)).webhooks).toBeGreaterThanOrEqual(1);
    expect(sealedUnder(await stored())).toBe('old');
    expect(unseal(await stored(), 'webhooks.secret')).toBe(plain);
    // Rotation: the new key first; what the old one sealed still opens meanwhile.
    const fresh = key('new');
    process.env.HC_DATA_KEYS = `${fresh},${old}${tier}`;
    expect(unseal(await stored(), 'webhooks.secret')).toBe(plain);
    await resealSecrets(ds);
    expect(sealedUnder(await stored())).toBe('new');
    expect(sealedUnder(await totp())).toBe('new');
    expect(unseal(await totp(), 'users.totp_secret')).toBe('JBSWY3DPEHPK3PXP');
    const again = await resealSecrets(ds);
    expect(again).toMatchObject({ webhooks: 0, users: 0 });
    // The old key can go now.
    process.env.HC_DATA_KEYS = fresh + tier;
    expect(unseal(await stored(), 'webhooks.secret')).toBe(plain);
    // The migration's down(): back to plain text.
    // (Every sealed column: other files' TOTP secrets were moved to the test's key too.)
    await unsealSecrets(ds, 'all');
    expect(await stored()).toBe(plain);
  });

  afterAll(async () => {
    // Every row of the worker's database back under the tier's key, for the files after.
    await ds.query('DELETE FROM webhooks WHERE site_id = ?', [siteId]);
    // The test's TOTP secret was sealed under a key the tier does not have.
    if (totpPerson)
      await ds.query('UPDATE users SET totp_secret = NULL WHERE id = ?', [totpPerson]);
    // (The last test left every row in plain text.)
    if (saved) await resealSecrets(ds);
    await ds.destroy();
  });
});
