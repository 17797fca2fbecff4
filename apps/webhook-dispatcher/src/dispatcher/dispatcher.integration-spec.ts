import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { formatB, resetSettings } from '@hc/contracts';
import type { ArticleEventData } from '@hc/contracts';
import { writeOutbox, writeWebhookEvent } from '@hc/events';
import {
  answeredAttemptRow,
  dispatcherPerFile,
  pastEventRow,
  processedOutboxRow,
  receiverWebhookRow,
  redeliveryRow,
  scopedSite,
  operatorEnv,
  startTestApp,
  TestApp,
  TestSite,
  testSiteId,
  triedDeliveryRow,
  WebhookReceiver,
} from '@hc/testing';
import { createWebhookDispatcher } from '../app.factory';
import { articleEvent } from '../testing/article-event';
import { DeliveriesRepository } from './deliveries.repository';

const ROOT = path.resolve(__dirname, '../../../..');
const run = promisify(execFile);

/** The operator CLI exactly as operators call it (docs/operations.md). */
async function hc(command: string, flags: Record<string, string | boolean>): Promise<unknown> {
  const args = [path.join(ROOT, 'tools/scripts/hc.cjs'), ...command.split(' ')];
  for (const [name, value] of Object.entries(flags)) args.push(`--${name}`, String(value));
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, env: operatorEnv() });
  return JSON.parse(stdout);
}

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An article event whose text needs escaping care (non-ASCII title, German). */
function articleData(id: number, overrides: Partial<ArticleEventData> = {}): ArticleEventData {
  return articleEvent(id, {
    title: 'Grüße / Ünïcödé – “quotes” 日本語',
    slug: 'grusse',
    locale: 'de',
    updated_at: '2026-01-31 23:59:59',
    ...overrides,
  });
}

describe('webhook dispatcher, outbox transport (spec 6)', () => {
  const spec = dispatcherPerFile(createWebhookDispatcher, {
    HC_WEBHOOK_RETRY_DELAYS: '150ms,150ms,150ms,150ms',
  });
  let d: TestApp;
  let receiver: WebhookReceiver;
  let hookSeq = 0;
  beforeAll(() => {
    ({ app: d, receiver } = spec);
  });

  /**
   * A webhook as POST /webhooks stores it (registration itself is tested in content-api) at a
   * new receiver path, or at `url`.
   */
  async function hook(
    site: TestSite,
    options: { secret?: string; url?: string; standard?: boolean } = {},
  ): Promise<{ path: string; id: number }> {
    const p = `/h${++hookSeq}`;
    const secret = options.secret ?? `secret-${p}-0123456789abcdef`;
    return {
      path: p,
      id: await receiverWebhookRow(d.ds, site.id, receiver, p, { ...options, secret }),
    };
  }

  async function fire(
    site: TestSite,
    data = articleData(1),
    event: 'article.updated' | 'article.created' = 'article.updated',
    at = new Date(),
  ) {
    return d.ds.transaction((m) => writeWebhookEvent(m, scopedSite(site), event, data, at));
  }

  async function deliveryRow(webhookId: number) {
    return d.ds.query('SELECT * FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id', [
      webhookId,
    ]);
  }

  /** What POST /webhooks/{id}/deliveries/{deliveryId}/redeliver stores (content-api's test). */
  const redeliver = (original: Parameters<typeof redeliveryRow>[1]) =>
    redeliveryRow(d.ds, original);

  /** The receiver answers before the dispatcher records the outcome: wait for the record. */
  async function settledRow(webhookId: number, state: string) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [row] = await deliveryRow(webhookId);
      if (row?.state === state || Date.now() > deadline) return row;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** The delivery of `webhookId` once settled: `state` after `attempts`, the last answered `lastStatus`. */
  async function expectFinished(
    webhookId: number,
    state: string,
    attempts: number,
    lastStatus: number | null,
  ) {
    expect(await settledRow(webhookId, state)).toMatchObject({
      state,
      attempts,
      next_attempt_at: null,
      last_status: lastStatus,
    });
  }

  /**
   * Fires an event at a new site's webhook whose receiver answers its `count`th attempt with
   * `status(count)` (every other path 200), and waits until `attempts` attempts arrived.
   */
  async function fireAtHook(status: (count: number) => number, attempts: number) {
    const site = await d.factory.site();
    const h = await hook(site);
    receiver.respond(({ path, count }) => ({ status: path === h.path ? status(count) : 200 }));
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === attempts);
    return { site, h };
  }

  it('delivers an event to every webhook of its site, signed, as compact one-line JSON', async () => {
    const site = await d.factory.site();
    const other = await d.factory.site();
    const a = await hook(site);
    const b = await hook(site, { secret: 'my-own-secret-of-16+' });
    const foreign = await hook(other);
    const occurred = new Date('2026-03-04T05:06:07.890Z');
    const data = articleData(77, { slug: 'a/b/c' });
    await fire(site, data, 'article.updated', occurred);

    await receiver.waitFor(
      () => receiver.for(a.path).length === 1 && receiver.for(b.path).length === 1,
    );
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
        JSON.stringify({
          event: 'article.updated',
          occurred_at: '2026-03-04T05:06:07+00:00',
          site_id: site.id,
          helpcenter_id: site.uuid,
          data,
        }),
      );
      expect(got.body).toContain('"slug":"a/b/c"');
      expect(got.body).toContain('Grüße / Ünïcödé – “quotes” 日本語');
      expect(got.body).not.toMatch(/\\u|\\\/|\n/);
      expect(got.json.occurred_at).toBe(formatB(occurred));
    }
    expect(receiver.for(a.path)[0].headers['x-service-delivery']).not.toBe(
      receiver.for(b.path)[0].headers['x-service-delivery'],
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.for(foreign.path)).toHaveLength(0);

    // The receiver answers before the outcome is recorded: wait for the record, not a guess.
    const delivered = async () =>
      (await d.ds.query('SELECT last_delivered_at FROM webhooks WHERE id IN (?) ORDER BY id', [
        [a.id, b.id, foreign.id],
      ])) as { last_delivered_at: Date | null }[];
    const deadline = Date.now() + 10_000;
    let rows = await delivered();
    while (rows.filter((r) => r.last_delivered_at).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      rows = await delivered();
    }
    expect(
      rows.map((r: { last_delivered_at: Date | null }) => r.last_delivered_at instanceof Date),
    ).toEqual([true, true, false]);
  });

  it('sends webhook.test (issue 39) to the one webhook it names, signed like every event', async () => {
    const site = await d.factory.site();
    const other = await d.factory.site();
    const [target, sibling, foreign] = [await hook(site), await hook(site), await hook(other)];
    const data = { type: 'webhook' as const, id: target.id };
    await d.ds.transaction((m) => writeWebhookEvent(m, scopedSite(site), 'webhook.test', data));
    // Naming another site's webhook from this site reaches nobody.
    await d.ds.transaction((m) =>
      writeWebhookEvent(m, scopedSite(site), 'webhook.test', { type: 'webhook', id: foreign.id }),
    );

    await receiver.waitFor(() => receiver.for(target.path).length === 1);
    const [got] = receiver.for(target.path);
    expect(got.verified).toBe(true);
    expect(got.headers['x-service-event']).toBe('webhook.test');
    expect(got.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got.json).toEqual({
      event: 'webhook.test',
      occurred_at: expect.any(String),
      site_id: site.id,
      helpcenter_id: site.uuid,
      data,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.for(sibling.path)).toHaveLength(0);
    expect(receiver.for(foreign.path)).toHaveLength(0);
    expect(await deliveryRow(sibling.id)).toHaveLength(0);
    expect(await deliveryRow(foreign.id)).toHaveLength(0);
    expect(await settledRow(target.id, 'delivered')).toMatchObject({ attempts: 1 });
  });

  it('sends the same URL registered twice each event twice', async () => {
    const site = await d.factory.site();
    await hook(site, { url: receiver.url('/twice') });
    await hook(site, { url: receiver.url('/twice') });
    await fire(site);
    await receiver.waitFor(() => receiver.for('/twice').length === 2);
    expect(receiver.for('/twice')).toHaveLength(2);
  });

  it('retries a failure with the same body and signature and a new X-Service-Delivery', async () => {
    const { h } = await fireAtHook((count) => (count <= 2 ? 500 : 200), 3);
    const got = receiver.for(h.path);
    expect(got.map((g) => g.status)).toEqual([500, 500, 200]);
    expect(new Set(got.map((g) => g.body)).size).toBe(1);
    expect(new Set(got.map((g) => g.headers['x-service-signature'])).size).toBe(1);
    expect(new Set(got.map((g) => g.headers['x-service-delivery'])).size).toBe(3);
    expect(got[1].receivedAt - got[0].receivedAt).toBeGreaterThanOrEqual(140);
    await expectFinished(h.id, 'delivered', 3, 200);
  });

  it('logs every attempt with the headers sent and the answer (issue 23)', async () => {
    const site = await d.factory.site();
    const h = await hook(site);
    const dead = await hook(site, { url: 'http://127.0.0.1:1/closed' });
    receiver.respond(({ path, count }) => ({ status: path === h.path && count <= 1 ? 500 : 200 }));
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 2);
    const row = await settledRow(h.id, 'delivered');
    const got = receiver.for(h.path);
    const attempts = await d.ds.query(
      'SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt',
      [row.id],
    );
    expect(attempts).toHaveLength(2);
    // The receiver is on HC_OUTBOUND_ALLOWLIST, an internal host (issue 34 item 6): no answer is
    // kept, and a failure shows only "not delivered" (a public receiver's answer is kept:
    // delivery.sender.spec.ts).
    expect(
      attempts.map((a: { response_status: number; error_kind: string }) => [
        a.response_status,
        a.error_kind,
      ]),
    ).toEqual([
      [null, 'not_delivered'],
      [200, null],
    ]);
    for (const [i, a] of attempts.entries()) {
      expect(a).toMatchObject({ attempt: i + 1, response_body: null });
      expect(a.delivery_uuid).toBe(got[i].headers['x-service-delivery']);
      const sent = JSON.parse(a.request_headers);
      expect(sent['X-Service-Signature']).toBe(got[i].headers['x-service-signature']);
      expect(sent['X-Service-Delivery']).toBe(a.delivery_uuid);
      expect(JSON.stringify(sent)).not.toContain(`secret-${h.path}`);
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
    }
    // 127.0.0.1 is allowed for the receiver's port only: port 1 is an address refusal.
    const skipped = await settledRow(dead.id, 'skipped');
    const [refused] = await d.ds.query('SELECT * FROM webhook_attempts WHERE delivery_id = ?', [
      skipped.id,
    ]);
    expect(refused).toMatchObject({
      attempt: 1,
      response_status: null,
      error_kind: 'address_refused',
      response_body: null,
    });
  });

  it('with HC_WEBHOOK_LOG=false delivers and records the outcome without logging attempts', async () => {
    const site = await d.factory.site();
    const h = await hook(site);
    process.env.HC_WEBHOOK_LOG = 'false';
    resetSettings();
    try {
      await fire(site);
      await receiver.waitFor(() => receiver.for(h.path).length === 1);
      const row = await settledRow(h.id, 'delivered');
      expect(row).toMatchObject({ state: 'delivered', attempts: 1 });
      expect(
        await d.ds.query('SELECT id FROM webhook_attempts WHERE delivery_id = ?', [row.id]),
      ).toEqual([]);
    } finally {
      delete process.env.HC_WEBHOOK_LOG;
      resetSettings();
    }
  });

  it('sends a redelivery (issue 23) with the same body and signature and a new X-Service-Delivery', async () => {
    const site = await d.factory.site();
    const h = await hook(site);
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 1);
    const original = await settledRow(h.id, 'delivered');
    await redeliver(original);
    await receiver.waitFor(() => receiver.for(h.path).length === 2);
    const [first, again] = receiver.for(h.path);
    expect(again.body).toBe(first.body);
    expect(again.verified).toBe(true);
    expect(again.headers['x-service-signature']).toBe(first.headers['x-service-signature']);
    expect(again.headers['x-service-delivery']).not.toBe(first.headers['x-service-delivery']);
  });

  it('signs a standard webhook’s attempts with both schemes; webhook-id kept on retries and redeliveries (issue 23)', async () => {
    const site = await d.factory.site();
    const std = await hook(site, { standard: true });
    const plain = await hook(site);
    receiver.respond(({ path, count }) => ({
      status: path === std.path && count === 1 ? 500 : 200,
    }));
    await fire(site);
    await receiver.waitFor(() => receiver.for(std.path).length === 2);
    const original = await settledRow(std.id, 'delivered');
    await redeliver(original);
    await receiver.waitFor(() => receiver.for(std.path).length === 3);
    const got = receiver.for(std.path);
    // Every request verified by @octokit/webhooks-methods (spec header) and standardwebhooks.
    expect(got.map((g) => [g.verified, g.standardVerified])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    expect(new Set(got.map((g) => g.headers['x-service-signature'])).size).toBe(1);
    // The standard signature covers the attempt's own time: it changes with the timestamp.
    const signed = new Map(
      got.map((g) => [g.headers['webhook-timestamp'], g.headers['webhook-signature']]),
    );
    expect(new Set(signed.values()).size).toBe(signed.size);
    for (const g of got) {
      const sentAt = Number(g.headers['webhook-timestamp']);
      expect(Math.abs(sentAt - g.receivedAt / 1000)).toBeLessThan(5);
    }
    // The log keeps exactly what was sent, standard headers included (recorded after the answer).
    const loggedSoFar = () =>
      d.ds.query(
        `SELECT a.request_headers FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.webhook_id = ? ORDER BY a.id`,
        [std.id],
      );
    const deadline = Date.now() + 5_000;
    while ((await loggedSoFar()).length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    const logged = await loggedSoFar();
    expect(
      logged.map(
        (r: { request_headers: string }) => JSON.parse(r.request_headers)['webhook-signature'],
      ),
    ).toEqual(got.map((g) => g.headers['webhook-signature']));
    // The other webhook of the site, registered the spec's way: no standard header at all.
    await receiver.waitFor(() => receiver.for(plain.path).length === 1);
    const [p] = receiver.for(plain.path);
    expect(p.verified).toBe(true);
    expect(Object.keys(p.headers).filter((h) => h.startsWith('webhook-'))).toEqual([]);
  });

  it('drops a delivery after the fifth failed attempt; the webhook stays active', async () => {
    const { site, h } = await fireAtHook(() => 503, 5);
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.for(h.path)).toHaveLength(5);
    // An allow-listed (internal) receiver's status is not kept (issue 34 item 6).
    await expectFinished(h.id, 'dropped', 5, null);
    const kept = await d.ds.query('SELECT id, last_delivered_at FROM webhooks WHERE site_id = ?', [
      site.id,
    ]);
    expect(kept).toEqual([{ id: h.id, last_delivered_at: null }]);
    receiver.respond(() => ({ status: 200 }));
  });

  it('counts a 3xx as delivered and does not follow the redirect', async () => {
    const site = await d.factory.site();
    const h = await hook(site);
    receiver.respond(({ path }) =>
      path === h.path
        ? { status: 302, headers: { location: receiver.url('/redirected') } }
        : { status: 200 },
    );
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.for(h.path)).toHaveLength(1);
    expect(receiver.for('/redirected')).toHaveLength(0);
    const row = await settledRow(h.id, 'delivered');
    expect(row).toMatchObject({ state: 'delivered', attempts: 1, last_status: 302 });
    receiver.respond(() => ({ status: 200 }));
  });

  it('checks the address again before each attempt: unresolvable or private is skipped without retries', async () => {
    const site = await d.factory.site();
    // Accepted at registration because the name did not resolve yet.
    const unresolvable = await hook(site, { url: 'https://no-such-host.invalid/hook' });
    // A name that now resolves to a private address (registered while it was public).
    const privateHook = await hook(site, { url: 'http://localhost:9/hook' });
    // Judged by the real host and the embedded IPv4 address at delivery too (issue #16).
    const tricks = await Promise.all(
      [
        'https://a@127.0.0.1:9/hook',
        'https://127.0.0.1:9443@127.0.0.1:9/hook',
        'https://user:pass@[::1]:9/hook',
        'https://[::5efe:127.0.0.1]:9/hook',
        'https://[2002:808:808::1]/hook',
      ].map((url) => hook(site, { url })),
    );
    await fire(site);
    const ids = [unresolvable.id, privateHook.id, ...tricks.map((t) => t.id)];
    const deadline = Date.now() + 10_000;
    let rows: { state: string; attempts: number; next_attempt_at: Date | null }[] = [];
    while (Date.now() < deadline) {
      rows = await d.ds.query(
        'SELECT state, attempts, next_attempt_at FROM webhook_deliveries WHERE webhook_id IN (?)',
        [ids],
      );
      if (rows.length === ids.length && rows.every((r) => r.state !== 'pending')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toEqual(ids.map(() => ({ state: 'skipped', attempts: 1, next_attempt_at: null })));
  });

  it('a deleted webhook (DELETE /webhooks/{id} removes it with its deliveries) gets no more retries', async () => {
    const { h } = await fireAtHook(() => 500, 1);
    // What DELETE /webhooks/{id} does (content-api's webhooks spec checks the API does it).
    await d.ds.query('DELETE FROM webhook_deliveries WHERE webhook_id = ?', [h.id]);
    await d.ds.query('DELETE FROM webhooks WHERE id = ?', [h.id]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.for(h.path).length).toBeLessThanOrEqual(2);
    const settled = receiver.for(h.path).length;
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.for(h.path)).toHaveLength(settled);
    expect(await deliveryRow(h.id)).toEqual([]);
    receiver.respond(() => ({ status: 200 }));
  });

  it('passes over outbox events that are not webhook events', async () => {
    const site = await d.factory.site();
    const h = await hook(site);
    const id = await d.ds.transaction((m) =>
      writeOutbox(m, testSiteId(site), 'comment.reply_approved', { any: 1 }),
    );
    await fire(site);
    await receiver.waitFor(() => receiver.for(h.path).length === 1);
    expect(receiver.for(h.path)[0].headers['x-service-event']).toBe('article.updated');
    const [row] = await d.ds.query('SELECT processed_at FROM outbox WHERE id = ?', [id]);
    expect(row.processed_at).toBeInstanceOf(Date);
  });

  it('sends site.updated for visibility, IP allow-list and suspension changes made with the operator CLI, and site.deleted', async () => {
    // Six operator CLI processes (the first may rebuild the workspace).
    const site = await d.factory.site();
    const h = await hook(site);
    const cli = (command: string, flags: Record<string, string | boolean>) =>
      hc(command, { site: String(site.id), ...flags });
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
  }, 180_000);

  it('runs safely as several replicas: every event reaches every webhook once', async () => {
    const second = await startTestApp(() => createWebhookDispatcher());
    try {
      const site = await d.factory.site();
      const hooks = [await hook(site), await hook(site), await hook(site)];
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

  it('retention removes finished deliveries, their attempt log, their events and processed outbox rows, never pending ones', async () => {
    const site = await d.factory.site();
    const old = new Date(Date.now() - 8 * 24 * 3_600_000);
    const recent = new Date();
    const ev = (id: number, at: Date) => pastEventRow(d.ds, site.id, id, at);
    const base = 8_000_000_000 + site.id * 10;
    await ev(base + 1, old);
    await ev(base + 2, old);
    await ev(base + 3, recent);
    const delivery = (eventId: number, state: string, at: Date) =>
      triedDeliveryRow(d.ds, site.id, { eventId, state, at });
    await delivery(base + 1, 'delivered', old);
    await delivery(base + 2, 'pending', old);
    await delivery(base + 3, 'dropped', recent);
    const [gone] = await d.ds.query('SELECT id FROM webhook_deliveries WHERE event_id = ?', [
      base + 1,
    ]);
    const [kept] = await d.ds.query('SELECT id FROM webhook_deliveries WHERE event_id = ?', [
      base + 3,
    ]);
    for (const [deliveryId, at] of [
      [gone.id, old],
      [kept.id, recent],
    ])
      await answeredAttemptRow(d.ds, deliveryId, at);
    const outboxOld = await processedOutboxRow(d.ds, site.id, old);

    await d.app
      .get(DeliveriesRepository)
      .purgeBeforeAcrossSites(new Date(Date.now() - 7 * 24 * 3_600_000));

    const left = await d.ds.query(
      'SELECT event_id, state FROM webhook_deliveries WHERE site_id = ? ORDER BY event_id',
      [site.id],
    );
    expect(left.map((r: { state: string }) => r.state)).toEqual(['pending', 'dropped']);
    const events = await d.ds.query('SELECT id FROM webhook_events WHERE site_id = ? ORDER BY id', [
      site.id,
    ]);
    expect(events.map((r: { id: string | number }) => Number(r.id))).toEqual([base + 2, base + 3]);
    expect(await d.ds.query('SELECT id FROM outbox WHERE id = ?', [outboxOld])).toEqual([]);
    const logged = await d.ds.query(
      'SELECT delivery_id FROM webhook_attempts WHERE delivery_id IN (?) ORDER BY delivery_id',
      [[gone.id, kept.id]],
    );
    expect(logged.map((r: { delivery_id: string | number }) => String(r.delivery_id))).toEqual([
      String(kept.id),
    ]);
  });
});
