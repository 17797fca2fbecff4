import { createServer, IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { startTracing, stopTracing } from '@hc/http/tracing';
import { buildServer } from './registry';
import { RestClient } from './rest-client';

/**
 * Issue 36 item 6: an MCP tool call is a span, its REST call to content-api a client span under
 * it, and the call carries that span's `traceparent` (content-api believes it only from the
 * internal caller: libs/http/src/tracing.spec.ts).
 */
describe('MCP tool → content-api trace context', () => {
  const exporter = new InMemorySpanExporter();
  const seen: IncomingHttpHeaders[] = [];
  const api = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
  });
  let client: Client;

  beforeAll(async () => {
    expect(startTracing('mcp-gateway', { exporter })).toBe(true);
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const server = buildServer(new RestClient('the-token', '7', undefined, base), {
      take: async () => true,
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
  });
  afterAll(async () => {
    await client.close();
    await new Promise((r) => api.close(r));
    await stopTracing();
  });

  it("the REST span's parent is the tool span, and its traceparent goes to content-api", async () => {
    await client.callTool({ name: 'kb_get_article', arguments: { id: 1 } });
    const spans = exporter.getFinishedSpans();
    const tool = spans.find((s) => s.name === 'mcp tool kb_get_article');
    const rest = spans.find((s) => s.name.startsWith('content-api GET '));
    expect(tool).toBeDefined();
    expect(rest?.spanContext().traceId).toBe(tool!.spanContext().traceId);
    expect(rest?.parentSpanContext?.spanId).toBe(tool!.spanContext().spanId);
    expect(rest?.attributes['http.response.status_code']).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].traceparent).toBe(
      `00-${rest!.spanContext().traceId}-${rest!.spanContext().spanId}-01`,
    );
  });
});
