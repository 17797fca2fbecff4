// Issue 34 item 6: a dry run never holds a pooled connection or uncommitted rows while it
// downloads. A tenant's dry run of POST /images/bulk or POST /articles/bulk (rehost_images) that
// points at a slow address must leave the app's pool and the database alone until every
// download is done: each is streamed to a temporary file (gone again afterwards, whatever
// happened), then one short transaction runs on the dry runs' own pool, every statement bounded.
// Asserted on the pools and the server's transactions while a download hangs, not on timings.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { resetSettings } from '@hc/contracts';
import { DryRunner } from '@hc/data';
import {
  selfSignedCertificate,
  snapshotDatabase,
  tablesChangedSince,
  TestApp,
  useTwoSites,
  withoutBackgroundWriters,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import { DRY_RUN_DOWNLOAD_PREFIX } from './image-importer';
import {
  form,
  makeImage,
  restoreEnv,
  send,
  startImageServer,
  useTempDataDir,
  type ImageServer,
} from './testing/image-fixtures';

// The module object itself, so a spy reaches the importer's `tmpdir()` (as @hc/net's spec does
// for its resolver).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const os = require('node:os') as typeof import('node:os');

/** Connections of a data source's pool handed out and not yet back (mysql2's pool). */
function inUse(ds: DataSource): number {
  const pool = (
    ds.driver as unknown as { pool: { _allConnections: unknown[]; _freeConnections: unknown[] } }
  ).pool;
  return pool._allConnections.length - pool._freeConnections.length;
}

/**
 * Waits (up to 5 s) until `count()` is 0 and returns what it last read. Used while a download
 * hangs: a connection or transaction the dry run holds never comes back while it hangs, so the
 * count stays above 0; the request's other bookkeeping (its key's last use, its log and budget
 * writes, which under load can still be running when the download starts) comes back in
 * milliseconds.
 */
async function settled(count: () => number | Promise<number>): Promise<number> {
  const deadline = Date.now() + 5_000;
  let n = await count();
  while (n > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    n = await count();
  }
  return n;
}

/** A response held open after its first bytes until the test lets it finish. */
function gate() {
  let reached!: () => void;
  let release!: () => void;
  const state = {
    reached: new Promise<void>((r) => (reached = r)),
    released: new Promise<void>((r) => (release = r)),
  };
  return { ...state, arrive: () => reached(), release: () => release() };
}

describe('dry runs download before their transaction (issue 34 item 6)', () => {
  let t: TestApp, key: string, server: ImageServer, png: Buffer, slowPng: Buffer;
  let app: DataSource, dryRunner: DryRunner, scratch: string;
  let current = gate();
  let restoreSettings: () => void;
  let tmpdirSpy: jest.SpyInstance;

  beforeAll(async () => {
    [png, slowPng] = await Promise.all([makeImage('png', 81), makeImage('png', 82)]);
    server = await startImageServer(
      {
        '/a.png': send(png, 'image/png'),
        '/slow.png': (_req, res) => {
          // Half the image, then nothing until the test has looked at the database.
          res.writeHead(200, { 'content-type': 'image/png' });
          res.write(slowPng.subarray(0, 40), () => current.arrive());
          void current.released.then(() => res.end(slowPng.subarray(40)));
        },
        '/broken.png': (_req, res) => {
          res.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' });
          res.write(png.subarray(0, 30), () => res.destroy());
        },
        '/huge.png': (_req, res) => {
          // No content-length: the 10 MB cap is met while streaming.
          res.writeHead(200, { 'content-type': 'image/png' });
          const chunk = Buffer.alloc(1 << 20, 7);
          let sent = 0;
          const more = () => {
            while (sent < 11 && res.write(chunk)) sent++;
            if (sent < 11) res.once('drain', more);
            else res.end();
          };
          res.write(png.subarray(0, 16));
          more();
        },
        '/gone.png': send('gone', 'text/plain', 410),
      },
      selfSignedCertificate(),
    );
    useTempDataDir([`127.0.0.1:${server.port}`]);
    // Temporary files of this file's app only (os.tmpdir() of the real process: jest's
    // process.env is a copy, so TMPDIR cannot be changed from here).
    scratch = mkdtempSync(join(tmpdir(), 'hc-dry-run-spec-'));
    tmpdirSpy = jest.spyOn(os, 'tmpdir').mockReturnValue(scratch);
    restoreSettings = withoutBackgroundWriters();
  });
  useTwoSites(createContentApi, {}, (s) => {
    ({ t, key } = s);
    app = t.app.get(DataSource);
    dryRunner = t.app.get(DryRunner);
  });
  afterAll(async () => {
    restoreSettings();
    tmpdirSpy.mockRestore();
    restoreEnv();
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  beforeEach(() => {
    current = gate();
  });

  const downloads = () => readdirSync(scratch).filter((n) => n.startsWith(DRY_RUN_DOWNLOAD_PREFIX));
  /**
   * Open InnoDB transactions of connections to this test's database but the test's own (the
   * other jest worker's database is busy with tests of its own meanwhile).
   */
  const openTransactions = async () =>
    Number(
      (
        await t.ds.query(
          `SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX x
             JOIN information_schema.PROCESSLIST p ON p.ID = x.trx_mysql_thread_id
            WHERE x.trx_mysql_thread_id <> CONNECTION_ID() AND p.DB = DATABASE()`,
        )
      )[0].n,
    );

  /** While the slow download hangs: nothing of either pool is lent, no transaction is open. */
  async function expectNothingHeldWhileDownloading(): Promise<void> {
    await current.reached;
    const own = await dryRunner.ownPool();
    expect(await settled(() => inUse(app))).toBe(0);
    expect(await settled(() => inUse(own))).toBe(0);
    expect(await settled(openTransactions)).toBe(0);
    // The download goes to a file of its own, not to memory: its first bytes are there.
    const [dir] = downloads();
    expect(downloads()).toHaveLength(1);
    // (The file is opened and the bytes the server wrote reach it a moment later: waited for,
    // up to the test's own timeout, not timed.)
    const file = join(scratch, dir, 'download');
    const written = () => (existsSync(file) ? readFileSync(file).length : 0);
    while (written() < 40) await new Promise((r) => setTimeout(r, 20));
    expect(readFileSync(file)).toEqual(slowPng.subarray(0, 40));
  }

  /** Checks the hanging download holds nothing, lets it finish, and returns the 207 answer. */
  async function heldThenAnswered<T extends { status: number }>(pending: Promise<T>): Promise<T> {
    try {
      await expectNothingHeldWhileDownloading();
    } finally {
      current.release();
    }
    const res = await pending;
    expect(res.status).toBe(207);
    return res;
  }

  it('POST /images/bulk: a stored file first, then a slow address; nothing held while it downloads', async () => {
    const before = await snapshotDatabase(t.ds);
    const fresh = await makeImage('png', 83);
    const pending = t.request('POST', '/v1/images/bulk?dry_run=1', {
      key,
      raw: form([
        ['files[0]', { data: fresh, name: 'fresh.png' }],
        ['source_urls[1]', `${server.origin}/slow.png`],
        ['source_urls[2]', `${server.origin}/a.png`],
        ['source_urls[3]', `${server.origin}/slow.png?again`],
      ]),
    });
    // The same address downloaded again (the query makes it one more request), released at once.
    const res = await heldThenAnswered(pending);
    expect(res.body).toMatchObject({
      status: 'success',
      dry_run: true,
      meta: { total: 4, created: 3, reused: 1, failed: 0 },
    });
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'created',
      'reused',
    ]);
    expect(res.body.results[1].image).toEqual({
      id: null,
      url: null,
      filename: 'slow.png',
      mime_type: 'image/png',
      size: slowPng.length,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      alt_text: '',
      snippets: null,
      created_at: expect.any(String),
    });
    expect(downloads()).toEqual([]);
    expect(await tablesChangedSince(t.ds, before)).toEqual([]);
  });

  it('POST /articles/bulk with rehost_images: an article written first, then a slow image; nothing held while it downloads', async () => {
    const before = await snapshotDatabase(t.ds);
    const pending = t.request('POST', '/v1/articles/bulk', {
      key,
      body: {
        dry_run: true,
        articles: [
          { title: { en: 'First' } },
          {
            title: { en: 'With images' },
            content: {
              en: `<p><img src="${server.origin}/slow.png"><img src="${server.origin}/gone.png"></p>`,
            },
            rehost_images: true,
          },
        ],
      },
    });
    const res = await heldThenAnswered(pending);
    expect(res.body.meta).toEqual({ total: 2, created: 2, updated: 0, failed: 0 });
    expect(res.body.results[1].images).toEqual({
      rehosted: 1,
      reused: 0,
      failed: [{ src: `${server.origin}/gone.png`, reason: 'image returned HTTP 410' }],
      failed_count: 1,
    });
    expect(res.body.results[1].article.content.en).not.toContain('/slow.png');
    expect(downloads()).toEqual([]);
    expect(await tablesChangedSince(t.ds, before)).toEqual([]);
  });

  it('removes every temporary file of a failed download: cut off, too large, refused, not an image', async () => {
    const res = await t.request('POST', '/v1/images/bulk?dry_run=1', {
      key,
      body: {
        source_urls: [
          `${server.origin}/broken.png`,
          `${server.origin}/huge.png`,
          `${server.origin}/gone.png`,
          'https://10.0.0.1/x.png',
          `${server.origin}/missing.html`,
        ],
      },
    });
    expect(res.status).toBe(207);
    expect(res.body.results.map((r: { error: { message: string } }) => r.error.message)).toEqual([
      'could not connect to the host',
      'larger than the 10485760-byte limit',
      'image returned HTTP 410',
      'host resolves to a private or reserved address',
      'image returned HTTP 404',
    ]);
    expect(downloads()).toEqual([]);
    // Nothing of the app's pool kept: the request's own bookkeeping after its answer (its log and
    // budget writes) gives its connection back a moment later; a leak never does.
    expect(await settled(() => inUse(app))).toBe(0);
  });

  it('the dry runs’ own pool bounds every statement; the app’s pool is not touched', async () => {
    const own = await dryRunner.ownPool();
    expect(own).not.toBe(app);
    // Inside a dry run the app's own code (`app.query`) runs on the bounded session.
    const [dry] = await dryRunner.run(() => app.query('SELECT @@max_statement_time AS t'));
    expect(Number(dry.t)).toBe(5);
    const [live] = await app.query('SELECT @@max_statement_time AS t');
    expect(Number(live.t)).toBe(0);
    process.env.HC_DRY_RUN_STATEMENT_TIMEOUT = '300ms';
    resetSettings();
    try {
      await expect(dryRunner.run(() => app.query('SELECT SLEEP(5)'))).rejects.toThrow(
        /max_statement_time/,
      );
    } finally {
      delete process.env.HC_DRY_RUN_STATEMENT_TIMEOUT;
      resetSettings();
    }
    // The app's background loops (export jobs, scheduled publishes) query on its pool now and
    // then; what they take comes back in milliseconds, what a dry run took never would.
    expect([await settled(() => inUse(app)), inUse(own)]).toEqual([0, 0]);
  });
});
