import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { buildServer } from '../tools/registry';
import { RestClient } from '../tools/rest-client';

/** A client of a server whose API answers `status` to everything, and counts the calls. */
async function against(base: string, analyticsLeft = 6) {
  const server = buildServer(new RestClient('t', '1', undefined, base), {
    take: async () => analyticsLeft-- > 0,
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

describe('resources and prompts when the API fails (issue #26)', () => {
  let api: Server;
  let calls = 0;
  let base: string;

  beforeAll(async () => {
    api = createServer((_req, res) => {
      calls += 1;
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"status":"error"}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => api.close(r)));
  beforeEach(() => {
    calls = 0;
  });

  it('a failing API is an internal error, not a resource that does not exist', async () => {
    const client = await against(base);
    await expect(client.readResource({ uri: 'kb://articles/1' })).rejects.toMatchObject({
      code: -32603,
      data: { http_status: 500 },
    });
    await client.close();
  });

  it('an API that cannot be reached says so, as the tools do', async () => {
    const client = await against('http://127.0.0.1:1/v1');
    await expect(client.readResource({ uri: 'kb://categories' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('Error: The API could not be reached'),
    });
    await client.close();
  });

  it('over the analytics budget, fill-search-gaps makes no request and says not to retry', async () => {
    const client = await against(base, 0);
    await expect(
      client.getPrompt({ name: 'fill-search-gaps', arguments: {} }),
    ).rejects.toMatchObject({
      code: -32600,
      message: expect.stringMatching(
        /^MCP error -32600: Error: Too many analytics requests.*Do not retry/,
      ),
      data: { http_status: 429 },
    });
    expect(calls).toBe(0);
    await client.close();
  });

  it('checks prompt arguments before any request', async () => {
    const client = await against(base);
    const refused: { name: string; arguments: Record<string, string> }[] = [
      { name: 'translate-article', arguments: { id: '1x', language: 'de' } },
      { name: 'translate-article', arguments: { id: '1', language: 'fil' } },
      { name: 'fill-search-gaps', arguments: { from: '2026-1-1' } },
      { name: 'fill-search-gaps', arguments: { limit: '51' } },
      { name: 'draft-article', arguments: {} },
    ];
    for (const args of refused) {
      await expect(client.getPrompt(args)).rejects.toMatchObject({ code: -32602 });
    }
    expect(calls).toBe(0);
    await client.close();
  });
});
