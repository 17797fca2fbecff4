import { Controller, Get, Module, Post } from '@nestjs/common';
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resetSettings } from '@hc/contracts';
import { Scopes } from '@hc/auth';
import { outboxBacklog } from '@hc/events';
import {
  freePort,
  migrationRow,
  outboxRow,
  sampleValue,
  scrape,
  startTestApp,
  TestApp,
  TestSite,
} from '@hc/testing';
import { createHttpApp } from './bootstrap';
import { CoreModule } from './core.module';
import { IpRateLimit, RATE_LIMIT_STORE } from './rate-limit';
import type { RateLimitStore } from './rate-limit.store';

jest.setTimeout(60_000);

@Controller('probed')
class ProbedController {
  @Get(':id')
  @Scopes('content.read')
  read() {
    return { status: 'success' };
  }

  @Post('limited')
  @Scopes('content.write')
  @IpRateLimit({ counter: 'probe-test', limit: 2 })
  limited() {
    return { status: 'success' };
  }
}

@Module({ imports: [CoreModule.forRoot()], controllers: [ProbedController] })
class ProbedModule {}

const create = async () => {
  const app = await createHttpApp(ProbedModule);
  app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
  return app;
};

/** A Redis of this test's own (the machine's shared one is never stopped). */
async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  redis.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/i.test(out)) {
    if (redis.exitCode !== null || Date.now() > deadline) throw new Error(`redis: ${out}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return redis;
}

async function stopRedis(redis: ChildProcess): Promise<void> {
  if (redis.exitCode !== null) return;
  const exited = once(redis, 'exit');
  redis.kill('SIGKILL');
  await exited;
}

describe('metrics and probes that tell the truth (issue 18)', () => {
  let t: TestApp;
  let site: TestSite;
  let key: string;
  let redis: ChildProcess;
  let redisPort: number;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    process.env.HC_REDIS_URL = `redis://127.0.0.1:${redisPort}`;
    resetSettings();
    t = await startTestApp(create);
    site = await t.factory.site();
    key = await t.factory.key(site);
  });

  afterAll(async () => {
    await t.close();
    await stopRedis(redis);
    delete process.env.HC_REDIS_URL;
    resetSettings();
  });

  it('serves Prometheus metrics with process metrics, request durations and the pool', async () => {
    const route = { method: 'GET', route: '/v1/probed/:id', status: '200' };
    const before = await scrape(t.url);
    for (const id of [1, 2, 3])
      expect((await t.request('GET', `/v1/probed/${id}`, { key })).status).toBe(200);
    const after = await scrape(t.url);
    expect(sampleValue(after, 'hc_http_request_duration_seconds_count', route)).toBe(
      sampleValue(before, 'hc_http_request_duration_seconds_count', route) + 3,
    );
    expect(sampleValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(after, 'hc_db_pool_connections', { state: 'limit' })).toBeGreaterThan(0);
    // The id is never a label: one series per route pattern.
    expect(after.some((s) => s.labels.route?.includes('/probed/1'))).toBe(false);
  });

  it('counts rate-limit refusals by limit', async () => {
    const before = await scrape(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await t.request('POST', '/v1/probed/limited', { key, body: {} })).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    const after = await scrape(t.url);
    const limit = { limit: 'ip:probe-test' };
    expect(sampleValue(after, 'hc_rate_limit_refusals_total', limit)).toBe(
      sampleValue(before, 'hc_rate_limit_refusals_total', limit) + 1,
    );
  });

  it('reads a Redis counter back whatever its window (peek sees what hit counted)', async () => {
    const store = t.app.get<RateLimitStore>(RATE_LIMIT_STORE);
    const key = `probe:peek:${Date.now()}`;
    await store.hit(key, 900);
    const { count, resetInSeconds } = await store.hit(key, 900);
    expect(count).toBe(2);
    expect(resetInSeconds).toBeGreaterThan(60);
    expect(await store.peek(key)).toBe(2);
    expect(store.degraded?.()).toBeNull();
  });

  it('keeps answering when Redis stops mid-test: per-process counters, degraded but ready', async () => {
    expect((await t.request('GET', '/health/ready')).body).toEqual({ status: 'ok' });
    await stopRedis(redis);

    for (const id of [1, 2, 3, 4, 5]) {
      const res = await t.request('GET', `/v1/probed/${id}`, { key });
      expect(res.status).toBe(200);
    }
    // The limits still hold, per process.
    const limited: number[] = [];
    for (let i = 0; i < 3; i++) {
      limited.push((await t.request('POST', '/v1/probed/limited', { key, body: {} })).status);
    }
    expect(limited).toContain(429);

    const ready = await t.request('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      degraded: [expect.stringContaining('rate limits use per-process counters')],
    });
    const samples = await scrape(t.url);
    expect(sampleValue(samples, 'hc_rate_limit_degraded')).toBe(1);
    expect(sampleValue(samples, 'hc_rate_limit_fallbacks_total')).toBeGreaterThan(0);
    expect((await t.request('GET', '/health/live')).status).toBe(200);

    // Redis back on the same port: shared counters again.
    redis = await startRedis(redisPort);
    const deadline = Date.now() + 15_000;
    let body: unknown;
    do {
      await new Promise((r) => setTimeout(r, 200));
      body = (await t.request('GET', '/health/ready')).body;
    } while (JSON.stringify(body) !== '{"status":"ok"}' && Date.now() < deadline);
    expect(body).toEqual({ status: 'ok' });
    expect((await t.request('GET', '/v1/probed/9', { key })).status).toBe(200);
    expect(sampleValue(await scrape(t.url), 'hc_rate_limit_degraded')).toBe(0);
  });

  it('is not ready until the database schema is at the expected migration', async () => {
    const [last] = await t.ds.query('SELECT * FROM migrations ORDER BY timestamp DESC LIMIT 1');
    await t.ds.query('DELETE FROM migrations WHERE id = ?', [last.id]);
    let behind: TestApp | null = null;
    try {
      behind = await startTestApp(create);
      const res = await behind.request('GET', '/health/ready');
      expect(res.status).toBe(503);
      expect(JSON.stringify(res.body)).toContain('schema is behind');
      expect(JSON.stringify(res.body)).toContain(last.name);
    } finally {
      await migrationRow(t.ds, last);
      await behind?.close();
    }
    expect((await t.request('GET', '/health/ready')).status).toBe(200);
  });

  it('refuses to start in production while the database holds the demo seed', async () => {
    const demo = await t.factory.user({ email: 'demo@example.com' });
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    delete process.env.HC_REDIS_URL; // the refused app's counters stay in-process
    resetSettings();
    const app = await create();
    try {
      await expect(app.init()).rejects.toThrow(
        /NODE_ENV=production but the database holds the demo seed \(user demo@example.com/,
      );
    } finally {
      await app.close();
      process.env.NODE_ENV = nodeEnv;
      process.env.HC_REDIS_URL = `redis://127.0.0.1:${redisPort}`;
      resetSettings();
      await t.ds.query('DELETE FROM users WHERE id = ?', [demo.id]);
    }
  });

  it('reads the outbox backlog and the age of its oldest row', async () => {
    const id = await outboxRow(t.ds, site.id, {
      event: 'probe.test',
      occurredAt: new Date(Date.now() - 3_600_000),
    });
    try {
      const backlog = await outboxBacklog(t.ds);
      expect(backlog.rows).toBeGreaterThanOrEqual(1);
      expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(3600);
    } finally {
      await t.ds.query('DELETE FROM outbox WHERE id = ?', [id]);
    }
  });
});
