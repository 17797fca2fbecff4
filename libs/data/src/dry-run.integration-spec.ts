// Dry runs (issue 25): the real write path on one connection, in a transaction always rolled back.
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { DryRunOverError, inDryRun, runDryRun, statementTimeoutSql } from './dry-run';

/** Connections of `ds`'s pool handed out and not yet back (mysql2's pool). */
function inUse(ds: DataSource): number {
  const pool = (
    ds.driver as unknown as { pool: { _allConnections: unknown[]; _freeConnections: unknown[] } }
  ).pool;
  return pool._allConnections.length - pool._freeConnections.length;
}

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

  describe('on a pool of its own, each statement bounded (issue 34 item 6)', () => {
    let own: DataSource;
    beforeAll(async () => {
      own = await createDataSource({ poolSize: 1 }).initialize();
    });
    afterAll(() => own.destroy());

    it('takes its connection from that pool: the app’s pool lends none, even to its repositories', async () => {
      const ownIds = new Set<number>();
      await runDryRun(
        ds,
        async () => {
          // The app's code asks `ds` (as every repository does); the answer comes from `own`.
          await ds.query(`INSERT INTO ${table} (v) VALUES ('p')`);
          const [{ id }] = await ds.query('SELECT CONNECTION_ID() AS id');
          ownIds.add(Number(id));
          expect([inUse(ds), inUse(own)]).toEqual([0, 1]);
          const trx = await ds.query(
            'SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = ?',
            [id],
          );
          expect(Number(trx[0].n)).toBe(1);
        },
        { pool: own, statementTimeoutMs: 5000 },
      );
      expect([inUse(ds), inUse(own)]).toEqual([0, 0]);
      expect(await count()).toBe(0);
      // The connection it used is the pool's one connection.
      const [{ id }] = await own.query('SELECT CONNECTION_ID() AS id');
      expect(ownIds).toEqual(new Set([Number(id)]));
    });

    it('cuts off a statement that runs longer than the timeout; the app’s sessions have no such limit', async () => {
      await expect(
        runDryRun(ds, () => ds.query('SELECT SLEEP(3)'), { pool: own, statementTimeoutMs: 200 }),
      ).rejects.toThrow(/max_statement_time|maximum statement execution time/i);
      const [own1] = await own.query('SELECT @@max_statement_time AS t, @@autocommit AS a');
      expect([Number(own1.t), Number(own1.a)]).toEqual([0.2, 1]);
      const [app] = await ds.query('SELECT @@max_statement_time AS t');
      expect(Number(app.t)).toBe(0);
    });
  });

  it('sets the limit each server understands (MariaDB seconds, MySQL 8 milliseconds)', () => {
    expect(statementTimeoutSql('10.11.19-MariaDB-0+deb12u1', 5000)).toEqual([
      'SET SESSION max_statement_time = 5.000',
      'SET SESSION innodb_lock_wait_timeout = 5',
    ]);
    expect(statementTimeoutSql('8.0.36', 2500)).toEqual([
      'SET SESSION max_execution_time = 2500',
      'SET SESSION innodb_lock_wait_timeout = 3',
    ]);
  });
});
