import { createServer, Server, Socket, connect } from 'node:net';
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { resetSettings } from '@hc/contracts';
import { closeRedisPublisher } from '@hc/data';
import { DataSource } from 'typeorm';
import {
  buildWorkspace,
  request,
  SiteOptions,
  startBuiltApp,
  operatorEnv,
  startTestApp,
  stopGracefully,
  TestApp,
  testServices,
} from '@hc/testing';
import { createReaderSite } from '../app.factory';
import { article, BROWSER_UA } from '../testing/reader-fixtures';
import { SiteDirectory } from '../data/site-directory';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../../../..');

/** A TCP relay to Redis the test can cut, so the reader's feed can be lost and found again. */
class RedisRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(private readonly target: URL) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = connect(Number(this.target.port || 6379), this.target.hostname);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** The connection drops and no new one is accepted until `open()`. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
    this.server = null;
  }
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * Issue #28: with Redis, a reader replica keeps its sites (and their page versions) in memory
 * while it is subscribed to the writers' announcements, so a cached page costs no SQL; a write
 * made through content-api (its own process) shows on the replica's next pages; a lost
 * subscription falls back to reading the site per request, so nothing stale is served.
 */
describe('reader site: page versions pushed through Redis (issue #28)', () => {
  let t: TestApp;
  let api: ChildProcess & { port: number };
  let relay: RedisRelay;
  let statements = 0;
  const saved = process.env.HC_REDIS_URL;

  beforeAll(async () => {
    const redis = testServices().redisUrl;
    await buildWorkspace();
    api = await startBuiltApp('content-api', { HC_REDIS_URL: redis, LOG_LEVEL: 'warn' });
    relay = new RedisRelay(new URL(redis));
    await relay.open();
    process.env.HC_REDIS_URL = relay.url;
    resetSettings();
    t = await startTestApp(createReaderSite);
    // Every statement the reader replica sends (its repositories use DataSource.query).
    const replica = t.app.get(DataSource);
    const query = replica.query.bind(replica);
    replica.query = ((...args: Parameters<typeof query>) => {
      statements++;
      return query(...args);
    }) as typeof replica.query;
  });

  afterAll(async () => {
    await t?.close();
    // The fixtures' version moves were published from this process, through the relay.
    await closeRedisPublisher();
    await relay?.cut();
    if (api) await stopGracefully(api);
    if (saved === undefined) delete process.env.HC_REDIS_URL;
    else process.env.HC_REDIS_URL = saved;
    resetSettings();
  });

  const feed = () => t.app.get(SiteDirectory);
  const page = async (
    path: string,
  ): Promise<{ status: number; html: string; etag: string | null }> => {
    const res = await fetch(`${t.url}${path}`, { headers: { 'user-agent': BROWSER_UA } }).catch(
      // A kept-alive connection the server closed meanwhile: asked again on a new one.
      () => fetch(`${t.url}${path}`, { headers: { 'user-agent': BROWSER_UA } }),
    );
    return { status: res.status, html: await res.text(), etag: res.headers.get('etag') };
  };
  /** SQL statements the replica sends for `n` requests of a page. */
  const sqlFor = async (path: string, n: number) => {
    const before = statements;
    for (let i = 0; i < n; i++) expect((await page(path)).status).toBe(200);
    return statements - before;
  };
  /**
   * A new site with one article titled `title`, its page opened once while subscribed. The
   * fixtures' own announcements (published from this process as they wrote) may arrive after
   * that first page and make the replica read the site once more: it waits until a hit is free.
   */
  const cachedArticle = async (options: SiteOptions, title: string) => {
    const site = await t.factory.site(options);
    const id = await article(t.ds, site.id, { title: { en: title } });
    const path = `/hc/${site.subdomain}/articles/${id}`;
    await until('the feed', () => feed().live);
    const first = await page(path);
    await until('the fixtures’ announcements', async () => (await sqlFor(path, 1)) === 0, 2_000);
    return { site, id, path, first };
  };
  const edit = async (key: string, id: number, title: string) => {
    const res = await request(`http://127.0.0.1:${api.port}`, 'PATCH', `/v1/articles/${id}`, {
      key,
      body: { title: { en: title } },
    });
    expect(res.status).toBe(200);
  };
  /** Edits the title through content-api; the page at `path` shows it within 2 s (announced). */
  const editAndSee = async (key: string, id: number, path: string, title: string) => {
    await edit(key, id, title);
    await until(`the title "${title}"`, async () => (await page(path)).html.includes(title), 2_000);
  };

  it('a cached page costs no SQL while subscribed; a write through content-api shows at once; a lost feed falls back to reading per request', async () => {
    const { site, id, path, first } = await cachedArticle({}, 'First title');
    const key = await t.factory.key(site);
    expect(first.html).toContain('<h1>First title</h1>');
    // Hits: the site and its version come from memory, the page from the cache.
    expect(await sqlFor(path, 20)).toBe(0);

    // content-api's own code path (its process, its transaction, touchReaderPages after COMMIT).
    await editAndSee(key, id, path, 'Second title');
    const after = await page(path);
    expect(after.html).toContain('<h1>Second title</h1>');
    expect(after.html).not.toContain('<h1>First title</h1>');
    expect(await sqlFor(path, 20)).toBe(0);

    // The feed is lost: nothing is answered from memory; each request reads the site again.
    await relay.cut();
    await until('the feed to count as down', () => !feed().live);
    expect(await sqlFor(path, 5)).toBeGreaterThanOrEqual(5);
    // A write announced while the replica cannot hear it shows on its very next request.
    await edit(key, id, 'Third title');
    const missed = await page(path);
    expect(missed.html).toContain('<h1>Third title</h1>');
    expect(missed.etag).not.toBe(after.etag);

    // Back: subscribed again, hits cost nothing again, and announcements arrive again.
    await relay.open();
    await until('the feed to be back', () => feed().live, 30_000);
    await page(path);
    expect(await sqlFor(path, 20)).toBe(0);
    await editAndSee(key, id, path, 'Fourth title');
    expect(await sqlFor(path, 10)).toBe(0);
  });

  it('a site changed by the operator CLI (content-api’s site update) shows at once: name, then closed to readers', async () => {
    const { site, path, first } = await cachedArticle({ name: 'Old Name Help' }, 'Settings page');
    expect(first.html).toContain('Old Name Help');
    expect(await sqlFor(path, 5)).toBe(0);
    const hc = (...args: string[]) => {
      const run = spawnSync(process.execPath, ['tools/scripts/hc.cjs', ...args], {
        cwd: ROOT,
        env: operatorEnv({ HC_REDIS_URL: testServices().redisUrl }),
        encoding: 'utf8',
      });
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.status).toBe(0);
    };
    hc('site', 'update', '--site', String(site.id), '--name', 'New Name Help');
    await until(
      'the new name',
      async () => (await page(path)).html.includes('New Name Help'),
      2_000,
    );
    hc('site', 'update', '--site', String(site.id), '--visibility', 'private');
    await until('the site to close', async () => (await page(path)).status === 401, 2_000);
  });
});
