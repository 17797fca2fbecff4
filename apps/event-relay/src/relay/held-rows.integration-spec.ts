import type { DataSource, QueryRunner } from 'typeorm';
import { createDataSource } from '@hc/data';
import { OutboxRelay, writeWebhookEvent } from '@hc/events';
import type { DomainEvent, EventPublisher } from '@hc/events';
import { Factory, scopedSite, TestSite } from '@hc/testing';

jest.setTimeout(30_000);

/**
 * Issue 34 item 6: the relay keeps its shard's lease but passes over rows another transaction
 * holds, so one site's long transaction does not stall the other sites of its shard; the held
 * site's later rows wait for the held one (never published around it).
 */
describe('outbox relay: rows held by another transaction', () => {
  let ds: DataSource;
  let factory: Factory;
  let relay: OutboxRelay | null = null;
  let holder: QueryRunner | null = null;
  const published: DomainEvent[] = [];
  const publisher: EventPublisher = {
    connect: async () => undefined,
    publish: async (events) => void published.push(...events),
    disconnect: async () => undefined,
  };

  const fire = (site: TestSite, m = ds.manager) =>
    writeWebhookEvent(m, scopedSite(site), 'site.updated', {
      type: 'site',
      id: site.id,
      visibility: 'public',
    });
  const commit = (site: TestSite) => ds.transaction((m) => fire(site, m));
  const idsOf = (site: TestSite) => published.filter((e) => e.siteId === site.id).map((e) => e.id);
  /** One shard for every site; a small batch makes the relay look past a held site. */
  function startRelay(batch: number): void {
    relay = new OutboxRelay(ds, publisher, {
      shards: 1,
      batch,
      pollMs: 10,
      errorBackoffMs: 10,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
    });
    relay.start();
  }
  async function until(what: string, done: () => boolean): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  beforeAll(async () => {
    ds = await createDataSource({ poolSize: 4 }).initialize();
    factory = new Factory(ds);
  });

  beforeEach(async () => {
    published.length = 0;
    await ds.query('UPDATE outbox SET processed_at = ? WHERE processed_at IS NULL', [new Date()]);
    holder = ds.createQueryRunner();
    await holder.connect();
    await holder.startTransaction('READ COMMITTED');
  });

  afterEach(async () => {
    await relay?.stop();
    relay = null;
    if (holder?.isTransactionActive) await holder.rollbackTransaction();
    await holder?.release();
  });

  afterAll(() => ds?.destroy());

  it.each([
    [
      'an uncommitted write',
      async (site: TestSite) => fire(site, holder!.manager),
      () => holder!.commitTransaction(),
    ],
    [
      'a committed row locked FOR UPDATE',
      async (site: TestSite) => {
        const id = await commit(site);
        await holder!.query('SELECT id FROM outbox WHERE id = ? FOR UPDATE', [id]);
        return id;
      },
      () => holder!.commitTransaction(),
    ],
  ])(
    'with %s of one site, publishes the other sites and that site only in order once it is free',
    async (_, hold, release) => {
      const held = await factory.site();
      const other = await factory.site();
      const late = await factory.site();
      const heldFirst = await hold(held);
      const heldLater = [await commit(held), await commit(held)];
      const others = [await commit(other), await commit(other)];

      startRelay(2);
      await until("the other site's rows", () => idsOf(other).length === 2);
      expect(idsOf(other)).toEqual(others);
      // A row committed afterwards is published by a later pass: the held site's later rows
      // were looked at again meanwhile and still not published around the held one.
      const afterwards = await commit(late);
      await until('a later pass', () => idsOf(late).length === 1);
      expect(idsOf(late)).toEqual([afterwards]);
      expect(idsOf(held)).toEqual([]);
      const [{ n }] = await ds.query(
        'SELECT COUNT(*) AS n FROM outbox WHERE site_id = ? AND processed_at IS NOT NULL',
        [held.id],
      );
      expect(Number(n)).toBe(0);

      await release();
      await until("the held site's rows", () => idsOf(held).length === 3);
      expect(idsOf(held)).toEqual([heldFirst, ...heldLater]);
    },
  );

  it('a held row that is rolled back holds nothing up after it', async () => {
    const held = await factory.site();
    await fire(held, holder!.manager);
    const later = await commit(held);
    startRelay(10);
    await holder!.rollbackTransaction();
    await until("the site's committed row", () => idsOf(held).length === 1);
    expect(idsOf(held)).toEqual([later]);
  });
});
