import { formatB, resetSettings } from '@hc/contracts';
import type { ArticleEventData } from '@hc/contracts';
import { writeOutbox, writeWebhookEvent } from '@hc/events';
import { startTestApp, TestApp, TestSite, WebhookReceiver } from '@hc/testing';
import { run as runCli } from '../../../content-api/src/cli';
import { createContentApi } from '../../../content-api/src/app.factory';
import { createWebhookDispatcher } from '../app.factory';

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function articleData(id: number, overrides: Partial<ArticleEventData> = {}): ArticleEventData {
  return {
    type: 'article',
    id,
    category_id: null,
    title: 'Grüße / Ünïcödé – “quotes” 日本語',
    slug: 'grusse',
    published: true,
    visibility: 'public',
    locale: 'de',
    updated_at: '2026-01-31 23:59:59',
    ...overrides,
  };
}

describe('webhook dispatcher, outbox transport (spec 6)', () => {
  let t: TestApp;
  let d: TestApp;
  let receiver: WebhookReceiver;
  let hookSeq = 0;
  const saved = { allow: process.env.HC_OUTBOUND_ALLOWLIST, delays: process.env.HC_WEBHOOK_RETRY_DELAYS };

  /** Registers a webhook through the API at a new receiver path; returns its path and id. */
  async function hook(site: TestSite, key: string, secret?: string): Promise<{ path: string; id: number }> {
    const path = `/h${++hookSeq}`;
    const res = await t.request('POST', '/v1/webhooks', { key, body: { url: receiver.url(path), secret } });
    expect(res.status).toBe(201);
    receiver.secretFor(path, res.body.webhook.secret);
    return { path, id: res.body.webhook.id };
  }

  async function fire(site: TestSite, data = articleData(1), event: 'article.updated' | 'article.created' = 'article.updated', at = new Date()) {
    return t.ds.transaction((m) => writeWebhookEvent(m, site, event, data, at));
  }

  async function deliveryRow(webhookId: number) {
    const rows = await t.ds.query('SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id', [webhookId]);
    return rows;
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    process.env.HC_OUTBOUND_ALLOWLIST = receiver.host;
    process.env.HC_WEBHOOK_RETRY_DELAYS = '150ms,150ms,150ms,150ms';
    resetSettings();
    t = await startTestApp(createContentApi);
    d = await startTestApp(() => createWebhookDispatcher());
  });

  afterAll(async () => {
    await d.close();
    await t.close();
    await receiver.close();
    for (const [name, value] of [['HC_OUTBOUND_ALLOWLIST', saved.allow], ['HC_WEBHOOK_RETRY_DELAYS', saved.delays]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetSettings();
  });

  it('delivers an event to every webhook of its site, signed, as compact one-line JSON', async () => {
    const site = await t.factory.site();
    const other = await t.factory.site();
    const key = await t.factory.key(site);
    const a = await hook(site, key);
    const b = await hook(site, key, 'my-own-secret-of-16+');
    const foreign = await hook(other, await t.factory.key(other));
    const occurred = new Date('2026-03-04T05:06:07.890Z');
    const data = articleData(77, { slug: 'a/b/c' });
    await fire(site, data, 'article.updated', occurred);

    await receiver.waitFor(() => receiver.for(a.path).length === 1 && receiver.for(b.path).length === 1);
    for (const path of [a.path, b.path]) {
      const [got] = receiver.for(path);
      expect(got.verified).toBe(true);
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['x-service-event']).toBe('article.updated');
      expect(got.headers['x-service-delivery']).toMatch(UUID);
      expect(got.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(got.headers).not.toHaveProperty('x-service-timestamp');
      // Compact, keys in the spec's order, slashes and non-ASCII unescaped, one line.
      expect(got.body).toBe(
        JSON.stringify({ event: 'article.updated', occurred_at: '2026-03-04T05:06:07+00:00', site_id: site.id, helpcenter_id: site.uuid, data }),
      );
      expect(got.body).toContain('"slug":"a/b/c"');
      expect(got.body).toContain('Grüße / Ünïcödé – “quotes” 日本語');
      expect(got.body).not.toMatch(/\\u|\\\/|\n/);
      expect(got.json.occurred_at).toBe(formatB(occurred));
    }
    expect(receiver.for(a.path)[0].headers['x-service-delivery']).not.toBe(receiver.for(b.path)[0].headers['x-service-delivery']);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.for(foreign.path)).toHaveLength(0);

    const list = await t.request('GET', '/v1/webhooks', { key });
    for (const w of list.body.webhooks) expect(w.last_delivered_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it('sends the same URL registered twice each event twice', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const url = receiver.url('/twice');
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', '/v1/webhooks', { key, body: { url } });
      expect(res.status).toBe(201);
    }
    await fire(site);
    await receiver.waitFor(() => receiver.for('/twice').length === 2);
  });

  it('retries a failure with the same body and signature and a new X-Service-Delivery', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const h = await hook(site, key);
    receiver.respond(({ path, count }) => ({ status: path === h.path && count <= 2 ? 500 : 200 }));
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 3);
    const got = receiver.for(h.path);
    expect(got.map((g) => g.status)).toEqual([500, 500, 200]);
    expect(new Set(got.map((g) => g.body)).size).toBe(1);
    expect(new Set(got.map((g) => g.headers['x-service-signature'])).size).toBe(1);
    expect(new Set(got.map((g) => g.headers['x-service-delivery'])).size).toBe(3);
    expect(got[1].receivedAt - got[0].receivedAt).toBeGreaterThanOrEqual(140);
    const [row] = await deliveryRow(h.id);
    expect(row).toMatchObject({ state: 'delivered', attempts: 3, next_attempt_at: null, last_status: 200 });
  });

  it('drops a delivery after the fifth failed attempt; the webhook stays active', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const h = await hook(site, key);
    receiver.respond(({ path }) => ({ status: path === h.path ? 503 : 200 }));
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 5);
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.for(h.path)).toHaveLength(5);
    const [row] = await deliveryRow(h.id);
    expect(row).toMatchObject({ state: 'dropped', attempts: 5, next_attempt_at: null, last_status: 503 });
    const list = await t.request('GET', '/v1/webhooks', { key });
    expect(list.body.webhooks).toEqual([expect.objectContaining({ id: h.id, active: true, last_delivered_at: null })]);
    receiver.respond(() => ({ status: 200 }));
  });

  it('counts a 3xx as delivered and does not follow the redirect', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const h = await hook(site, key);
    receiver.respond(({ path }) =>
      path === h.path ? { status: 302, headers: { location: receiver.url('/redirected') } } : { status: 200 },
    );
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.for(h.path)).toHaveLength(1);
    expect(receiver.for('/redirected')).toHaveLength(0);
    const [row] = await deliveryRow(h.id);
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, last_status: 302 });
    receiver.respond(() => ({ status: 200 }));
  });

  it('checks the address again before each attempt: unresolvable or private is skipped without retries', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const unresolvable = await t.request('POST', '/v1/webhooks', { key, body: { url: 'https://no-such-host.invalid/hook' } });
    expect(unresolvable.status).toBe(201);
    // A name that now resolves to a private address (registered while it was public).
    const [now] = await Promise.all([new Date()]);
    const privateHook = await t.ds.query(
      'INSERT INTO webhooks (site_id, url, secret, created_at) VALUES (?, ?, ?, ?)',
      [site.id, 'http://localhost:9/hook', 'x'.repeat(48), now],
    );
    await fire(site);
    const ids = [unresolvable.body.webhook.id, privateHook.insertId];
    const deadline = Date.now() + 10_000;
    let rows: { state: string; attempts: number; next_attempt_at: Date | null }[] = [];
    while (Date.now() < deadline) {
      rows = await t.ds.query('SELECT state, attempts, next_attempt_at FROM webhook_deliveries WHERE webhook_id IN (?)', [ids]);
      if (rows.length === 2 && rows.every((r) => r.state !== 'pending')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toEqual([
      { state: 'skipped', attempts: 1, next_attempt_at: null },
      { state: 'skipped', attempts: 1, next_attempt_at: null },
    ]);
  });

  it('DELETE /webhooks/{id} drops the pending retries', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const h = await hook(site, key);
    receiver.respond(({ path }) => ({ status: path === h.path ? 500 : 200 }));
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 1);
    expect((await t.request('DELETE', `/v1/webhooks/${h.id}`, { key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.for(h.path).length).toBeLessThanOrEqual(2);
    const settled = receiver.for(h.path).length;
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.for(h.path)).toHaveLength(settled);
    expect(await deliveryRow(h.id)).toEqual([]);
    receiver.respond(() => ({ status: 200 }));
  });

  it('passes over outbox events that are not webhook events', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const h = await hook(site, key);
    const id = await t.ds.transaction((m) => writeOutbox(m, site.id, 'comment.reply_approved', { any: 1 }));
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 1);
    expect(receiver.for(h.path)[0].headers['x-service-event']).toBe('article.updated');
    const [row] = await t.ds.query('SELECT processed_at FROM outbox WHERE id = ?', [id]);
    expect(row.processed_at).toBeInstanceOf(Date);
  });

  it('sends site.updated for visibility, IP allow-list and suspension changes made with the operator CLI, and site.deleted', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const h = await hook(site, key);
    const cli = (command: string, flags: Record<string, string | boolean>) => runCli(command, { site: String(site.id), ...flags });
    await cli('site update', { visibility: 'private' });
    await receiver.waitFor(() => receiver.for(h.path).length === 1);
    await cli('site update', { name: 'Renamed', plan: 'catalyst' }); // not announced
    await cli('site update', { visibility: 'private' }); // unchanged: not announced
    await cli('site update', { 'ip-allowlist': '10.0.0.0/8' });
    await receiver.waitFor(() => receiver.for(h.path).length === 2);
    await cli('site update', { suspended: true });
    await receiver.waitFor(() => receiver.for(h.path).length === 3);
    await cli('site delete', {});
    await receiver.waitFor(() => receiver.for(h.path).length === 4);
    await new Promise((r) => setTimeout(r, 300));
    const got = receiver.for(h.path);
    expect(got).toHaveLength(4);
    expect(got.every((g) => g.verified)).toBe(true);
    expect(got.map((g) => [g.json.event, g.headers['x-service-event']])).toEqual([
      ['site.updated', 'site.updated'],
      ['site.updated', 'site.updated'],
      ['site.updated', 'site.updated'],
      ['site.deleted', 'site.deleted'],
    ]);
    for (const g of got) {
      expect(g.json).toEqual({
        event: g.json.event,
        occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
        site_id: site.id,
        helpcenter_id: site.uuid,
        data: { type: 'site', id: site.id, visibility: 'private' },
      });
    }
  });

  it('runs safely as several replicas: every event reaches every webhook once', async () => {
    const second = await startTestApp(() => createWebhookDispatcher());
    try {
      const site = await t.factory.site();
      const key = await t.factory.key(site);
      const hooks = [await hook(site, key), await hook(site, key), await hook(site, key)];
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) ids.push(await fire(site, articleData(1000 + i)));
      await receiver.waitFor(() => hooks.every((h) => receiver.for(h.path).length >= 60), 30_000);
      await new Promise((r) => setTimeout(r, 500));
      for (const h of hooks) {
        const seen = receiver.for(h.path).map((g) => g.json.data.id as number);
        expect(seen).toHaveLength(60);
        expect(new Set(seen).size).toBe(60);
      }
    } finally {
      await second.close();
    }
  });
});
