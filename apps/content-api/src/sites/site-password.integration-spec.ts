import { createHash, randomBytes } from 'node:crypto';
import { TestApp, TestSite, useTwoSites } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { run } from '../cli';

/** Issue 34 item 4: a new reader password ends the reader sessions the old one granted. */
describe('changing a site’s reader password (issue 34 item 4)', () => {
  let t: TestApp, site: TestSite, other: TestSite;
  useTwoSites(createContentApi, { site: {}, other: {} }, (s) => ({ t, site, other } = s));

  /** A reader session as reader-site opens one (only the token's hash is stored). */
  const session = async (siteId: number, userId: number | null) => {
    const token = randomBytes(16).toString('hex');
    const hash = createHash('sha256').update(token).digest('hex');
    const now = new Date();
    await t.ds.query(
      'INSERT INTO reader_sessions (token_hash, site_id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
      [hash, siteId, userId, new Date(now.getTime() + 86_400_000), now],
    );
    return hash;
  };
  const alive = async (hashes: string[]) =>
    (
      (await t.ds.query('SELECT token_hash FROM reader_sessions WHERE token_hash IN (?)', [
        hashes,
      ])) as { token_hash: string }[]
    ).map((r) => r.token_hash);

  it('ends the site’s password sessions; members’ sessions and other sites’ stay', async () => {
    const flags = { site: String(site.id), visibility: 'password', 'site-password': 'first one' };
    await run('site update', flags);
    const member = await t.factory.user();
    const granted = [await session(site.id, null), await session(site.id, null)];
    const kept = [
      await session(site.id, member.id),
      await session(other.id, null),
      await session(other.id, member.id),
    ];
    // Changing anything else keeps them.
    await run('site update', { site: String(site.id), name: 'Renamed' });
    expect(await alive(granted)).toHaveLength(2);
    await run('site update', { site: String(site.id), 'site-password': 'second one' });
    expect(await alive([...granted, ...kept])).toEqual(expect.arrayContaining(kept));
    expect(await alive(granted)).toEqual([]);
  });
});
