import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { resetSettings, settings } from '@hc/contracts';
import { configureLogging } from '@hc/http';
import { jsonLogCapture, request, startTestApp, TestApp, TestTokens } from '@hc/testing';
import { McpModule } from './mcp.module';

describe("mcp-gateway's internal REST calls carry the request id (issue 18)", () => {
  const { stream, lines } = jsonLogCapture();
  const seen: IncomingHttpHeaders[] = [];
  let api: Server;
  let gateway: TestApp;
  let token: string;

  beforeAll(async () => {
    // A stand-in for content-api (HC_INTERNAL_API_URL) that records the headers of each call.
    api = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'success', article: { id: 1, title: { en: 'A' } } }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    process.env.HC_INTERNAL_API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    process.env.LOG_LEVEL = 'info';
    resetSettings();
    configureLogging({ service: 'mcp-gateway', stream });
    const tokens = new TestTokens('mcp-rid');
    token = tokens.issue(1, [1], ['content.read'], { audience: [settings().mcpUrl] });
    gateway = await startTestApp(tokens.app([McpModule], { trimStrings: false }));
  });

  afterAll(async () => {
    await gateway.close();
    await new Promise((r) => api.close(r));
    delete process.env.HC_INTERNAL_API_URL;
    delete process.env.LOG_LEVEL;
    resetSettings();
  });

  beforeEach(() => {
    seen.length = 0;
  });

  const callTool = (headers: Record<string, string> = {}) =>
    request(gateway.url, 'POST', '/v1/mcp?site=1', {
      token,
      headers: { accept: 'application/json, text/event-stream', ...headers },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'kb_get_article', arguments: { id: 1 } },
      },
    });

  it("sends the agent request's id to the API", async () => {
    const res = await callTool({ 'x-request-id': 'agent-req-42' });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]['x-request-id']).toBe('agent-req-42');
  });

  it('sends the fresh id the gateway logged under when no proxy gave one', async () => {
    await callTool();
    expect(seen).toHaveLength(1);
    const sent = seen[0]['x-request-id'];
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.find((l) => l.msg === 'request completed' && l.request_id === sent)).toMatchObject(
      {
        route: '/v1/mcp',
        status: 200,
        credential: 'oauth',
      },
    );
  });
});
