import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@hc/data';
import { writeWebhookEvent } from '@hc/events';
import { Factory, TestSite, WebhookReceiver } from '@hc/testing';

// The dispatcher as operators run it: the built app in its own process, killed with SIGKILL
// mid-run (nothing may be lost) and stopped with SIGTERM (in-flight attempts finish).
jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../../../..');
const MAIN = path.join(ROOT, 'dist/apps/webhook-dispatcher/src/main.js');
const SECRET = 'durability-secret-0123456789';

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

describe('dispatcher durability (spec 6; ARCHITECTURE "Events and webhooks" 3)', () => {
  let ds: DataSource;
  let factory: Factory;
  let receiver: WebhookReceiver;
  const children = new Set<ChildProcess>();

  /** Starts the built dispatcher and waits until it answers /health/ready. */
  async function startDispatcher(env: Record<string, string> = {}): Promise<ChildProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        HC_DATABASE_URL: process.env.HC_DATABASE_URL,
        HC_WEBHOOK_DISPATCHER_PORT: String(port),
        HC_OUTBOUND_ALLOWLIST: receiver.host,
        HC_WEBHOOK_RETRY_DELAYS: '300ms,300ms,300ms,300ms',
        HC_EVENT_TRANSPORT: 'outbox',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) =>
      process.stderr.write(`[dispatcher ${child.pid}] ${chunk}`),
    );
    children.add(child);
    child.once('exit', () => children.delete(child));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dispatcher exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return child;
      if (Date.now() > deadline) throw new Error('dispatcher did not become ready');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function hooks(site: TestSite, paths: string[]): Promise<void> {
    for (const p of paths) {
      await ds.query(
        'INSERT INTO webhooks (site_id, url, secret, created_at) VALUES (?, ?, ?, ?)',
        [site.id, receiver.url(p), SECRET, new Date()],
      );
      receiver.secretFor(p, SECRET);
    }
  }

  function fire(site: TestSite, n: number): Promise<string> {
    return ds.transaction((m) =>
      writeWebhookEvent(m, site, 'article.updated', {
        type: 'article',
        id: n,
        category_id: null,
        title: `Article ${n}`,
        slug: `article-${n}`,
        published: true,
        visibility: 'public',
        locale: 'en',
        updated_at: '2026-01-01 00:00:00',
      }),
    );
  }

  beforeAll(async () => {
    // The built workspace, as `npm start` runs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { buildIfStale } = require(path.join(ROOT, 'tools/scripts/build.cjs')) as {
      buildIfStale: (o: { quiet: boolean }) => Promise<void>;
    };
    await buildIfStale({ quiet: true });
    ds = await createDataSource({ poolSize: 4 }).initialize();
    factory = new Factory(ds);
    receiver = await WebhookReceiver.start();
    // Nothing from earlier test files in this database competes for the receiver.
    await ds.query('UPDATE outbox SET processed_at = ? WHERE processed_at IS NULL', [new Date()]);
    await ds.query('UPDATE webhook_deliveries SET next_attempt_at = NULL');
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await receiver?.close();
    await ds?.destroy();
  });

  it('loses no delivery when the dispatcher is killed with SIGKILL several times mid-run', async () => {
    const site = await factory.site();
    const paths = ['/crash-a', '/crash-b', '/crash-c'];
    await hooks(site, paths);
    // Slow enough that attempts are in flight at every kill; some first attempts fail.
    receiver.respond(({ count }) => ({
      status: count % 7 === 0 ? 500 : 200,
      delayMs: 20 + (count % 5) * 10,
    }));

    const ids: string[] = [];
    let child = await startDispatcher();
    let kills = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 40; i++) {
        ids.push(await fire(site, ids.length + 1));
        if (i % 10 === 9) await new Promise((r) => setTimeout(r, 60));
      }
      await new Promise((r) => setTimeout(r, 400 + round * 150));
      if (round < 4) {
        child.kill('SIGKILL');
        await once(child, 'exit');
        kills++;
        child = await startDispatcher();
      }
    }
    expect(kills).toBe(4);

    const delivered = () => {
      const seen = new Set<string>();
      for (const d of receiver.received) {
        if (d.status < 400 && paths.includes(d.path)) seen.add(`${d.path} ${d.json?.data?.id}`);
      }
      return seen;
    };
    const expected = ids.length * paths.length;
    // A kill mid-attempt leaves that delivery leased for 25 s, then it is attempted again.
    await receiver.waitFor(
      () => delivered().size === expected,
      90_000,
      `${expected} distinct deliveries`,
    );
    const total = receiver.received.filter((d) => paths.includes(d.path) && d.status < 400).length;
    process.stderr.write(
      `crash test: ${ids.length} events x ${paths.length} webhooks, ${kills} kills, 0 lost, ${total - expected} duplicate(s)\n`,
    );
    expect(receiver.received.filter((d) => paths.includes(d.path)).every((d) => d.verified)).toBe(
      true,
    );

    // The database converges too: every delivery recorded as delivered once leases ran out.
    const undelivered = async () =>
      Number(
        (
          await ds.query(
            "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE site_id = ? AND state <> 'delivered'",
            [site.id],
          )
        )[0].n,
      );
    const deadline = Date.now() + 60_000;
    while ((await undelivered()) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    expect(await undelivered()).toBe(0);
    expect(
      Number(
        (
          await ds.query('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE site_id = ?', [
            site.id,
          ])
        )[0].n,
      ),
    ).toBe(expected);

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('SIGTERM finishes the attempt in flight and records it before exiting 0', async () => {
    const site = await factory.site();
    await hooks(site, ['/slow']);
    receiver.respond(({ path: p }) => ({ status: 200, delayMs: p === '/slow' ? 1500 : 0 }));
    const child = await startDispatcher();
    const before = receiver.arrived.length;
    await fire(site, 1);
    await receiver.waitFor(
      () => receiver.arrived.slice(before).includes('/slow'),
      20_000,
      'the slow attempt to start',
    );
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(receiver.for('/slow')).toHaveLength(1);
    const rows = await ds.query(
      'SELECT state, attempts FROM webhook_deliveries WHERE site_id = ?',
      [site.id],
    );
    expect(rows).toEqual([{ state: 'delivered', attempts: 1 }]);
  });

  it('a delivery waiting for its retry survives a restart and is attempted on schedule', async () => {
    const site = await factory.site();
    await hooks(site, ['/retry-after-restart']);
    receiver.respond(({ path: p, count }) => ({
      status: p === '/retry-after-restart' && count === 1 ? 503 : 200,
    }));
    // A retry 3 s out, so the kill lands after the first attempt is recorded and before the retry.
    const slowRetries = { HC_WEBHOOK_RETRY_DELAYS: '3s,3s,3s,3s' };
    const first = await startDispatcher(slowRetries);
    await fire(site, 1);
    await receiver.waitFor(() => receiver.for('/retry-after-restart').length === 1, 20_000);
    const recorded = async () =>
      (
        await ds.query(
          'SELECT state, attempts, next_attempt_at FROM webhook_deliveries WHERE site_id = ?',
          [site.id],
        )
      )[0];
    const deadline = Date.now() + 10_000;
    while ((await recorded())?.attempts !== 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    first.kill('SIGKILL');
    await once(first, 'exit');
    const row = await recorded();
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    const second = await startDispatcher(slowRetries);
    await receiver.waitFor(() => receiver.for('/retry-after-restart').length === 2, 20_000);
    const [a, b] = receiver.for('/retry-after-restart');
    expect(b.body).toBe(a.body);
    expect(b.headers['x-service-signature']).toBe(a.headers['x-service-signature']);
    expect(b.receivedAt).toBeGreaterThanOrEqual(new Date(row.next_attempt_at).getTime() - 5);
    second.kill('SIGTERM');
    expect((await once(second, 'exit'))[0]).toBe(0);
  });
});
