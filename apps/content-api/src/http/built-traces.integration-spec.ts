import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@hc/data';
import {
  buildWorkspace,
  Factory,
  fixtureDatabaseUrl,
  startBuiltApp,
  stopGracefully,
  testServices,
} from '@hc/testing';

jest.setTimeout(120_000);

/** One span as an OTLP/HTTP JSON export carries it. */
interface ExportedSpan {
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

/**
 * Issue 36 item 6: the library instrumentations (HTTP, Express, mysql2, ioredis) patch the
 * packages only in a real process (under jest the modules are loaded before the SDK can patch
 * them), so this runs the built content-api as operators do, with OTEL_EXPORTER_OTLP_ENDPOINT at
 * a collector of the test's own, and reads what the app exported when it stopped.
 */
describe('content-api with tracing on exports the spans of its libraries (issue 36 item 6)', () => {
  let collector: Server;
  let ds: DataSource;
  const spans: ExportedSpan[] = [];

  beforeAll(async () => {
    await buildWorkspace();
    ds = await createDataSource({ url: fixtureDatabaseUrl(), poolSize: 2 }).initialize();
    collector = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const doc = JSON.parse(body) as {
          resourceSpans?: {
            scopeSpans?: { scope?: { name: string }; spans?: Omit<ExportedSpan, 'scope'>[] }[];
          }[];
        };
        for (const rs of doc.resourceSpans ?? [])
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? []) spans.push({ ...s, scope: ss.scope?.name ?? '' });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await new Promise((r) => collector?.close(r));
    await ds?.destroy();
  });

  it('one API request: an HTTP server span with Express and mysql2 spans under it, Redis spans in request traces; no trace header answered', async () => {
    const factory = new Factory(ds);
    const site = await factory.site();
    const key = await factory.key(site);
    const { port } = collector.address() as AddressInfo;
    const app = await startBuiltApp('content-api', {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      HC_REDIS_URL: testServices().redisUrl,
      LOG_LEVEL: 'warn',
    });
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${app.port}/v1/articles`, {
        headers: { apikey: key, accept: 'application/json' },
      });
      expect(res.status).toBe(200);
    } finally {
      // SIGTERM flushes the spans the app still holds.
      expect(await stopGracefully(app)).toBe(0);
    }
    for (const header of ['traceparent', 'tracestate', 'baggage'])
      expect(res.headers.get(header)).toBeNull();
    const server = spans.find(
      (s) =>
        s.scope === '@opentelemetry/instrumentation-http' && !s.parentSpanId && /GET/.test(s.name),
    );
    expect(server).toBeDefined();
    const inTrace = spans.filter((s) => s.traceId === server!.traceId);
    const scopes = new Set(inTrace.map((s) => s.scope));
    expect(scopes).toEqual(expect.objectContaining({}) && expect.any(Set));
    for (const scope of [
      '@opentelemetry/instrumentation-express',
      '@opentelemetry/instrumentation-mysql2',
    ])
      expect([...scopes]).toContain(scope);
    // Redis (the shared rate-limit counters, readiness): its spans belong to a request's trace.
    const served = new Set(
      spans.filter((s) => s.scope === '@opentelemetry/instrumentation-http').map((s) => s.traceId),
    );
    const redis = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-ioredis');
    expect(redis.length).toBeGreaterThan(0);
    expect(redis.filter((s) => !served.has(s.traceId))).toEqual([]);
    // Every span of the request hangs from it: each parent is a span of the same trace.
    const ids = new Set(inTrace.map((s) => s.spanId));
    expect(inTrace.filter((s) => s !== server && !ids.has(s.parentSpanId!))).toEqual([]);
  });
});
