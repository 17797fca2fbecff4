// MCP resources and prompts (issue #26) through the SDK's own Client, against the real
// content-api: two sites, scopes and the limits of the tools they mirror.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { resetSettings, settings } from '@hc/contracts';
import { searchDailyRow, startTestApp, TestApp, TestSite, TestTokens } from '@hc/testing';
// The REST side: the gateway calls content-api, so this test drives both on purpose.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DOMAIN_MODULES } from '../../../content-api/src/domain.modules';
import { McpModule } from '../mcp/mcp.module';
import { RESOURCES_PAGE_SIZE } from './resources';

const RESOURCE_NOT_FOUND = -32002;
const INVALID_PARAMS = -32602;
const INVALID_REQUEST = -32600;

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const tokens = new TestTokens('mcp-resources');

type AnyResult = any;
/** The text of a resource read's one content. */
const textOf = (contents: { uri: string; text?: unknown }[]) => String(contents[0].text);
const text = (r: AnyResult, i = 0) => r.messages?.[i]?.content?.text ?? r.content?.[0]?.text ?? '';

describe('MCP resources and prompts (issue #26)', () => {
  let api: TestApp;
  let gateway: TestApp;
  let site: TestSite;
  let other: TestSite;
  let key: string;
  let otherKey: string;
  let client: Client;
  const clients: Client[] = [];
  let article: any;
  let draft: any;
  let foreign: any;
  let parent: number;
  let child: number;
  let first: number;

  const connect = async (
    scopes: string[],
    siteId = site.id,
    clientId = 'client-mcp-resources',
  ): Promise<Client> => {
    const token = tokens.issue(site.owner.id, [site.id, other.id], scopes, {
      audience: [settings().mcpUrl],
      clientId,
    });
    const c = new Client({ name: 'resources-test', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(`${gateway.url}/v1/mcp?site=${siteId}`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(c);
    return c;
  };

  const post = async (path: string, body: unknown, k = key) => {
    const res = await api.request('POST', path, { key: k, body });
    expect(res.status).toBeLessThan(300);
    return res.body;
  };

  beforeAll(async () => {
    api = await startTestApp(tokens.app([...DOMAIN_MODULES]));
    process.env.HC_INTERNAL_API_URL = api.url;
    resetSettings();
    gateway = await startTestApp(tokens.app([McpModule], { trimStrings: false }));

    site = await api.factory.site({ languages: ['en', 'de'] });
    other = await api.factory.site({ owner: site.owner });
    key = await api.factory.key(site);
    otherKey = await api.factory.key(other);

    parent = (await post('/v1/categories', { name: { en: 'Account', de: 'Konto' }, position: 2 }))
      .category.id;
    child = (
      await post('/v1/categories', { name: { en: 'Passwords' }, parent_id: parent, position: 0 })
    ).category.id;
    first = (await post('/v1/categories', { name: { en: 'Getting started' }, position: 1 }))
      .category.id;
    await post('/v1/categories', { name: { en: 'Foreign category' } }, otherKey);

    article = (
      await post('/v1/articles', {
        title: { en: 'Reset your password', de: 'Passwort zurücksetzen' },
        content: {
          en: '<h2>Steps</h2><ol><li>Open <strong>Settings</strong> and choose <a href="https://example.test/security">Security</a>.</li><li>Click <em>Reset password</em>.</li></ol><script>alert(1)</script>',
          de: '<p>Öffnen Sie die <strong>Einstellungen</strong>.</p>',
        },
        metadata: { description: { en: 'How to get a new password.' } },
        category_id: child,
        published: true,
      })
    ).article;
    draft = (
      await post('/v1/articles', {
        title: { en: 'Password rules (draft)' },
        content: { en: '<p>Reset password rules.</p>' },
      })
    ).article;
    foreign = (
      await post(
        '/v1/articles',
        {
          title: { en: 'Reset your password elsewhere' },
          content: { en: '<p>Foreign secret text.</p>' },
          published: true,
        },
        otherKey,
      )
    ).article;
    // Enough articles for a second page of resources/list.
    for (let batch = 0; batch < 2; batch++) {
      await post('/v1/articles/bulk', {
        articles: Array.from({ length: 50 }, (_, i) => ({
          title: { en: `Filler ${batch}-${i}` },
        })),
      });
    }
    // Reader searches as the daily rollup leaves them (spec 4.10), on both sites.
    const gap = (siteId: number, query: string, searches: number, zero: number) =>
      searchDailyRow(api.ds, siteId, {
        day: yesterday,
        lang: 'en',
        query,
        searches,
        withoutResults: zero,
        lastResultsCount: zero === searches ? 0 : 2,
      });
    await gap(site.id, 'refund policy', 3, 3);
    await gap(site.id, 'export | csv', 1, 1);
    await gap(site.id, 'invoice', 4, 0);
    await gap(other.id, 'foreign gap', 9, 9);

    client = await connect(['content.read', 'content.write', 'analytics.read']);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await gateway?.close();
    await api?.close();
    delete process.env.HC_INTERNAL_API_URL;
    resetSettings();
  });

  describe('resources', () => {
    it('resources/list shows the category tree, then only the connected site’s articles, paged by cursor', async () => {
      const page1 = await client.listResources();
      expect(page1.resources[0]).toMatchObject({
        uri: 'kb://categories',
        mimeType: 'application/json',
      });
      expect(page1.resources).toHaveLength(1 + RESOURCES_PAGE_SIZE);
      expect(page1.nextCursor).toEqual(expect.any(String));
      const page2 = await client.listResources({ cursor: page1.nextCursor });
      expect(page2.nextCursor).toBeUndefined();
      expect(page2.resources.map((r) => r.uri)).not.toContain('kb://categories');

      const uris = [...page1.resources, ...page2.resources].map((r) => r.uri);
      expect(uris).toHaveLength(1 + 102);
      expect(new Set(uris).size).toBe(uris.length);
      expect(uris).toContain(`kb://articles/${article.id}`);
      expect(uris).toContain(`kb://articles/${draft.id}`);
      expect(uris).not.toContain(`kb://articles/${foreign.id}`);

      const entry = [...page1.resources, ...page2.resources].find(
        (r) => r.uri === `kb://articles/${article.id}`,
      );
      expect(entry).toMatchObject({
        title: 'Reset your password',
        mimeType: 'text/markdown',
        description: 'Published, public; languages en, de',
        annotations: { lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) },
      });
    });

    it('refuses a cursor it did not give', async () => {
      for (const cursor of ['nonsense', Buffer.from('{"page":0}').toString('base64url')]) {
        await expect(client.listResources({ cursor })).rejects.toMatchObject({
          code: INVALID_PARAMS,
        });
      }
    });

    it('lists the resource templates', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
        'kb://articles/{id}',
        'kb://articles/{id}/{lang}',
      ]);
      for (const t of resourceTemplates) expect(t.mimeType).toBe('text/markdown');
    });

    it('kb://articles/{id} is the article as Markdown with front matter, in the default language', async () => {
      const uri = `kb://articles/${article.id}`;
      const { contents } = await client.readResource({ uri });
      expect(contents).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri, mimeType: 'text/markdown' });
      const md = textOf(contents);
      expect(md.startsWith('---\n')).toBe(true);
      const head = md.split('\n---\n')[0];
      expect(head).toContain(`id: ${article.id}`);
      expect(head).toContain('title: "Reset your password"');
      expect(head).toContain('lang: "en"');
      expect(head).toContain('languages: ["en","de"]');
      expect(head).toContain('released: ["en"]');
      expect(head).toContain('status: "published"');
      expect(head).toContain('visibility: "public"');
      expect(head).toContain(`category_id: ${child}`);
      expect(head).toContain('description: "How to get a new password."');
      expect(head).toMatch(/updated: "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/);
      expect(head).toContain(`url: "${article._links.view.url}"`);
      expect(md).toContain('# Reset your password');
      expect(md).toContain('## Steps');
      expect(md).toContain(
        '1. Open **Settings** and choose [Security](https://example.test/security).',
      );
      expect(md).not.toMatch(/<script|alert\(/);
    });

    it('kb://articles/{id}/{lang} is one translation; a language it lacks is not found', async () => {
      const { contents } = await client.readResource({ uri: `kb://articles/${article.id}/de` });
      const md = textOf(contents);
      expect(md).toContain('lang: "de"');
      expect(md).toContain('# Passwort zurücksetzen');
      expect(md).toContain('Öffnen Sie die **Einstellungen**.');
      await expect(
        client.readResource({ uri: `kb://articles/${article.id}/fr` }),
      ).rejects.toMatchObject({ code: RESOURCE_NOT_FOUND });
    });

    it('an article of another site answers exactly like a missing one', async () => {
      const failure = async (uri: string) => {
        try {
          await client.readResource({ uri });
        } catch (err) {
          const e = err as { code: number; message: string; data: unknown };
          return { code: e.code, message: e.message, data: e.data };
        }
        throw new Error(`${uri} was readable`);
      };
      const foreignFailure = await failure(`kb://articles/${foreign.id}`);
      const missing = await failure('kb://articles/999999999');
      expect(foreignFailure).toEqual(missing);
      expect(foreignFailure.code).toBe(RESOURCE_NOT_FOUND);
      expect(foreignFailure.message).not.toContain('Foreign');
      // The person can read it on its own site's connection.
      const onItsSite = await connect(['content.read'], other.id);
      const { contents } = await onItsSite.readResource({ uri: `kb://articles/${foreign.id}` });
      expect(textOf(contents)).toContain('Foreign secret text.');
    });

    it('an unknown resource is not found', async () => {
      for (const uri of ['kb://nothing', 'kb://articles/abc', 'https://example.test/']) {
        await expect(client.readResource({ uri })).rejects.toMatchObject({
          code: RESOURCE_NOT_FOUND,
        });
      }
    });

    it('kb://categories is the connected site’s tree, siblings by position', async () => {
      const { contents } = await client.readResource({ uri: 'kb://categories' });
      expect(contents[0].mimeType).toBe('application/json');
      const doc = JSON.parse(textOf(contents));
      expect(doc.total).toBe(3);
      expect(doc.categories.map((c: any) => c.id)).toEqual([first, parent]);
      const account = doc.categories[1];
      expect(account).toMatchObject({
        name: { en: 'Account', de: 'Konto' },
        position: 2,
        children: [{ id: child, name: { en: 'Passwords' }, children: [] }],
      });
      expect(textOf(contents)).not.toContain('Foreign category');
    });

    it('leaves the 29 tools as they are', async () => {
      expect((await client.listTools()).tools).toHaveLength(29);
    });
  });

  describe('prompts', () => {
    it('lists the four prompts with their arguments', async () => {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual([
        'draft-article',
        'translate-article',
        'answer-from-help-center',
        'fill-search-gaps',
      ]);
      const args = Object.fromEntries(
        prompts.map((p) => [
          p.name,
          (p.arguments ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`),
        ]),
      );
      expect(args).toEqual({
        'draft-article': ['topic', 'language?', 'category_id?'],
        'translate-article': ['id', 'language', 'from?'],
        'answer-from-help-center': ['question', 'search?', 'language?'],
        'fill-search-gaps': ['from?', 'to?', 'language?', 'limit?'],
      });
    });

    it('draft-article: instructions and the connected site’s category tree', async () => {
      const res = await client.getPrompt({
        name: 'draft-article',
        arguments: { topic: 'Exporting invoices', language: 'de' },
      });
      expect(text(res)).toContain('Exporting invoices');
      expect(text(res)).toContain('kb_create_article');
      expect(text(res)).toContain('published false');
      expect(text(res)).toContain('{"de": "…"}');
      const attached = res.messages[1].content as any;
      expect(attached.type).toBe('resource');
      expect(attached.resource.uri).toBe('kb://categories');
      expect(attached.resource.text).toContain('Getting started');
      expect(attached.resource.text).not.toContain('Foreign category');
    });

    it('translate-article: the article attached; another site’s article like a missing one', async () => {
      const res = await client.getPrompt({
        name: 'translate-article',
        arguments: { id: String(article.id), language: 'de' },
      });
      expect(text(res)).toContain(`article #${article.id} from "en" into "de"`);
      expect(text(res)).toContain('kb_update_article');
      expect(text(res)).toContain('unreleased');
      const attached = res.messages[1].content as any;
      expect(attached.resource.uri).toBe(`kb://articles/${article.id}/en`);
      expect(attached.resource.text).toContain('# Reset your password');

      const failure = (id: string) =>
        client.getPrompt({ name: 'translate-article', arguments: { id, language: 'de' } }).then(
          () => null,
          (e) => ({ code: e.code, message: e.message }),
        );
      const foreignFailure = await failure(String(foreign.id));
      expect(foreignFailure).toEqual(await failure('999999999'));
      expect(foreignFailure?.code).toBe(INVALID_PARAMS);
      await expect(
        client.getPrompt({
          name: 'translate-article',
          arguments: { id: String(article.id), language: 'zh-Hans' },
        }),
      ).rejects.toMatchObject({ code: INVALID_PARAMS });
    });

    it('answer-from-help-center: only published articles of the connected site', async () => {
      const res = await client.getPrompt({
        name: 'answer-from-help-center',
        arguments: { question: 'How do I reset my password?' },
      });
      const intro = text(res);
      expect(intro).toContain('How do I reset my password?');
      expect(intro).toContain(`#${article.id} Reset your password`);
      expect(intro).not.toContain(`#${draft.id}`);
      expect(intro).not.toContain(`#${foreign.id}`);
      const attached = res.messages.slice(1).map((m: any) => m.content.resource.uri);
      expect(attached).toEqual([`kb://articles/${article.id}/en`]);
      expect(JSON.stringify(res)).not.toContain('Foreign secret text');

      const none = await client.getPrompt({
        name: 'answer-from-help-center',
        arguments: { question: 'Where is the quokka?', search: 'quokka' },
      });
      expect(text(none)).toContain('found no published article');
      expect(none.messages).toHaveLength(1);
    });

    it('fill-search-gaps: the connected site’s searches without results', async () => {
      const res = await client.getPrompt({ name: 'fill-search-gaps', arguments: {} });
      const body = text(res);
      expect(body).toContain('| 3 | refund policy |');
      expect(body).toContain('| 1 | export \\| csv |');
      expect(body).not.toContain('invoice');
      expect(body).not.toContain('foreign gap');
      expect(body).toContain('kb_search_articles');
    });
  });

  describe('scopes of the mirrored tools', () => {
    it('without content.read, articles and categories are refused as kb_get_article would be', async () => {
      const analyticsOnly = await connect(['analytics.read'], site.id, 'client-scope-a');
      for (const call of [
        () => analyticsOnly.readResource({ uri: `kb://articles/${article.id}` }),
        () => analyticsOnly.readResource({ uri: 'kb://categories' }),
        () => analyticsOnly.listResources(),
        () =>
          analyticsOnly.getPrompt({
            name: 'answer-from-help-center',
            arguments: { question: 'x' },
          }),
      ]) {
        await expect(call()).rejects.toMatchObject({
          code: INVALID_REQUEST,
          message: expect.stringContaining('content.read'),
          data: { http_status: 403, code: 'insufficient_scope' },
        });
      }
      const tool: AnyResult = await analyticsOnly.callTool({
        name: 'kb_get_article',
        arguments: { id: article.id },
      });
      expect(tool.isError).toBe(true);
      expect(text(tool)).toContain('content.read');
      // Its own scope works.
      expect(
        text(await analyticsOnly.getPrompt({ name: 'fill-search-gaps', arguments: {} })),
      ).toContain('refund policy');
    });

    it('without analytics.read, fill-search-gaps is refused as kb_get_search_queries would be', async () => {
      const contentOnly = await connect(['content.read'], site.id, 'client-scope-b');
      await expect(
        contentOnly.getPrompt({ name: 'fill-search-gaps', arguments: {} }),
      ).rejects.toMatchObject({
        code: INVALID_REQUEST,
        message: expect.stringContaining('analytics.read'),
      });
    });
  });

  it('a lone surrogate in a tool argument is refused like the API refuses it (issue 34 item 7)', async () => {
    const agent = await connect(['content.write'], site.id, 'client-lone-surrogate');
    const res: AnyResult = await agent.callTool({
      name: 'kb_create_article',
      arguments: { title: { en: 'Half \ud800 a pair' } },
    });
    expect(res.isError).toBe(true);
    expect(text(res)).toContain('HTTP 422');
    expect(text(res)).toContain('The title.en field must be valid Unicode text.');
  });

  describe('limits of the mirrored tools (spec 8)', () => {
    // 122 calls one after another: a loaded machine (load 29 in a CI run) took more than the
    // tier's 30 s; up to the minute the limit counts, its window still holds them all.
    it('a resource read of an article counts like GET /articles/{id}: 120 a minute with the tool', async () => {
      const agent = await connect(['content.read'], site.id, 'client-limit-writes');
      for (let i = 0; i < 60; i++) {
        const res: AnyResult = await agent.callTool({
          name: 'kb_get_article',
          arguments: { id: article.id },
        });
        expect(res.isError).toBeFalsy();
      }
      for (let i = 0; i < 60; i++) {
        await agent.readResource({ uri: `kb://articles/${article.id}` });
      }
      await expect(
        agent.readResource({ uri: `kb://articles/${article.id}` }),
      ).rejects.toMatchObject({ code: INVALID_REQUEST, data: { http_status: 429 } });
      const tool: AnyResult = await agent.callTool({
        name: 'kb_get_article',
        arguments: { id: article.id },
      });
      expect(tool.isError).toBe(true);
      expect(text(tool)).toContain('HTTP 429');
      // Lists are not single-article reads: they still work.
      expect((await agent.listResources()).resources.length).toBeGreaterThan(1);
    }, 60_000);

    it('fill-search-gaps shares the 6 analytics requests per minute with the analytics tools', async () => {
      const agent = await connect(['analytics.read'], site.id, 'client-limit-analytics');
      for (let i = 0; i < 3; i++) {
        const res: AnyResult = await agent.callTool({
          name: 'kb_get_search_queries',
          arguments: {},
        });
        expect(res.isError).toBeFalsy();
        await agent.getPrompt({ name: 'fill-search-gaps', arguments: {} });
      }
      await expect(
        agent.getPrompt({ name: 'fill-search-gaps', arguments: {} }),
      ).rejects.toMatchObject({
        code: INVALID_REQUEST,
        message: expect.stringMatching(/Error: Too many analytics requests.*Do not retry/),
      });
      const tool: AnyResult = await agent.callTool({
        name: 'kb_get_analytics_summary',
        arguments: {},
      });
      expect(tool.isError).toBe(true);
      expect(text(tool)).toMatch(/Do not retry/);
    });
  });
});
