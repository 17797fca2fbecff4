import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { resetSettings } from '@hc/contracts';
import { safeFetch, UNTRACED } from '@hc/net';
import {
  instrumentations,
  keepEventTraceContext,
  startTracing,
  stopTracing,
  tracingEnabled,
} from './tracing';

/** Issue 36 item 6: traces on the OpenTelemetry SDK, asserted through its in-memory exporter. */

const SENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SENT_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${SENT_TRACE}-${SENT_SPAN}-01`;

interface Seen {
  headers: http.IncomingHttpHeaders;
}

function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  return new Promise((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as AddressInfo).port }),
    );
  });
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A request as an outside caller sends it (`untraced`: no client span of ours overwrites it). */
function get(
  port: number,
  headers: Record<string, string>,
  untraced = true,
): Promise<{ headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    // Read at call time: the instrumentation patches the module object's `request`.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeHttp = require('node:http') as typeof http;
    const options = { host: '127.0.0.1', port, path: '/x', headers, [UNTRACED]: untraced };
    const req = nodeHttp.request(options, (res) => {
      res.resume();
      res.on('end', () => resolve({ headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function serverSpans(exporter: InMemorySpanExporter): ReadableSpan[] {
  return exporter.getFinishedSpans().filter((s) => s.kind === 1 /* SpanKind.SERVER */);
}

async function settle(exporter: InMemorySpanExporter, count: number): Promise<void> {
  for (let i = 0; i < 100 && serverSpans(exporter).length < count; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('tracing (issue 36)', () => {
  afterEach(async () => {
    await stopTracing();
    delete process.env.HC_OUTBOUND_ALLOWLIST;
    resetSettings();
  });

  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: no SDK starts', () => {
    expect(tracingEnabled({})).toBe(false);
    expect(startTracing('content-api', { env: {} })).toBe(false);
    expect(trace.getActiveSpan()).toBeUndefined();
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
  });

  it('believes an incoming traceparent from a trusted proxy, and sends none back', async () => {
    const exporter = new InMemorySpanExporter();
    expect(startTracing('content-api', { exporter, env: { HC_TRUST_PROXY: 'loopback' } })).toBe(
      true,
    );
    const seen: Seen[] = [];
    const { server, port } = await listen((req, res) => {
      seen.push({ headers: { ...req.headers } });
      res.end('ok');
    });
    try {
      const res = await get(port, { traceparent: TRACEPARENT });
      expect(seen[0].headers.traceparent).toBe(TRACEPARENT);
      await settle(exporter, 1);
      const [span] = serverSpans(exporter);
      expect(span.spanContext().traceId).toBe(SENT_TRACE);
      expect(span.parentSpanContext?.spanId).toBe(SENT_SPAN);
      for (const h of ['traceparent', 'tracestate', 'baggage'])
        expect(res.headers[h]).toBe(undefined);
    } finally {
      await close(server);
    }
  });

  it('starts a new root trace when the peer is not a trusted proxy', async () => {
    const exporter = new InMemorySpanExporter();
    startTracing('content-api', { exporter, env: { HC_TRUST_PROXY: '10.0.0.1' } });
    const seen: Seen[] = [];
    const { server, port } = await listen((req, res) => {
      seen.push({ headers: { ...req.headers } });
      res.end('ok');
    });
    try {
      const res = await get(port, {
        traceparent: TRACEPARENT,
        tracestate: 'vendor=attacker',
        baggage: 'user=attacker',
      });
      await settle(exporter, 1);
      const [span] = serverSpans(exporter);
      expect(span).toBeDefined();
      expect(span.spanContext().traceId).not.toBe(SENT_TRACE);
      expect(span.parentSpanContext).toBeUndefined();
      expect(seen[0].headers.traceparent).toBeUndefined();
      expect(seen[0].headers.baggage).toBeUndefined();
      expect(res.headers.traceparent).toBeUndefined();
    } finally {
      await close(server);
    }
  });

  it('sends no trace header through the safe fetcher, while other requests carry it', async () => {
    const exporter = new InMemorySpanExporter();
    // The receiver trusts loopback, so it sees whatever trace headers arrive.
    startTracing('webhook-dispatcher', { exporter, env: { HC_TRUST_PROXY: 'loopback' } });
    const seen: Seen[] = [];
    const { server, port } = await listen((req, res) => {
      seen.push({ headers: { ...req.headers } });
      res.end('ok');
    });
    process.env.HC_OUTBOUND_ALLOWLIST = `127.0.0.1:${port}`;
    resetSettings();
    try {
      const span = trace.getTracer('test').startSpan('attempt');
      await context.with(trace.setSpan(context.active(), span), async () => {
        // The control: a plain request in the same context carries the trace (so the receiver
        // below would see one if the fetcher let it through).
        await get(port, {}, false);
        await safeFetch(`http://127.0.0.1:${port}/hook`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json', traceparent: TRACEPARENT, baggage: 'a=b' },
          timeoutMs: 5000,
          maxBytes: 1024,
          maxRedirects: 0,
        });
      });
      span.end();
      expect(seen).toHaveLength(2);
      expect(seen[0].headers.traceparent).toMatch(
        new RegExp(`^00-${span.spanContext().traceId}-[0-9a-f]{16}-01$`),
      );
      for (const h of ['traceparent', 'tracestate', 'baggage']) {
        expect(seen[1].headers[h]).toBeUndefined();
      }
    } finally {
      await close(server);
    }
  });

  it('registers the HTTP, Express, mysql2, ioredis and kafkajs instrumentations', () => {
    const list = instrumentations();
    const names = list.map((i) => i.instrumentationName);
    for (const i of list) i.disable();
    expect(names).toEqual([
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-express',
      '@opentelemetry/instrumentation-mysql2',
      '@opentelemetry/instrumentation-ioredis',
      '@opentelemetry/instrumentation-kafkajs',
    ]);
  });

  it("a Kafka message keeps its event's traceparent, never the producer span's", () => {
    // What kafkajs's instrumentation wrote before the hook runs.
    const relayed = () => ({
      value: '{}',
      headers: {
        event: 'article.updated',
        traceparent: TRACEPARENT,
        tracestate: 'x=1',
        baggage: 'a=b',
      },
    });
    const own = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
    const carried = { ...relayed(), [Symbol.for('hc.events.traceparent')]: own };
    keepEventTraceContext({ message: carried });
    expect(carried.headers).toEqual({ event: 'article.updated', traceparent: own });
    // An event written with tracing off carries none (not the relay's own trace).
    const untraced = relayed();
    keepEventTraceContext({ message: untraced });
    expect(untraced.headers).toEqual({ event: 'article.updated' });
  });

  it("believes mcp-gateway's traceparent only with the right internal token", async () => {
    const exporter = new InMemorySpanExporter();
    startTracing('content-api', {
      exporter,
      env: { HC_TRUST_PROXY: '10.0.0.1', HC_INTERNAL_TOKEN: 'internal-secret-0123456789' },
    });
    const seen: Seen[] = [];
    const { server, port } = await listen((req, res) => {
      seen.push({ headers: { ...req.headers } });
      res.end('ok');
    });
    try {
      await get(port, { traceparent: TRACEPARENT, 'x-hc-internal-token': 'wrong-secret' });
      await get(port, {
        traceparent: TRACEPARENT,
        'x-hc-internal-token': 'internal-secret-0123456789',
      });
      await settle(exporter, 2);
      expect(seen[0].headers.traceparent).toBeUndefined();
      expect(seen[1].headers.traceparent).toBe(TRACEPARENT);
      const spans = serverSpans(exporter);
      expect(spans.map((s) => s.spanContext().traceId === SENT_TRACE)).toEqual([false, true]);
    } finally {
      await close(server);
    }
  });
});
