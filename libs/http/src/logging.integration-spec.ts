import { Body, Controller, Get, Logger, Module, Post } from '@nestjs/common';
import { currentRequestId, resetSettings } from '@hc/contracts';
import { Scopes } from '@hc/auth';
import { jsonLogCapture, startTestApp, TestApp, TestSite } from '@hc/testing';
import { createHttpApp } from './bootstrap';
import { CoreModule } from './core.module';
import { configureLogging } from './logging';

const { stream, lines } = jsonLogCapture();

@Controller('logged')
class LoggedController {
  private readonly logger = new Logger('logged');

  @Get(':id')
  @Scopes('content.read')
  read() {
    this.logger.log('reading a thing');
    return { status: 'success' };
  }

  @Post()
  @Scopes('content.write')
  write(@Body() body: { name: string }) {
    this.logger.log(`writing ${body.name}`);
    return { status: 'success', request_id_seen: currentRequestId() !== null };
  }

  @Get('boom/now')
  @Scopes('content.read')
  boom() {
    throw new Error('kaput');
  }
}

@Module({ imports: [CoreModule.forRoot()], controllers: [LoggedController] })
class LoggedModule {}

describe('structured logs with request ids (issue 18)', () => {
  let t: TestApp;
  let site: TestSite;
  let key: string;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'info';
    resetSettings();
    configureLogging({ service: 'test-app', stream });
    t = await startTestApp(async () => {
      const app = await createHttpApp(LoggedModule);
      app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
      return app;
    });
    site = await t.factory.site();
    key = await t.factory.key(site);
  });
  afterAll(async () => {
    await t.close();
    delete process.env.LOG_LEVEL;
    resetSettings();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  const settle = () => new Promise((r) => setTimeout(r, 50));
  const forRequest = (id: unknown) => lines.filter((l) => l.request_id === id);

  it('writes one JSON access line per request, with route pattern, status, site and credential', async () => {
    const res = await t.request('GET', '/v1/logged/42?signature=s3cr3t-sig', { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeNull(); // spec 4.1: no request id on the wire
    await settle();
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 'info',
      service: 'test-app',
      method: 'GET',
      route: '/v1/logged/:id',
      status: 200,
      duration_ms: expect.any(Number),
      site_id: site.id,
      credential: 'api_key',
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The handler's own line carries the same request id.
    const own = lines.find((l) => l.msg === 'reading a thing');
    expect(own).toMatchObject({ context: 'logged', request_id: access[0].request_id });
    const all = JSON.stringify(lines);
    expect(all).not.toContain('s3cr3t-sig');
    expect(all).not.toContain(key);
  });

  it('keeps the request id through a parsed body', async () => {
    const res = await t.request('POST', '/v1/logged', { key, body: { name: 'widget' } });
    expect(res.body.request_id_seen).toBe(true);
    await settle();
    const own = lines.find((l) => l.msg === 'writing widget');
    const access = lines.find((l) => l.msg === 'request completed');
    expect(own?.request_id).toBeDefined();
    expect(own?.request_id).toBe(access?.request_id);
  });

  it('takes X-Request-Id from a trusted proxy (loopback by default)', async () => {
    await t.request('GET', '/v1/logged/1', { key, headers: { 'x-request-id': 'edge-abc-123' } });
    await settle();
    expect(forRequest('edge-abc-123').map((l) => l.msg)).toEqual([
      'reading a thing',
      'request completed',
    ]);
  });

  it('makes a fresh id when the sender is not a trusted proxy', async () => {
    process.env.HC_TRUST_PROXY = 'false';
    resetSettings();
    const untrusted = await startTestApp(() => createHttpApp(LoggedModule));
    try {
      await untrusted.request('GET', '/logged/1', { key, headers: { 'x-request-id': 'forged' } });
      await settle();
      expect(forRequest('forged')).toEqual([]);
      expect(lines.find((l) => l.msg === 'request completed')?.request_id).toMatch(
        /^[0-9a-f-]{36}$/,
      );
    } finally {
      await untrusted.close();
      delete process.env.HC_TRUST_PROXY;
      resetSettings();
    }
  });

  it('answers a failure with error_id equal to the request id in the logs', async () => {
    const res = await t.request('GET', '/v1/logged/boom/now', { key });
    expect(res.status).toBe(500);
    const errorId = res.body.error_id as string;
    await settle();
    const ofRequest = forRequest(errorId);
    expect(
      ofRequest.find((l) => l.level === 'error' && String(l.msg).includes('kaput')),
    ).toBeDefined();
    expect(ofRequest.find((l) => l.msg === 'request failed')).toMatchObject({ status: 500 });
  });
});
