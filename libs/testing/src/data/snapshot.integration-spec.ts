import type { DataSource } from 'typeorm';
import { createDataSource } from '@hc/data';
import { Factory, snapshotDatabase, tablesChangedSince } from '../index';

/**
 * The "nothing changed" fingerprint the dry-run tests use: every row of every table, but not a
 * key's last use, which the credential check writes on any request (at most once a minute).
 */
describe('snapshotDatabase / tablesChangedSince', () => {
  let ds: DataSource;
  let factory: Factory;

  beforeAll(async () => {
    ds = await createDataSource({ poolSize: 2 }).initialize();
    factory = new Factory(ds);
  });
  afterAll(() => ds?.destroy());

  it('sees any write but a key’s last use', async () => {
    const site = await factory.site();
    await factory.key(site);
    const [key] = await ds.query('SELECT id FROM api_keys WHERE site_id = ?', [site.id]);
    const before = await snapshotDatabase(ds);
    await ds.query('UPDATE api_keys SET last_used_at = NOW(3) WHERE id = ?', [key.id]);
    expect(await tablesChangedSince(ds, before)).toEqual([]);
    await ds.query('UPDATE api_keys SET name = ? WHERE id = ?', ['renamed', key.id]);
    expect(await tablesChangedSince(ds, before)).toEqual(['api_keys']);
    const again = await snapshotDatabase(ds);
    await ds.query('UPDATE sites SET name = ? WHERE id = ?', ['Renamed site', site.id]);
    expect(await tablesChangedSince(ds, again)).toEqual(['sites']);
  });
});
