// Issue 24 through the whole stack: one write through each door (an API key, an OAuth app that
// openid-client connected, an agent over MCP with the SDK's Client, the operator CLI), each read
// back from GET /audit once the webhook-dispatcher has recorded it, with the right actor.
import { oc } from '@hc/testing';
import { connectAgent } from './support/mcp-agent';
import { authorizeDemoApp } from './support/oauth-app';
import { cli, edge, postArticle, siteWithKey, stack, unique } from './support/stack';

const REDIRECT = 'http://127.0.0.1:7789/callback';

interface Entry {
  id: number;
  action: string;
  target_type: string;
  target_id: string;
  actor: {
    kind: string;
    key_id: number | null;
    user_id: number | null;
    client_id: string | null;
    client_name: string | null;
  };
  request_id: string | null;
  occurred_at: string;
}

describe('audit log through each door (issue 24)', () => {
  let site: { id: number };
  let key: string;

  /** The site's entries for a target, once the dispatcher has recorded them (it runs apart). */
  async function entriesFor(targetType: string, targetId: number | string): Promise<Entry[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await edge<{ entries: Entry[] }>(
        'GET',
        `/v1/audit?target_type=${targetType}&target_id=${targetId}`,
        { key },
      );
      expect(res.status).toBe(200);
      if (res.body.entries.length > 0 || Date.now() > deadline) return res.body.entries;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The actor of an app (OAuth or MCP) acting for the demo user: never a key. */
  const appActor = (kind: 'oauth' | 'mcp', clientId: unknown) => ({
    kind,
    key_id: null,
    user_id: stack.demo.user.id,
    client_id: clientId,
  });

  beforeAll(async () => {
    ({ site, key } = await siteWithKey(unique('Audited ')));
  });

  it('the operator CLI: `hc key create` is recorded as the operator', async () => {
    const created = await cli('key create', {
      site: site.id,
      user: stack.demo.user.id,
      scope: 'read',
    });
    const [entry] = await entriesFor('api_key', created.key.id);
    expect(entry).toMatchObject({
      action: 'key.create',
      actor: { kind: 'operator', key_id: null, user_id: null, client_id: null },
      request_id: null,
    });
  });

  it('an API key: POST /articles is recorded with the key and its creator, and a request id', async () => {
    const res = await postArticle(key, { title: { en: 'By key' } });
    expect(res.status).toBe(201);
    const [entry] = await entriesFor('article', res.body.article.id);
    expect(entry).toMatchObject({
      action: 'article.create',
      actor: { kind: 'api_key', key_id: expect.any(Number), user_id: stack.demo.user.id },
      // The edge's own id for the request (issue 18): clients cannot choose it.
      request_id: expect.any(String),
    });
  });

  it('an OAuth app: a category created with its token names the app and the person', async () => {
    const name = unique('Audit App ');
    const { reg, config, verifier, flow } = await authorizeDemoApp({
      redirect: REDIRECT,
      name,
      scope: 'openid content.read content.write',
      state: 'audit',
      sites: [site.id],
    });
    const tokens = await oc.authorizationCodeGrant(config, flow.callback!, {
      pkceCodeVerifier: verifier,
      expectedState: 'audit',
    });
    const res = await edge('POST', `/v1/categories?site=${site.id}`, {
      token: tokens.access_token,
      body: { name: { en: 'By app' } },
    });
    expect(res.status).toBe(201);
    const [entry] = await entriesFor('category', res.body.category.id);
    expect(entry).toMatchObject({
      action: 'category.create',
      actor: { ...appActor('oauth', reg.body.client_id), client_name: name },
    });
    // The app's own token reads the log: its person is the site's Owner.
    const read = await edge('GET', `/v1/audit?site=${site.id}&actor=oauth`, {
      token: tokens.access_token,
    });
    expect(read.status).toBe(200);
    expect(read.body.entries.map((e: Entry) => e.id)).toContain(entry.id);
  });

  it('an agent over MCP: an article created by the tool is recorded as `mcp`', async () => {
    const { client } = await connectAgent(
      stack.demo.user.email,
      stack.demo.password,
      [site.id],
      site.id,
    );
    try {
      const created: any = await client.callTool({
        name: 'kb_create_article',
        arguments: { title: { en: 'By agent' }, content: { en: '<p>Agent text.</p>' } },
      });
      expect(created.isError).toBeFalsy();
      const [entry] = await entriesFor('article', created.structuredContent.article.id);
      expect(entry).toMatchObject({
        action: 'article.create',
        actor: appActor('mcp', expect.any(String)),
      });
    } finally {
      await client.close();
    }
  });

  it("another site's log never shows these entries", async () => {
    const other = await edge<{ entries: Entry[] }>('GET', '/v1/audit?limit=100', {
      key: stack.demo.key,
    });
    expect(other.status).toBe(200);
    const ours = await edge<{ entries: Entry[] }>('GET', '/v1/audit?limit=100', { key });
    const ourIds = new Set(ours.body.entries.map((e) => e.id));
    expect(ourIds.size).toBeGreaterThanOrEqual(4);
    expect(other.body.entries.filter((e) => ourIds.has(e.id))).toEqual([]);
  });
});
