import type { DataSource } from 'typeorm';
import { createDataSource } from '@hc/data';
import { Factory, fixtureDatabaseUrl, pastEventRow } from '@hc/testing';
import { DeliveriesRepository, fairShares } from './deliveries.repository';
import { DISPATCHER } from './dispatcher.options';

/**
 * Issue 34 item 6, fair delivery slots: which due deliveries a claim takes when one site (the
 * slow one) has a long backlog and attempts in flight. No clock: every row is due at a fixed time
 * long past, and the claim is asked as of a fixed `now`.
 */
describe('webhook dispatcher: a claim shares the slots between sites', () => {
  /** The dispatcher's own connection (its database user, as the app runs) and the fixtures'. */
  let ds: DataSource;
  let admin: DataSource;
  let repo: DeliveriesRepository;
  let factory: Factory;
  const t0 = Date.UTC(2001, 0, 1);
  const now = new Date(t0 + 86_400_000);
  const lease = new Date(t0 + 2 * 86_400_000);
  let eventId = 900_000_000;

  beforeAll(async () => {
    ds = await createDataSource({ poolSize: 2 }).initialize();
    admin = await createDataSource({ url: fixtureDatabaseUrl(), poolSize: 2 }).initialize();
    repo = new DeliveriesRepository(ds);
    factory = new Factory(admin);
  });
  // This file's rows only: due in 2001 or leased until 2001.
  afterEach(() =>
    admin.query('DELETE FROM webhook_deliveries WHERE next_attempt_at <= ?', [lease]),
  );
  afterAll(async () => {
    await ds?.destroy();
    await admin?.destroy();
  });

  /** `n` due deliveries of a new site, the k-th due at t0 + `from` + k seconds; their ids. */
  async function dueRows(siteId: number, n: number, from: number): Promise<string[]> {
    const ids: string[] = [];
    for (let k = 0; k < n; k++) {
      const id = ++eventId;
      await pastEventRow(admin, siteId, id, new Date(t0));
      const r = await admin.query(
        `INSERT INTO webhook_deliveries (event_id, webhook_id, site_id, state, attempts,
           next_attempt_at, created_at) VALUES (?, 999999, ?, 'pending', 0, ?, ?)`,
        [id, siteId, new Date(t0 + (from + k) * 1000), new Date(t0)],
      );
      ids.push(String(r.insertId));
    }
    return ids;
  }

  async function sites() {
    const [slow, b, c] = [await factory.site(), await factory.site(), await factory.site()];
    return {
      slow: { id: slow.id, rows: await dueRows(slow.id, 100, 0) },
      b: { id: b.id, rows: await dueRows(b.id, 3, 500) },
      c: { id: c.id, rows: await dueRows(c.id, 2, 600) },
    };
  }
  const claimedIds = async (limit: number, inFlight: Map<number, number>) =>
    (await repo.claimDueAcrossSites(limit, now, lease, inFlight)).map((c) => c.id).sort();
  const sorted = (ids: string[]) => [...ids].sort();

  it('with nothing in flight, takes turns between sites instead of the oldest rows first', async () => {
    const { slow, b, c } = await sites();
    // Before issue 34 a claim of 6 took the slow site's six oldest rows.
    expect(await claimedIds(6, new Map())).toEqual(
      sorted([...slow.rows.slice(0, 2), ...b.rows.slice(0, 2), ...c.rows]),
    );
    // Claimed rows are leased: the next claim passes over them.
    expect(await claimedIds(3, new Map())).toEqual(sorted([...slow.rows.slice(2, 4), b.rows[2]]));
  });

  it('a site hogging slots gets only what the others leave, its oldest first', async () => {
    const { slow, b, c } = await sites();
    expect(await claimedIds(10, new Map([[slow.id, 40]]))).toEqual(
      sorted([...b.rows, ...c.rows, ...slow.rows.slice(0, 5)]),
    );
  });

  it('a site at its share of the slots gets none, however old its rows', async () => {
    const { slow, b, c } = await sites();
    const hogging = new Map<number, number>([[slow.id, DISPATCHER.perSiteSlots]]);
    expect(await claimedIds(64, hogging)).toEqual(sorted([...b.rows, ...c.rows]));
    // One slot back (an attempt ended): the slow site's next oldest row, and only that one.
    hogging.set(slow.id, DISPATCHER.perSiteSlots - 1);
    expect(await claimedIds(64, hogging)).toEqual([slow.rows[0]]);
  });

  it('hands each next slot to the site with the fewest in flight, then the longest waiting', () => {
    const at = (s: number) => new Date(t0 + s * 1000);
    const rows = [
      { id: '1', site_id: 1, next_attempt_at: at(0) },
      { id: '2', site_id: 1, next_attempt_at: at(1) },
      { id: '3', site_id: 1, next_attempt_at: at(2) },
      { id: '4', site_id: 2, next_attempt_at: at(5) },
      { id: '5', site_id: 2, next_attempt_at: at(6) },
      { id: '6', site_id: 3, next_attempt_at: at(9) },
    ];
    // Site 1 has two in flight: sites 2 and 3 go first, then turns by load and due time.
    expect(fairShares(rows, 6, new Map([[1, 2]]), 4)).toEqual(['4', '6', '5', '1', '2']);
    expect(fairShares(rows, 3, new Map(), 4)).toEqual(['1', '4', '6']);
  });
});
