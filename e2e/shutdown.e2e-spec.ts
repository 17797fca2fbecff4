// Graceful shutdown (issue #16 item 4): every service, started as `npm start` starts it, stops
// accepting, finishes in-flight work and exits 0 within HC_SHUTDOWN_TIMEOUT after SIGTERM, with
// idle keep-alive connections open and its background schedules running.
jest.setTimeout(120_000);
import { ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { stack } from './support/stack';

const DIST = path.resolve(__dirname, '../dist/apps');
// Below Node's 5 s keep-alive timeout, so waiting for clients to hang up cannot pass.
const SHUTDOWN_TIMEOUT = '5s';
const SHUTDOWN_TIMEOUT_MS = 5_000;

// The workspace's apps with the setting that gives each its port (one row an app).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script, as build.cjs is read
const { APPS, EDGE } = require('../tools/scripts/projects.cjs') as {
  APPS: { name: string; portVar: string }[];
  EDGE: { name: string; portVar: string };
};
const portVarOf = (app: string): string => [...APPS, EDGE].find((p) => p.name === app)!.portVar;

interface Target {
  /** A project of tools/scripts/projects.cjs. */
  app: string;
  /** Further ports it listens on (the edge's reader origin). */
  morePortVars?: string[];
  /** A read to put load on it. */
  read: () => { path: string; headers?: Record<string, string> };
  /** The request left in flight at SIGTERM (its body is still being sent). */
  write: () => { method: string; path: string; headers?: Record<string, string>; body: string };
  /** Statuses the in-flight request may finish with. */
  finished: number[];
}

const key = () => ({ apikey: stack.demo.key, accept: 'application/json' });
const anyPost = (p: string) => () => ({
  method: 'POST',
  path: p,
  headers: { accept: 'application/json' },
  body: JSON.stringify({ padding: 'x'.repeat(200) }),
});

const TARGETS: Target[] = [
  {
    app: 'content-api',
    read: () => ({ path: '/v1/articles?limit=5', headers: key() }),
    write: () => ({
      method: 'POST',
      path: '/v1/categories',
      headers: key(),
      body: JSON.stringify({ name: { en: `Shutdown ${Date.now()}` } }),
    }),
    finished: [201],
  },
  {
    app: 'design-service',
    read: () => ({ path: '/v1/template/themes', headers: key() }),
    write: anyPost('/v1/template/draft/discard'),
    finished: [200, 401, 409],
  },
  {
    app: 'auth-server',
    read: () => ({ path: '/.well-known/oauth-authorization-server' }),
    write: anyPost('/oauth/register'),
    finished: [201, 400],
  },
  {
    app: 'mcp-gateway',
    read: () => ({ path: '/.well-known/oauth-protected-resource/mcp' }),
    write: anyPost('/mcp'),
    finished: [401],
  },
  {
    app: 'reader-site',
    read: () => ({ path: `/hc/${stack.demo.site.subdomain}` }),
    write: anyPost(`/hc/${stack.demo.site.subdomain}/search`),
    finished: [200, 302, 303, 400, 403, 404, 405],
  },
  {
    app: 'webhook-dispatcher',
    read: () => ({ path: '/health/ready' }),
    write: anyPost('/health/ready'),
    finished: [404, 405],
  },
  {
    app: 'edge',
    morePortVars: ['HC_READER_PORT'],
    read: () => ({ path: '/health/live' }),
    write: () => ({
      method: 'POST',
      path: '/v1/categories',
      headers: key(),
      body: JSON.stringify({ name: { en: `Edge shutdown ${Date.now()}` } }),
    }),
    finished: [201],
  },
];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} while starting`);
    try {
      const res = await fetch(`${url}${url.endsWith('/') ? '' : '/'}health/live`);
      if (res.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

function get(
  agent: http.Agent,
  port: number,
  p: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown on SIGTERM (docs/operations.md "Stopping", issue #16)', () => {
  it.each(TARGETS.map((t) => [t.app, t]))(
    '%s: keep-alive connections open, load, a request in flight → exit 0 within the bound',
    async (_, target) => {
      const port = await freePort();
      const more: Record<string, string> = {};
      for (const name of target.morePortVars ?? []) {
        let other = await freePort();
        while (other === port) other = await freePort(); // a port just freed can come back
        more[name] = String(other);
      }
      const child = spawn(process.execPath, [path.join(DIST, target.app, 'src', 'main.js')], {
        env: {
          ...process.env,
          ...stack.env,
          [portVarOf(target.app)]: String(port),
          ...more,
          HC_SHUTDOWN_TIMEOUT: SHUTDOWN_TIMEOUT,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // The app's own lines (JSON logs on stdout, crashes on stderr), shown when it fails.
      let stderr = '';
      const keep = (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        child.once('exit', (code) => resolve({ code, at: Date.now() })),
      );
      try {
        await waitReady(`http://127.0.0.1:${port}`, child).catch((err: Error) => {
          throw new Error(`${err.message}: ${stderr}`);
        });
        // Idle keep-alive connections that stay open through the shutdown.
        const idle = new http.Agent({ keepAlive: true, maxSockets: 4 });
        const read = target.read();
        await Promise.all([0, 1, 2, 3].map(() => get(idle, port, read.path, read.headers)));
        // A client that keeps its keep-alive connection busy (a load balancer's health check):
        // it never goes idle long enough for the server's keep-alive timeout to close it.
        const pinger = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const ping = setInterval(
          () => void get(pinger, port, read.path, read.headers).catch(() => undefined),
          500,
        );
        // Some load over a second pool of keep-alive connections.
        const busy = new http.Agent({ keepAlive: true, maxSockets: 8 });
        const statuses = await Promise.all(
          Array.from({ length: 40 }, () => get(busy, port, read.path, read.headers)),
        );
        expect(statuses.every((s) => s >= 200 && s < 400)).toBe(true);

        // A request in flight: headers and half of the body sent, the rest after SIGTERM.
        let signalled = 0;
        const write = target.write();
        const body = Buffer.from(write.body);
        const inFlight = new Promise<number>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              method: write.method,
              path: write.path,
              headers: {
                ...write.headers,
                'content-type': 'application/json',
                'content-length': String(body.length),
              },
              agent: busy,
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.write(body.subarray(0, 10));
          setTimeout(() => {
            child.kill('SIGTERM');
            signalled = Date.now();
            setTimeout(() => req.end(body.subarray(10)), 300);
          }, 300);
        });
        expect(target.finished).toContain(await inFlight);
        const { code, at } = await Promise.race([
          exited,
          new Promise<{ code: string; at: number }>((resolve) =>
            setTimeout(() => resolve({ code: 'still running', at: Date.now() }), 15_000),
          ),
        ]);
        clearInterval(ping);
        pinger.destroy();
        expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
        expect(at - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
        // It no longer accepts connections.
        await expect(get(new http.Agent(), port, read.path)).rejects.toThrow(/ECONNREFUSED/);
        idle.destroy();
        busy.destroy();
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});
