// MCP resources and prompts (issue #26) through the whole stack: the SDK's Client, authorized by
// the real OAuth flow, reaching content-api through mcp-gateway and the edge.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectAgent } from './support/mcp-agent';
import { hc, ownedSite, stack, unique } from './support/stack';

const READER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) e2e-reader';

const promptText = (r: any, i = 0): string => r.messages?.[i]?.content?.text ?? '';
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: number; message: string; data?: unknown }) => ({
      code: e.code,
      message: e.message,
      data: e.data,
    }),
  );

describe('MCP resources and prompts through the stack (issue #26)', () => {
  let client: Client;
  const word = unique('quasar').toLowerCase();
  let articleId: number;
  let categoryId: number;
  let foreignId: number;

  beforeAll(async () => {
    ({ client } = await connectAgent(
      stack.demo.user.email,
      stack.demo.password,
      [stack.demo.site.id],
      stack.demo.site.id,
    ));
    const category: any = await client.callTool({
      name: 'kb_create_category',
      arguments: { name: { en: unique('Resources cat ') } },
    });
    categoryId = category.structuredContent.category.id;
    const created: any = await client.callTool({
      name: 'kb_create_article',
      arguments: {
        title: { en: `Caring for a ${word}` },
        content: { en: `## Feeding\n\n1. Give the ${word} **water**.\n2. Wait.` },
        content_format: 'markdown',
        category_id: categoryId,
        published: true,
      },
    });
    articleId = created.structuredContent.article.id;

    // Another person's site with an article of its own.
    const { email, site } = await ownedSite('Other', 'secret-pass-7');
    const other = await connectAgent(email, 'secret-pass-7', [site.id], site.id);
    const foreign: any = await other.client.callTool({
      name: 'kb_create_article',
      arguments: { title: { en: `Foreign ${word}` }, published: true },
    });
    foreignId = foreign.structuredContent.article.id;
    await other.client.close();
  });
  afterAll(() => client?.close());

  it('lists the category tree and the site’s articles; templates and prompts are listed', async () => {
    const uris: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor ? { cursor } : {});
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor);
    expect(uris[0]).toBe('kb://categories');
    expect(uris).toContain(`kb://articles/${articleId}`);
    expect(uris).not.toContain(`kb://articles/${foreignId}`);
    expect(
      (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate),
    ).toEqual(['kb://articles/{id}', 'kb://articles/{id}/{lang}']);
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([
      'draft-article',
      'translate-article',
      'answer-from-help-center',
      'fill-search-gaps',
    ]);
    expect((await client.listTools()).tools).toHaveLength(29);
  });

  it('reads an article as Markdown with front matter and the category tree', async () => {
    const { contents } = await client.readResource({ uri: `kb://articles/${articleId}` });
    const md = String((contents[0] as { text?: string }).text);
    expect(contents[0].mimeType).toBe('text/markdown');
    expect(md).toMatch(
      new RegExp(`^---\\nid: ${articleId}\\ntitle: "Caring for a ${word}"\\nlang: "en"\\n`),
    );
    expect(md).toContain('status: "published"');
    expect(md).toContain(`category_id: ${categoryId}`);
    expect(md).toMatch(new RegExp(`\\nurl: "https?://[^"]+/articles/${articleId}-caring-for-a-`));
    expect(md).toContain(`# Caring for a ${word}\n\n## Feeding\n\n1. Give the ${word} **water**.`);

    const tree = await client.readResource({ uri: 'kb://categories' });
    const doc = JSON.parse(String((tree.contents[0] as { text?: string }).text));
    expect(JSON.stringify(doc.categories)).toContain(`"id":${categoryId}`);
  });

  it('another site’s article answers exactly like a missing one', async () => {
    const foreign = await failure(client.readResource({ uri: `kb://articles/${foreignId}` }));
    const missing = await failure(client.readResource({ uri: 'kb://articles/987654321' }));
    expect(foreign).toEqual(missing);
    expect(foreign?.code).toBe(-32002);
    const prompt = await failure(
      client.getPrompt({
        name: 'translate-article',
        arguments: { id: String(foreignId), language: 'de' },
      }),
    );
    expect(prompt).toEqual(
      await failure(
        client.getPrompt({
          name: 'translate-article',
          arguments: { id: '987654321', language: 'de' },
        }),
      ),
    );
  });

  it('prompts: draft, translate and answer from published articles', async () => {
    const draft = await client.getPrompt({
      name: 'draft-article',
      arguments: { topic: `Travelling with a ${word}` },
    });
    expect(promptText(draft)).toContain('kb_create_article');
    expect((draft.messages[1].content as any).resource.uri).toBe('kb://categories');

    const translate = await client.getPrompt({
      name: 'translate-article',
      arguments: { id: String(articleId), language: 'de' },
    });
    expect(promptText(translate)).toContain(`from "en" into "de"`);
    expect((translate.messages[1].content as any).resource.text).toContain(`Caring for a ${word}`);

    const answer = await client.getPrompt({
      name: 'answer-from-help-center',
      arguments: { question: `How do I feed my ${word}?`, search: word },
    });
    expect(promptText(answer)).toContain(`#${articleId} Caring for a ${word}`);
    expect(promptText(answer)).not.toContain(`#${foreignId}`);
    expect((answer.messages[1].content as any).resource.text).toContain('**water**');
  });

  it('fill-search-gaps shows what readers found nothing for', async () => {
    const gapWord = unique('zebrafinch').toLowerCase();
    const searchesToday = async () => {
      const out = await hc<{ rolled_up: { date: string; searches: number }[] }>(
        'analytics',
        'rollup',
        '--site',
        String(stack.demo.site.id),
      );
      return out.rolled_up.at(-1)!.searches;
    };
    const before = await searchesToday();
    const res = await fetch(
      `${stack.readerUrl}/hc/${stack.demo.site.subdomain}/search?q=${gapWord}`,
      { headers: { 'user-agent': READER_UA } },
    );
    expect(res.status).toBe(200);
    // The reader writes searches in batches within a second (issue #28): roll up until it is in.
    for (let i = 0; i < 20 && (await searchesToday()) === before; i++) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const agent = await connectAgent(
      stack.demo.user.email,
      stack.demo.password,
      [stack.demo.site.id],
      stack.demo.site.id,
    );
    const gaps = await agent.client.getPrompt({ name: 'fill-search-gaps', arguments: {} });
    expect(promptText(gaps)).toMatch(new RegExp(`\\| 1 \\| ${gapWord} \\|`));
    await agent.client.close();
  });

  it('limits: a resource read counts like GET /articles/{id}, fill-search-gaps like the analytics tools', async () => {
    // A new connection: a new app registration with budgets of its own.
    const { client: agent } = await connectAgent(
      stack.demo.user.email,
      stack.demo.password,
      [stack.demo.site.id],
      stack.demo.site.id,
    );
    for (let i = 0; i < 120; i++) {
      await agent.readResource({ uri: `kb://articles/${articleId}` });
    }
    const over = await failure(agent.readResource({ uri: `kb://articles/${articleId}` }));
    expect(over).toMatchObject({ code: -32600, data: { http_status: 429 } });
    const tool: any = await agent.callTool({
      name: 'kb_get_article',
      arguments: { id: articleId },
    });
    expect(tool.isError).toBe(true);

    for (let i = 0; i < 6; i++) {
      await agent.getPrompt({ name: 'fill-search-gaps', arguments: {} });
    }
    const analytics = await failure(agent.getPrompt({ name: 'fill-search-gaps', arguments: {} }));
    expect(analytics?.message).toMatch(/Too many analytics requests.*Do not retry/);
    const summary: any = await agent.callTool({ name: 'kb_get_analytics_summary', arguments: {} });
    expect(summary.isError).toBe(true);
    await agent.close();
  });
});
