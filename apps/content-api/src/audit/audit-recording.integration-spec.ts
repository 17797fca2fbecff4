import { settings } from '@hc/contracts';
import {
  auditEventsAfter,
  keyAndId,
  lastOutboxId,
  STAGING_SITE,
  TestApp,
  TestSite,
  TestTokens,
  useTestApp,
  webhookRow,
} from '@hc/testing';
import { DOMAIN_MODULES } from '../domain.modules';

/** Bearer tokens for this file (end-to-end tests use auth-server's real ones). */
const tokens = new TestTokens('audit');

/** Issue 24 item 1: every write records its actor as an outbox event of its transaction. */
describe('audit recording (issue 24)', () => {
  let t: TestApp;
  let site: TestSite;

  /** This site's audit events after the mark, without the site id. */
  const auditAfter = async (afterId: number) =>
    (await auditEventsAfter(t.ds, afterId))
      .filter((e) => e.site_id === site.id)
      .map(({ site_id: _site, ...e }) => e);
  const lastId = () => lastOutboxId(t.ds);

  useTestApp(tokens.app([...DOMAIN_MODULES]), async (app) => {
    t = app;
    site = await t.factory.site(STAGING_SITE);
  });

  it('names the API key and its creator, with the request id, and leaves webhook payloads alone', async () => {
    const { key, keyId } = await keyAndId(t, site);
    const before = await lastId();
    const res = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Audited' }, content: { en: '<p>x</p>' } },
      headers: { 'x-request-id': 'req-audit-1' },
    });
    expect(res.status).toBe(201);
    const id = res.body.article.id;
    expect(await auditAfter(before)).toEqual([
      {
        type: 'audit',
        action: 'article.create',
        target_type: 'article',
        target_id: String(id),
        actor: { kind: 'api_key', key_id: keyId, user_id: site.owner.id },
        request_id: expect.any(String),
      },
    ]);
    const [hook] = await t.ds.query(
      `SELECT payload FROM outbox WHERE site_id = ? AND id > ? AND event = 'article.created'`,
      [site.id, before],
    );
    const payload = typeof hook.payload === 'string' ? JSON.parse(hook.payload) : hook.payload;
    expect(Object.keys(payload)).toEqual(['helpcenter_id', 'data']);
    expect(payload.data).not.toHaveProperty('actor');
  });

  it('names the OAuth app and person, and `mcp` when the audience is the tool server', async () => {
    const scopes = ['content.read', 'content.write'];
    const app = tokens.issue(site.owner.id, [site.id], scopes);
    const mcp = tokens.issue(site.owner.id, [site.id], scopes, {
      audience: [settings().mcpUrl],
    });
    const before = await lastId();
    const a = await t.request('POST', '/v1/articles', {
      token: app,
      body: { title: { en: 'By app' }, content: { en: '<p>x</p>' } },
    });
    expect(a.status).toBe(201);
    const b = await t.request('DELETE', `/v1/articles/${a.body.article.id}`, { token: mcp });
    expect(b.status).toBeLessThan(300);
    const entries = await auditAfter(before);
    expect(entries.map((e: { action: string; actor: unknown }) => [e.action, e.actor])).toEqual([
      ['article.create', { kind: 'oauth', client_id: 'client-audit', user_id: site.owner.id }],
      ['article.delete', { kind: 'mcp', client_id: 'client-audit', user_id: site.owner.id }],
    ]);
  });

  it('records a staged publish as `staged.publish`, not as the update it announces', async () => {
    const key = await t.factory.key(site);
    const created = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Stage me' }, content: { en: '<p>x</p>' }, published: true },
    });
    const id = created.body.article.id;
    await t.request('PATCH', `/v1/articles/${id}/staged`, {
      key,
      body: { locale: 'en', title: 'Staged' },
    });
    const before = await lastId();
    const res = await t.request('POST', `/v1/articles/${id}/staged/publish`, {
      key,
      body: { locale: 'en' },
    });
    expect(res.status).toBe(200);
    expect((await auditAfter(before)).map((e: { action: string }) => e.action)).toEqual([
      'staged.publish',
    ]);
  });

  it('records writes that announce no webhook event (webhook.delete) in their transaction', async () => {
    const key = await t.factory.key(site);
    const hook = await webhookRow(t.ds, site.id, {
      url: 'https://hooks.example.com/a',
      secret: 'secret-of-sixteen-chars',
    });
    const before = await lastId();
    const res = await t.request('DELETE', `/v1/webhooks/${hook}`, { key });
    expect(res.status).toBe(200);
    const entries = await auditAfter(before);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'webhook.delete',
        target_type: 'webhook',
        target_id: String(hook),
      }),
    ]);
  });

  it('records comment moderation (comment.unpublish)', async () => {
    const key = await t.factory.key(site);
    const a = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Commented' }, content: { en: '<p>x</p>' }, published: true },
    });
    const c = await t.request('POST', `/v1/articles/${a.body.article.id}/comments`, {
      key,
      body: { text: 'moderate me' },
    });
    expect(c.status).toBe(201);
    const before = await lastId();
    const res = await t.request('PATCH', `/v1/comments/${c.body.comment.id}`, {
      key,
      body: { action: 'unpublish' },
    });
    expect(res.status).toBe(200);
    expect(await auditAfter(before)).toEqual([
      expect.objectContaining({
        action: 'comment.unpublish',
        target_type: 'comment',
        target_id: String(c.body.comment.id),
      }),
    ]);
  });
});
