// Issue 36 item 4: mcp-gateway calls content-api at HC_INTERNAL_API_URL (pod to pod), never at
// HC_API_BASE_URL (the public origin links are written with), and content-api believes the
// agent address mcp-gateway forwards only on calls that carry HC_INTERNAL_TOKEN. The two apps
// run in this process, each configured as in a cluster: mcp-gateway believes the agents'
// proxy (loopback here), content-api only the gateway's proxies (10.64.255.0/28, not this
// test), so every direct call below is a caller content-api must not believe.
import { randomBytes } from 'node:crypto';
import { resetSettings, settings } from '@hc/contracts';
import { configureLogging } from '@hc/http';
import { jsonLogCapture, request, startTestApp, TestApp, TestSite, TestTokens } from '@hc/testing';
// The REST side: the gateway calls content-api, so this test drives both on purpose.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DOMAIN_MODULES } from '../../../content-api/src/domain.modules';
import { McpModule } from './mcp.module';

const SECRET = randomBytes(32).toString('base64');
// `.invalid` never resolves (RFC 6761): a call that went here would fail.
const PUBLIC_BASE = 'https://api.help.invalid/v1';
const ENV = [
  'HC_INTERNAL_API_URL',
  'HC_INTERNAL_TOKEN',
  'HC_API_BASE_URL',
  'HC_TRUST_PROXY',
  'HC_FORCE_HTTPS',
] as const;

type Pair = { api: TestApp; gateway: TestApp; site: TestSite; token: string };

/** mcp-gateway (trusting loopback, the agents' proxy here), then content-api (trusting no peer of this test). */
async function startPair(label: string, forceHttps: boolean): Promise<Pair> {
  const tokens = new TestTokens(label);
  process.env.HC_INTERNAL_TOKEN = SECRET;
  process.env.HC_API_BASE_URL = PUBLIC_BASE;
  resetSettings();
  const gateway = await startTestApp(tokens.app([McpModule], { trimStrings: false }));
  process.env.HC_TRUST_PROXY = '10.64.255.0/28';
  process.env.HC_FORCE_HTTPS = String(forceHttps);
  resetSettings();
  const api = await startTestApp(tokens.app([...DOMAIN_MODULES], { internalCallers: true }));
  process.env.HC_INTERNAL_API_URL = api.url;
  resetSettings();
  const site = await api.factory.site();
  const token = tokens.issue(site.owner.id, [site.id], ['content.read', 'content.write'], {
    audience: [settings().mcpUrl],
  });
  return { api, gateway, site, token };
}

async function stopPair(pair: Pair | undefined): Promise<void> {
  await pair?.gateway.close();
  await pair?.api.close();
  for (const name of ENV) delete process.env[name];
  resetSettings();
}

/** One tools/call as an agent at `address` (X-Forwarded-For to mcp-gateway's trusted proxy). */
async function callTool(
  pair: Pair,
  name: string,
  args: Record<string, unknown>,
  address = '198.51.100.7',
  headers: Record<string, string> = {},
) {
  const res = await request(pair.gateway.url, 'POST', `/v1/mcp?site=${pair.site.id}`, {
    token: pair.token,
    headers: {
      accept: 'application/json, text/event-stream',
      'x-forwarded-for': address,
      ...headers,
    },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  expect(res.status).toBe(200);
  return res.body.result as {
    isError?: boolean;
    content: { text: string }[];
    structuredContent?: any;
  };
}

describe('mcp-gateway calls content-api at HC_INTERNAL_API_URL (issue 36)', () => {
  const { stream, lines } = jsonLogCapture();
  let pair: Pair;

  beforeAll(async () => {
    process.env.LOG_LEVEL = 'debug';
    resetSettings();
    configureLogging({ service: 'content-api', stream });
    // As in production: content-api redirects plain-HTTP requests it does not trust to https.
    pair = await startPair('internal-origin', true);
  });
  afterAll(async () => {
    await stopPair(pair);
    delete process.env.LOG_LEVEL;
  });

  it('runs a tool end to end while HC_API_BASE_URL does not answer, and links keep the public base', async () => {
    expect(settings().apiBaseUrl).toBe(PUBLIC_BASE);
    expect(settings().internalApiUrl).toBe(pair.api.url);
    const created = await callTool(pair, 'kb_create_article', {
      title: { en: 'Through the Service' },
    });
    expect(created.isError ? created.content[0].text : 'ok').toBe('ok');
    const article = created.structuredContent.article;
    expect(article.title.en).toBe('Through the Service');

    const comment = await callTool(pair, 'kb_reply_to_comment', {
      article_id: article.id,
      text: 'Posted by an agent',
    });
    expect(comment.isError).toBeFalsy();
    const links = comment.structuredContent.comment._links;
    expect(links.moderate.url).toBe(
      `${PUBLIC_BASE}/comments/${comment.structuredContent.comment.id}`,
    );
    expect(links.thread.url).toBe(`${PUBLIC_BASE}/articles/${article.id}/comments`);
    // Nothing in the result names the internal origin.
    expect(JSON.stringify(comment)).not.toContain(pair.api.url);
  });

  it("logs the API call under the agent request's id", async () => {
    await callTool(pair, 'kb_list_articles', {}, '198.51.100.8', {
      'x-request-id': 'agent-req-36',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(
      lines.find((l) => l.request_id === 'agent-req-36' && l.route === '/v1/articles'),
    ).toMatchObject({ status: 200, credential: 'oauth' });
    // A direct caller without the token does not choose its id.
    await pair.api.request('GET', '/health/live', { headers: { 'x-request-id': 'spoofed-36' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.filter((l) => l.request_id === 'spoofed-36')).toEqual([]);
  });

  it('does not treat a direct caller with a wrong or missing token as mcp-gateway', async () => {
    const key = await pair.api.factory.key(pair.site);
    const attempts: Record<string, string>[] = [
      { 'x-forwarded-for': '198.51.100.7' },
      { 'x-forwarded-for': '198.51.100.7', 'x-hc-internal-token': `${SECRET}x` },
      { 'x-forwarded-for': '198.51.100.7', 'x-hc-internal-token': SECRET.slice(0, -1) },
      { 'x-forwarded-for': '198.51.100.7', 'x-hc-internal-token': '' },
    ];
    for (const headers of attempts) {
      const res = await pair.api.request('GET', '/v1/articles', { key, headers });
      // Not trusted, plain HTTP, a host the platform does not serve: the redirect's 404.
      expect(res.status).toBe(404);
    }
    const right = await pair.api.request('GET', '/v1/articles', {
      key,
      headers: { 'x-hc-internal-token': SECRET },
    });
    expect(right.status).toBe(200);
  });
});

describe('per-address budgets through mcp-gateway (issue 36)', () => {
  let pair: Pair;

  beforeAll(async () => {
    pair = await startPair('internal-budget', false);
  });
  afterAll(() => stopPair(pair));

  // POST /v1/articles/bulk is on the shared per-IP counter: 60 per minute and address (spec 8).
  const bulk = (address: string, n: number) =>
    callTool(
      pair,
      'kb_bulk_create_articles',
      { articles: [{ title: { en: `Bulk ${n}` } }] },
      address,
    );
  // A caller of its own (an API key: the agents' token keeps its own write budget).
  const direct = async (headers: Record<string, string>) =>
    pair.api.request('POST', '/v1/articles/bulk', {
      key: (directKey ??= await pair.api.factory.key(pair.site)),
      headers,
      body: { articles: [] },
    });
  let directKey: string | undefined;

  it('counts each agent under its own address, not under the gateway', async () => {
    for (let n = 0; n < 60; n++) {
      const ok = await bulk('203.0.113.10', n);
      expect(`${n}: ${ok.isError ? ok.content[0].text : 'ok'}`).toBe(`${n}: ok`);
    }
    const over = await bulk('203.0.113.10', 60);
    expect(over.isError).toBe(true);
    expect(over.content[0].text).toContain('Too Many Attempts.');
    expect(over.content[0].text).toContain('429');
    // Another agent, through the same gateway, has its whole budget.
    expect((await bulk('203.0.113.11', 0)).isError).toBeFalsy();
  });

  it('does not let a direct caller spread its calls over addresses it names', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 61; n++) {
      const claimed = `192.0.2.${n + 1}`;
      const headers: Record<string, string> = { 'x-forwarded-for': claimed };
      // Half of them with a guessed token: no better.
      if (n % 2) headers['x-hc-internal-token'] = randomBytes(32).toString('base64');
      statuses.push((await direct(headers)).status);
    }
    // Every claimed address was a fresh one, yet the 61st call is over the one peer's budget.
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(422));
    expect(statuses[60]).toBe(429);
    // The agents' budgets are untouched by that caller.
    expect((await bulk('203.0.113.12', 0)).isError).toBeFalsy();
  });
});
