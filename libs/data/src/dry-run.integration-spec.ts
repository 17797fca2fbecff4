// Dry runs (issue 25): the real write path on one connection, in a transaction always rolled back.
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { DryRunOverError, inDryRun, runDryRun } from './dry-run';

describe('runDryRun', () => {
  let ds: DataSource;
  const table = `dry_run_probe_${process.pid}`;
  const count = async () => Number((await ds.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    ds = await createDataSource({ poolSize: 3 }).initialize();
    await ds.query(`CREATE TABLE ${table} (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(20) UNIQUE)
      ENGINE=InnoDB`);
  });
  afterAll(async () => {
    await ds.query(`DROP TABLE ${table}`);
    await ds.destroy();
  });

  it('runs queries, repositories and nested transactions on one connection and keeps none of it', async () => {
    const seen = await runDryRun(ds, async () => {
      expect(inDryRun()).toBe(true);
      await ds.transaction(async (m) => {
        await m.query(`INSERT INTO ${table} (v) VALUES ('a')`);
      });
      // A failed inner transaction undoes only itself, as outside a dry run.
      await expect(
        ds.transaction(async (m) => {
          await m.query(`INSERT INTO ${table} (v) VALUES ('b')`);
          await m.query(`INSERT INTO ${table} (v) VALUES ('a')`);
        }),
      ).rejects.toThrow(/Duplicate/);
      await ds.manager.query(`INSERT INTO ${table} (v) VALUES ('c')`);
      return (await ds.query(`SELECT v FROM ${table} ORDER BY v`)) as { v: string }[];
    });
    expect(seen.map((r) => r.v)).toEqual(['a', 'c']);
    expect(inDryRun()).toBe(false);
    expect(await count()).toBe(0);
  });

  it('commits nothing even after InnoDB ended its transaction on its own', async () => {
    await runDryRun(ds, async () => {
      await ds.query(`INSERT INTO ${table} (v) VALUES ('x')`);
      // What a deadlock victim gets: the whole transaction rolled back by the server.
      await ds.query('ROLLBACK');
      await ds.query(`INSERT INTO ${table} (v) VALUES ('y')`);
      // A stray COMMIT-free statement sequence must not autocommit.
      expect(Number((await ds.query('SELECT @@autocommit AS a'))[0].a)).toBe(0);
    });
    expect(await count()).toBe(0);
    // The connection went back to the pool as it came: autocommit on for the next user.
    const runners = await Promise.all([1, 2, 3].map(() => ds.query('SELECT @@autocommit AS a')));
    expect(runners.map((r) => Number(r[0].a))).toEqual([1, 1, 1]);
  });

  it('work that outlives its dry run cannot reach the database', async () => {
    let late: Promise<unknown> = Promise.resolve();
    await runDryRun(ds, async () => {
      late = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        ds.query(`INSERT INTO ${table} (v) VALUES ('late')`),
      );
    });
    await expect(late).rejects.toThrow(DryRunOverError);
    expect(await count()).toBe(0);
  });

  it('an error inside rolls back and is passed on', async () => {
    await expect(
      runDryRun(ds, async () => {
        await ds.query(`INSERT INTO ${table} (v) VALUES ('e')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await count()).toBe(0);
  });
});
