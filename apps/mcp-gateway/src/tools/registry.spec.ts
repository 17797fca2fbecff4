import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { buildServer, TOOLS } from './registry';
import { RestClient } from './rest-client';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A local HTTP server standing in for content-api (HC_INTERNAL_API_URL): records each call and answers as told. */
function apiDouble(answer: (r: Recorded) => { status: number; body: unknown }) {
  const calls: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const rec = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      calls.push(rec);
      const { status, body } = answer(rec);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return { server, calls };
}

describe('MCP tools (spec 4.14)', () => {
  let api: ReturnType<typeof apiDouble>;
  let client: Client;
  let answer: (r: Recorded) => { status: number; body: unknown };
  let analyticsLeft: number;

  beforeAll(async () => {
    api = apiDouble((r) => answer(r));
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const server = buildServer(new RestClient('the-token', '7', '198.51.100.9', base), {
      take: async () => analyticsLeft-- > 0,
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
  });
  afterAll(async () => {
    await client.close();
    await new Promise((r) => api.server.close(r));
  });
  beforeEach(() => {
    api.calls.length = 0;
    analyticsLeft = 6;
    answer = () => ({ status: 200, body: { status: 'success' } });
  });

  it('lists 29 tools named kb_<suffix> with descriptions and annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(29);
    expect(TOOLS).toHaveLength(29);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^kb_[a-z_]+$/);
      expect(tool.description!.length).toBeGreaterThan(20);
    }
    const destructive = tools
      .filter((t) => t.annotations?.destructiveHint)
      .map((t) => t.name)
      .sort();
    expect(destructive).toEqual([
      'kb_delete_category',
      'kb_discard_staged_changes',
      'kb_restore_article_version',
    ]);
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name);
    expect(readOnly).toEqual(
      expect.arrayContaining([
        'kb_search_articles',
        'kb_list_articles',
        'kb_get_article',
        'kb_list_sites',
        'kb_list_article_notes',
      ]),
    );
    expect(readOnly).toHaveLength(13);
  });

  it('refuses an argument the tool does not list before any request', async () => {
    const res = await client.callTool({ name: 'kb_get_article', arguments: { id: 1, site: 3 } });
    expect(res.isError).toBe(true);
    const text = (res.content as { text: string }[])[0].text;
    expect(text).toContain('Input validation error');
    expect(text).toContain("Unrecognized key(s) in object: 'site'");
    expect(api.calls).toHaveLength(0);
  });

  it.each(['zh-Hans', 'fil', 'mul', 'EN'])('refuses the language key %s', async (key) => {
    const res = await client.callTool({
      name: 'kb_create_article',
      arguments: { title: { [key]: 'x' } },
    });
    expect(res.isError).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('makes one REST call with the caller’s token, the chosen site and the agent’s address', async () => {
    answer = () => ({
      status: 201,
      body: { status: 'success', action: 'created', article: { id: 5 } },
    });
    const res = await client.callTool({
      name: 'kb_create_article',
      arguments: { title: { en: 'Hello', 'de-AT': 'Servus' }, published: true },
    });
    expect(res.isError).toBeFalsy();
    expect(api.calls).toHaveLength(1);
    const call = api.calls[0];
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/v1/articles');
    expect(call.headers.authorization).toBe('Bearer the-token');
    expect(call.headers['x-service-site']).toBe('7');
    expect(call.headers['x-forwarded-for']).toBe('198.51.100.9');
    expect(call.body).toEqual({ title: { en: 'Hello', 'de-AT': 'Servus' }, published: true });
    expect(res.structuredContent).toEqual({
      status: 'success',
      action: 'created',
      article: { id: 5 },
    });
    expect(JSON.parse((res.content as { text: string }[])[0].text)).toEqual(res.structuredContent);
  });

  it('wraps list results and answers markdown by default', async () => {
    answer = () => ({
      status: 200,
      body: {
        status: 'success',
        articles: [
          {
            id: 1,
            title: { en: 'One' },
            published: true,
            visibility: 'public',
            updated_at: '2026-01-01 00:00:00',
            content: { en: 'BODY' },
          },
        ],
        meta: { page: 1, per_page: 100, total_pages: 2, items_count: 101 },
      },
    });
    const md = await client.callTool({ name: 'kb_list_articles', arguments: {} });
    const text = (md.content as { text: string }[])[0].text;
    expect(text).toContain('**One**');
    expect(text).not.toContain('BODY');
    expect(md.structuredContent).toMatchObject({
      total: 101,
      count: 1,
      page: 1,
      per_page: 100,
      total_pages: 2,
      has_more: true,
    });
    const json = await client.callTool({
      name: 'kb_list_articles',
      arguments: { response_format: 'json' },
    });
    expect(JSON.parse((json.content as { text: string }[])[0].text).items[0].content).toEqual({
      en: 'BODY',
    });
  });

  it('halves a json list over 25,000 characters and says so', async () => {
    const articles = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      content: { en: 'x'.repeat(1000) },
    }));
    answer = () => ({
      status: 200,
      body: {
        status: 'success',
        articles,
        meta: { page: 1, per_page: 40, total_pages: 1, items_count: 40 },
      },
    });
    const res = await client.callTool({
      name: 'kb_list_articles',
      arguments: { response_format: 'json' },
    });
    const text = (res.content as { text: string }[])[0].text;
    const wrapper = JSON.parse(text);
    expect(text.length).toBeLessThanOrEqual(25_000);
    expect(wrapper.truncated).toBe(true);
    expect(wrapper.items).toHaveLength(20);
    expect(wrapper.truncation_message).toMatch(/smaller limit/);
  });

  it('turns an API error into isError with text starting "Error:"', async () => {
    answer = () => ({
      status: 400,
      body: { status: 'error', message: 'Unsupported language key "fr" provided.' },
    });
    const res = await client.callTool({
      name: 'kb_create_article',
      arguments: { title: { fr: 'Bonjour' } },
    });
    expect(res.isError).toBe(true);
    expect((res.content as { text: string }[])[0].text).toMatch(
      /^Error: Unsupported language key "fr" provided\./,
    );
  });

  it('shows the way out of site_required', async () => {
    answer = () => ({
      status: 400,
      body: { status: 'error', code: 'site_required', message: 'x', sites: [1, 2] },
    });
    const res = await client.callTool({ name: 'kb_list_articles', arguments: {} });
    expect((res.content as { text: string }[])[0].text).toMatch(
      /^Error: .*kb_list_sites.*\?site=<id>/,
    );
  });

  it('allows 6 analytics calls per minute, then tells the agent not to retry', async () => {
    for (let i = 0; i < 6; i++) {
      expect(
        (await client.callTool({ name: 'kb_get_analytics_summary', arguments: {} })).isError,
      ).toBeFalsy();
    }
    const over = await client.callTool({ name: 'kb_get_analytics_summary', arguments: {} });
    expect(over.isError).toBe(true);
    expect((over.content as { text: string }[])[0].text).toMatch(/^Error: .*Do not retry/);
    expect(api.calls).toHaveLength(6);
  });

  it('accepts 100 articles in the bulk tool and leaves the 50 limit to the API', async () => {
    answer = () => ({
      status: 422,
      body: {
        status: 'validation_error',
        message: 'The request could not be accepted.',
        errors: {},
      },
    });
    const articles = Array.from({ length: 60 }, (_, i) => ({ title: { en: `A${i}` } }));
    const res = await client.callTool({ name: 'kb_bulk_create_articles', arguments: { articles } });
    expect(api.calls).toHaveLength(1);
    expect(res.isError).toBe(true);
    const tooMany = await client.callTool({
      name: 'kb_bulk_create_articles',
      arguments: { articles: Array.from({ length: 101 }, () => ({ title: { en: 'x' } })) },
    });
    expect(tooMany.isError).toBe(true);
    expect(api.calls).toHaveLength(1);
  });

  it('sends no page size for content performance (every page holds 25)', async () => {
    await client.callTool({
      name: 'kb_get_content_performance',
      arguments: { per_page: 50, page: 2 },
    });
    expect(api.calls[0].url).toBe('/v1/analytics/content?page=2');
  });
});
