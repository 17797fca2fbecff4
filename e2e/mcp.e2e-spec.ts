// The tool server driven by the MCP SDK's own Client over Streamable HTTP, authorized by the
// SDK's own OAuth client flow against auth-server: discovery → registration → PKCE → token.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectApp } from '@hc/testing';
import { AgentAuth, connectAgent } from './support/mcp-agent';
import { cli, edge, hc, ownedSite, stack, unique } from './support/stack';

/** Tool arguments asking for the JSON answer. */
const inJson = (args: Record<string, unknown>) => ({ ...args, response_format: 'json' });

function text(result: any): string {
  return result.content?.[0]?.text ?? '';
}

describe('MCP tool server (spec 4.14, 5.3)', () => {
  let client: Client;
  let auth: AgentAuth;

  beforeAll(async () => {
    ({ client, auth } = await connectAgent(
      stack.demo.user.email,
      stack.demo.password,
      [stack.demo.site.id],
      stack.demo.site.id,
    ));
  });
  afterAll(() => client?.close());
  /** Calls one tool as the agent; the result as the SDK gives it. */
  const tool = (name: string, args: Record<string, unknown> = {}): Promise<any> =>
    client.callTool({ name, arguments: args });

  it('answers 401 with WWW-Authenticate naming the protected resource metadata', async () => {
    const res = await edge('POST', '/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(res.status).toBe(401);
    const header = res.headers.get('www-authenticate')!;
    expect(header).toMatch(/^Bearer /);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(header)![1];
    expect(metadataUrl).toBe(`${stack.publicUrl}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await edge('GET', new URL(metadataUrl).pathname);
    expect(metadata.body).toMatchObject({
      resource: `${stack.publicUrl}/mcp`,
      authorization_servers: [stack.publicUrl],
    });
  });

  it('refuses a token issued for the REST API rather than the tool server', async () => {
    const rest = await connectApp(stack.publicUrl, {
      email: stack.demo.user.email,
      password: stack.demo.password,
      scope: 'content.read',
      resource: stack.publicUrl,
      sites: [stack.demo.site.id],
    });
    // the token works on the REST API it was issued for …
    expect((await edge('GET', '/v1/sites', { token: rest.tokens.access_token })).status).toBe(200);
    // … and not on the tool server
    const res = await edge('POST', '/mcp', {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      headers: { authorization: `Bearer ${rest.tokens.access_token}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  it('lists 29 tools with annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(29);
    expect(
      tools
        .filter((t) => t.annotations?.destructiveHint)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['kb_delete_category', 'kb_discard_staged_changes', 'kb_restore_article_version']);
  });

  it('kb_list_sites works and names the site', async () => {
    const res = await tool('kb_list_sites');
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent.sites.map((s: any) => s.id)).toEqual([stack.demo.site.id]);
    expect(text(res)).toContain(`Site ${stack.demo.site.id}`);
  });

  it('refuses an unknown argument before any request', async () => {
    const res = await tool('kb_list_articles', { status: 'draft' });
    expect(res.isError).toBe(true);
    expect(text(res)).toContain('Input validation error');
    expect(text(res)).toContain("Unrecognized key(s) in object: 'status'");
  });

  it('creates, reads, updates, lists and searches articles as the person who authorized', async () => {
    const title = unique('Agent article ');
    const created = await tool('kb_create_article', {
      title: { en: title },
      content: { en: '<p>Written by an agent about quasar widgets.</p>' },
      published: true,
    });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ status: 'success', action: 'created' });
    const id = created.structuredContent.article.id;
    expect(JSON.parse(text(created)).article.id).toBe(id);

    const got = await tool('kb_get_article', { id });
    expect(text(got)).toContain(title);
    expect(text(got)).not.toContain('quasar widgets');
    expect(got.structuredContent.article.content.en).toContain('quasar widgets');

    const updated = await tool('kb_update_article', { id, title: { en: `${title} v2` } });
    expect(updated.structuredContent.article.title.en).toBe(`${title} v2`);

    const listed = await tool('kb_list_articles', { limit: 5, response_format: 'json' });
    expect(listed.structuredContent).toMatchObject({
      page: 1,
      per_page: 5,
      count: expect.any(Number),
      has_more: expect.any(Boolean),
    });
    expect(JSON.parse(text(listed)).items.length).toBeLessThanOrEqual(5);

    const found = await tool('kb_search_articles', { query: 'quasar' });
    expect(found.isError).toBeFalsy();
    expect(found.structuredContent.items.map((a: any) => a.id)).toContain(id);
  });

  it('refuses a language the site does not publish in with the API message', async () => {
    const res = await tool('kb_create_article', { title: { fr: 'Bonjour' } });
    expect(res.isError).toBe(true);
    expect(text(res)).toMatch(/^Error: Unsupported language key "fr" provided\./);
  });

  it('bulk: up to 50 through the API; 51 to 100 fail as a whole', async () => {
    const ok = await tool('kb_bulk_create_articles', {
      articles: [{ title: { en: unique('Bulk A ') } }, { title: { en: unique('Bulk B ') } }],
    });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent.meta).toMatchObject({ total: 2, created: 2 });
    const tooMany = await tool('kb_bulk_create_articles', {
      articles: Array.from({ length: 51 }, (_, i) => ({ title: { en: `x${i}` } })),
    });
    expect(tooMany.isError).toBe(true);
    expect(text(tooMany)).toContain('The request could not be accepted.');
  });

  it('manages categories', async () => {
    const created = await tool('kb_create_category', { name: { en: unique('Agent cat ') } });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent.category.position).toBe(0);
    const id = created.structuredContent.category.id;
    const updated = await tool('kb_update_category', { id, icon: 'star' });
    expect(updated.structuredContent.category.icon).toBe('star');
    const listed = await tool('kb_list_categories');
    expect(listed.structuredContent.items.map((c: any) => c.id)).toContain(id);
    const all = listed.structuredContent.items.map((c: any) => c.id);
    const reordered = await tool('kb_reorder_categories', { order: [...all].reverse() });
    expect(reordered.isError).toBeFalsy();
    const article = await tool('kb_create_article', {
      title: { en: unique('In cat ') },
      category_id: id,
    });
    const order = await tool('kb_reorder_category_articles', {
      category_id: id,
      order: [article.structuredContent.article.id],
    });
    expect(order.isError).toBeFalsy();
    const deleted = await tool('kb_delete_category', { id, on_orphan: 'uncategorize' });
    expect(deleted.isError).toBeFalsy();
  });

  it('a token without the plan is refused on a Starter site (402 plan_upgrade_required)', async () => {
    const { email, site } = await ownedSite('Starter', 'secret-pass-9', '--plan', 'growth');
    const agent = await connectAgent(email, 'secret-pass-9', [site.id], site.id);
    await hc('site', 'update', '--site', String(site.id), '--plan', 'starter');
    const res: any = await agent.client.callTool({ name: 'kb_list_articles', arguments: {} });
    expect(res.isError).toBe(true);
    expect(text(res)).toContain('plan_upgrade_required');
    await agent.client.close();
  });

  it('shows the way out of site_required when several sites are shared and none is chosen', async () => {
    const email = `${unique('multi')}@example.test`;
    const { user } = await hc('user', 'create', '--email', email, '--password', 'secret-pass-8');
    const a = await cli('site create', { owner: user.id, name: 'A', subdomain: unique('a') });
    const b = await cli('site create', { owner: user.id, name: 'B', subdomain: unique('b') });
    const agent = await connectAgent(email, 'secret-pass-8', [a.site.id, b.site.id]);
    const sites: any = await agent.client.callTool({ name: 'kb_list_sites', arguments: {} });
    expect(sites.structuredContent.sites.map((s: any) => s.id).sort()).toEqual(
      [a.site.id, b.site.id].sort(),
    );
    const res: any = await agent.client.callTool({ name: 'kb_list_articles', arguments: {} });
    expect(res.isError).toBe(true);
    expect(text(res)).toMatch(/kb_list_sites/);
    expect(text(res)).toMatch(/\?site=<id>/);
    await agent.client.close();
  });

  it('stages, publishes, lists and restores versions, and discards', async () => {
    const created = await tool('kb_create_article', {
      title: { en: unique('Staged ') },
      content: { en: '<p>Live text.</p>' },
      published: true,
    });
    const id = created.structuredContent.article.id;
    const staged = await tool('kb_stage_article_changes', {
      article_id: id,
      locale: 'en',
      content: '<p>Staged text.</p>',
    });
    expect(staged.isError).toBeFalsy();
    expect(staged.structuredContent.staged.fields.content).toBe('<p>Staged text.</p>');
    const read = await tool('kb_get_staged_changes', { article_id: id, locale: 'en' });
    expect(read.isError).toBeFalsy();
    const published = await tool('kb_publish_staged_changes', { article_id: id });
    expect(published.structuredContent.published_locales).toEqual(['en']);
    expect(published.structuredContent.article.content.en).toBe('<p>Staged text.</p>');
    const versions = await tool('kb_list_article_versions', inJson({ article_id: id }));
    const [version] = versions.structuredContent.versions;
    const restored = await tool('kb_restore_article_version', {
      article_id: id,
      version_id: version.id,
    });
    expect(restored.structuredContent.article.content.en).toBe('<p>Live text.</p>');
    await tool('kb_stage_article_changes', { article_id: id, locale: 'en', title: 'Never' });
    const discarded = await tool('kb_discard_staged_changes', { article_id: id });
    expect(discarded.structuredContent.discarded).toBe(1);
    const nothing = await tool('kb_discard_staged_changes', { article_id: id });
    expect(nothing.isError).toBe(true);
    expect(text(nothing)).toContain('This article has no staged changes to discard.');
    const draft = await tool('kb_create_article', { title: { en: unique('Draft ') } });
    const refused = await tool('kb_stage_article_changes', {
      article_id: draft.structuredContent.article.id,
      locale: 'en',
      title: 'x',
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toContain('NOT_PUBLISHED');
  });

  it('moderates and answers comments without ever showing an email', async () => {
    const created = await tool('kb_create_article', {
      title: { en: unique('Discussed ') },
      published: true,
    });
    const articleId = created.structuredContent.article.id;
    const { comment } = await cli('comment add', {
      site: stack.demo.site.id,
      article: articleId,
      name: 'Reader Rita',
      email: 'rita@example.test',
      text: 'Does this work offline?',
    });
    const listed = await tool('kb_list_comments', inJson({ article_id: articleId }));
    expect(listed.structuredContent.items.map((c: any) => c.id)).toContain(comment.id);
    expect(JSON.stringify(listed)).not.toContain('rita@example.test');
    const approved = await tool('kb_moderate_comment', { id: comment.id, action: 'approve' });
    expect(approved.isError).toBeFalsy();
    const reply = await tool('kb_reply_to_comment', {
      article_id: articleId,
      parent_id: comment.id,
      text: 'Yes, it does.',
    });
    expect(reply.isError).toBeFalsy();
    const threads = await tool('kb_get_article_comments', inJson({ article_id: articleId }));
    expect(threads.structuredContent.meta).toMatchObject({ threads_count: 1, comments_count: 2 });
    expect(JSON.stringify(threads)).not.toContain('rita@example.test');
    const withEmail = await tool('kb_list_comments', { include_email: true });
    expect(withEmail.isError).toBe(true);
  });

  it('reads, answers and resolves team notes', async () => {
    const created = await tool('kb_create_article', {
      title: { en: unique('Noted ') },
      content: { en: '<p>The quick brown fox.</p>' },
    });
    const articleId = created.structuredContent.article.id;
    const { note } = await cli('note add', {
      site: stack.demo.site.id,
      article: articleId,
      user: stack.demo.user.id,
      lang: 'en',
      quote: 'brown fox',
      text: 'Is it brown?',
    });
    const notes = await tool('kb_list_article_notes', inJson({ article_id: articleId }));
    expect(notes.structuredContent.notes.map((n: any) => n.id)).toContain(note.id);
    const reply = await tool('kb_reply_to_article_note', {
      article_id: articleId,
      note_id: note.id,
      text: 'Rather grey.',
    });
    expect(reply.structuredContent.note.replies).toHaveLength(1);
    const resolved = await tool('kb_resolve_article_note', {
      article_id: articleId,
      note_id: note.id,
    });
    expect(resolved.structuredContent).toMatchObject({ status: 'success', id: note.id });
  });

  it('reads analytics, six requests a minute, then tells the agent not to retry', async () => {
    const summary = await tool('kb_get_analytics_summary');
    expect(summary.isError).toBeFalsy();
    expect(summary.structuredContent).toMatchObject({
      status: 'success',
      range: expect.any(Object),
    });
    const content = await tool('kb_get_content_performance', {
      per_page: 50,
      response_format: 'json',
    });
    expect(content.isError).toBeFalsy();
    expect(content.structuredContent.meta.per_page).toBe(25);
    const searches = await tool('kb_get_search_queries', { limit: 5 });
    expect(searches.isError).toBeFalsy();
    expect(searches.structuredContent).toHaveProperty('frequent_queries');
    for (let i = 0; i < 3; i++) {
      expect((await tool('kb_get_analytics_summary')).isError).toBeFalsy();
    }
    const over = await tool('kb_get_search_queries');
    expect(over.isError).toBe(true);
    expect(text(over)).toMatch(/^Error: .*Do not retry/);
  });

  it('refreshes an expired access token by itself and keeps working', async () => {
    const before = auth.saved!;
    auth.saved = { ...before, access_token: 'spoiled' };
    const res = await tool('kb_list_sites');
    expect(res.isError).toBeFalsy();
    expect(auth.saved.access_token).not.toBe('spoiled');
    expect(auth.saved.refresh_token).not.toBe(before.refresh_token); // rotated
  });
});
