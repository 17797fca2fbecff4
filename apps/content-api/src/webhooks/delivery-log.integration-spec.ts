import {
  expectSuccess,
  TestApp,
  TestSite,
  TestTokens,
  useTestApp,
  webhookAttemptRow,
  webhookDeliveryRow,
  webhookEventRow,
  webhookRow,
} from '@hc/testing';
import { WebhooksModule } from './webhooks.module';

const tokens = new TestTokens('delivery-log');

/**
 * Issue 23: the delivery log reads the dispatcher's rows (the dispatcher's integration test
 * proves it writes them); here they are stored as the dispatcher stores them.
 */
describe('webhook delivery log (issue 23)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, otherKey: string;
  let eventSeq = 9_000_000_000;

  useTestApp(tokens.app([WebhooksModule]), async (app) => {
    t = app;
    site = await t.factory.site();
    other = await t.factory.site({ owner: site.owner });
    key = await t.factory.key(site);
    otherKey = await t.factory.key(other);
    eventSeq += site.id * 1000;
  });

  function webhook(s: TestSite): Promise<number> {
    return webhookRow(t.ds, s.id);
  }

  /** A delivery with `statuses.length` attempts, as the dispatcher records it. */
  async function delivery(
    s: TestSite,
    webhookId: number,
    event: string,
    state: string,
    statuses: (number | null)[],
  ): Promise<number> {
    const id = ++eventSeq;
    const body = {
      event,
      helpcenter_id: String(s.id),
      occurred_at: '2026-03-04T05:06:07+00:00',
      data: { id: 1 },
    };
    await webhookEventRow(t.ds, s.id, { id, event, body });
    const deliveryId = await webhookDeliveryRow(t.ds, s.id, {
      eventId: id,
      webhookId,
      state,
      attempts: statuses.length,
      nextAttemptAt: state === 'pending' ? new Date('2030-01-01T00:00:00Z') : null,
    });
    for (const [i, status] of statuses.entries()) {
      await webhookAttemptRow(t.ds, {
        deliveryId,
        attempt: i + 1,
        status,
        responseBody: status === null ? null : 'nope',
        requestHeaders: { 'X-Service-Signature': 'sha256=abc', 'X-Service-Event': event },
      });
    }
    return deliveryId;
  }

  it('lists a webhook’s deliveries newest first with their attempts, paged and filtered', async () => {
    const hook = await webhook(site);
    const first = await delivery(site, hook, 'article.created', 'delivered', [500, 200]);
    const second = await delivery(site, hook, 'article.updated', 'pending', [503]);
    const third = await delivery(site, hook, 'article.updated', 'pending', []);
    const fourth = await delivery(site, hook, 'article.deleted', 'dropped', [
      null,
      500,
      500,
      500,
      500,
    ]);
    const fifth = await delivery(site, hook, 'article.created', 'skipped', []);

    const res = await t.request('GET', `/v1/webhooks/${hook}/deliveries`, { key });
    expect(res.status).toBe(200);
    expect(res.body.deliveries.map((d: { id: number }) => d.id)).toEqual([
      fifth,
      fourth,
      third,
      second,
      first,
    ]);
    expect(res.body.deliveries.map((d: { status: string }) => d.status)).toEqual([
      'skipped',
      'dropped',
      'pending',
      'failed',
      'delivered',
    ]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 50, total_pages: 1, items_count: 5 });
    const failed = res.body.deliveries[3];
    expect(failed).toEqual({
      id: second,
      redelivery_of: null,
      event: 'article.updated',
      occurred_at: '2026-03-04T05:06:07+00:00',
      status: 'failed',
      next_attempt_at: '2030-01-01T00:00:00+00:00',
      created_at: expect.any(String),
      attempts: [
        {
          attempt: 1,
          delivery_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          started_at: expect.any(String),
          duration_ms: 12,
          response_status: 503,
          error_kind: null,
          response_body: 'nope',
        },
      ],
    });
    expect(res.body.deliveries[1].attempts[0]).toMatchObject({
      response_status: null,
      error_kind: 'timeout',
    });
    expect(res.body.deliveries[4].next_attempt_at).toBeNull();

    const page2 = await t.request('GET', `/v1/webhooks/${hook}/deliveries?limit=2&page=2`, { key });
    expect(page2.body.deliveries.map((d: { id: number }) => d.id)).toEqual([third, second]);
    expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total_pages: 3, items_count: 5 });

    const created = await t.request(
      'GET',
      `/v1/webhooks/${hook}/deliveries?event=article.created`,
      { key },
    );
    expect(created.body.deliveries.map((d: { id: number }) => d.id)).toEqual([fifth, first]);
    for (const [status, ids] of [
      ['pending', [third]],
      ['failed', [second]],
      ['delivered', [first]],
      ['dropped', [fourth]],
      ['skipped', [fifth]],
    ] as const) {
      const r = await t.request('GET', `/v1/webhooks/${hook}/deliveries?status=${status}`, {
        key,
      });
      expect([status, r.body.deliveries.map((d: { id: number }) => d.id)]).toEqual([status, ids]);
    }
    const bad = await t.request('GET', `/v1/webhooks/${hook}/deliveries?status=lost`, { key });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('status');
    const tooMany = await t.request('GET', `/v1/webhooks/${hook}/deliveries?limit=101`, { key });
    expect(tooMany.status).toBe(422);
  });

  it('shows one delivery with the exact request body and headers sent', async () => {
    const hook = await webhook(site);
    const id = await delivery(site, hook, 'article.created', 'delivered', [200]);
    const res = await t.request('GET', `/v1/webhooks/${hook}/deliveries/${id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({ id, status: 'delivered', event: 'article.created' });
    expect(JSON.parse(res.body.delivery.request_body)).toMatchObject({
      event: 'article.created',
      helpcenter_id: String(site.id),
    });
    expect(res.body.delivery.attempts[0].request_headers).toEqual({
      'X-Service-Signature': 'sha256=abc',
      'X-Service-Event': 'article.created',
    });
  });

  it('answers another site’s webhook or delivery exactly like a missing one', async () => {
    const mine = await webhook(site);
    const theirs = await webhook(other);
    const theirDelivery = await delivery(other, theirs, 'article.created', 'delivered', [200]);
    const myDelivery = await delivery(site, mine, 'article.created', 'delivered', [200]);
    // The very answer of DELETE /webhooks/{id} for a missing webhook (spec 4.8).
    const notFound = (await t.request('DELETE', '/v1/webhooks/999999999', { key })).body as Record<
      string,
      unknown
    >;
    expect(notFound.message).toBe('Webhook subscription not found.');
    for (const path of [
      `/v1/webhooks/${theirs}/deliveries`,
      `/v1/webhooks/${theirs}/deliveries/${theirDelivery}`,
      // Their delivery under my webhook, and mine through their key.
      `/v1/webhooks/${mine}/deliveries/${theirDelivery}`,
      '/v1/webhooks/999999999/deliveries',
      `/v1/webhooks/${mine}/deliveries/999999999`,
      '/v1/webhooks/abc/deliveries',
    ]) {
      const res = await t.request('GET', path, { key });
      expect([path, res.status, res.body]).toEqual([path, 404, notFound]);
    }
    const viaOther = await t.request('GET', `/v1/webhooks/${mine}/deliveries/${myDelivery}`, {
      key: otherKey,
    });
    expect(viaOther.status).toBe(404);
    const own = await t.request('GET', `/v1/webhooks/${theirs}/deliveries`, { key: otherKey });
    expect(own.body.deliveries.map((d: { id: number }) => d.id)).toEqual([theirDelivery]);
  });

  it('with an OAuth token for both sites reads either site’s log; for one site only its own', async () => {
    const hookB = await webhook(other);
    const id = await delivery(other, hookB, 'article.created', 'delivered', [200]);
    const both = tokens.issue(site.owner.id, [site.id, other.id], ['webhooks.manage']);
    const res = await t.request('GET', `/v1/webhooks/${hookB}/deliveries`, { token: both });
    expect(res.body.deliveries.map((d: { id: number }) => d.id)).toEqual([id]);
    const onlyA = tokens.issue(site.owner.id, [site.id], ['webhooks.manage']);
    expect(
      (await t.request('GET', `/v1/webhooks/${hookB}/deliveries/${id}`, { token: onlyA })).status,
    ).toBe(404);
    const readOnly = tokens.issue(site.owner.id, [site.id], ['content.read']);
    expect(
      (await t.request('GET', `/v1/webhooks/${hookB}/deliveries`, { token: readOnly })).status,
    ).toBe(403);
  });

  it('deleting a webhook removes its logged attempts with its deliveries', async () => {
    const hook = await webhook(site);
    const id = await delivery(site, hook, 'article.created', 'delivered', [200, 200]);
    expect((await t.request('DELETE', `/v1/webhooks/${hook}`, { key })).status).toBe(200);
    expect(await t.ds.query('SELECT id FROM webhook_attempts WHERE delivery_id = ?', [id])).toEqual(
      [],
    );
  });

  it('redelivers any delivery as a new pending one, 202, also after the fifth failure', async () => {
    const hook = await webhook(site);
    const dropped = await delivery(
      site,
      hook,
      'article.deleted',
      'dropped',
      [500, 500, 500, 500, 500],
    );
    const first = await t.request('POST', `/v1/webhooks/${hook}/deliveries/${dropped}/redeliver`, {
      key,
    });
    expectSuccess(first, 202, {
      delivery: expect.objectContaining({
        redelivery_of: dropped,
        event: 'article.deleted',
        status: 'pending',
        attempts: [],
        occurred_at: '2026-03-04T05:06:07+00:00',
      }),
    });
    const again = await t.request('POST', `/v1/webhooks/${hook}/deliveries/${dropped}/redeliver`, {
      key,
    });
    expect(again.status).toBe(202);
    expect(again.body.delivery.id).not.toBe(first.body.delivery.id);
    // Due now, the stored event's body: the dispatcher sends it with the same signature.
    const rows = await t.ds.query(
      'SELECT id, event_id, state, attempts, next_attempt_at FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id',
      [hook],
    );
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r: { event_id: string | number }) => String(r.event_id))).size).toBe(
      1,
    );
    expect(rows[1].next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());
    const list = await t.request('GET', `/v1/webhooks/${hook}/deliveries`, { key });
    expect(list.body.deliveries.map((d: { id: number }) => d.id)).toEqual([
      again.body.delivery.id,
      first.body.delivery.id,
      dropped,
    ]);

    const theirs = await webhook(other);
    const theirDelivery = await delivery(other, theirs, 'article.created', 'delivered', [200]);
    for (const path of [
      `/v1/webhooks/${theirs}/deliveries/${theirDelivery}/redeliver`,
      `/v1/webhooks/${hook}/deliveries/${theirDelivery}/redeliver`,
      `/v1/webhooks/${hook}/deliveries/999999999/redeliver`,
    ]) {
      const res = await t.request('POST', path, { key });
      expect([path, res.status, res.body.message]).toEqual([
        path,
        404,
        'Webhook subscription not found.',
      ]);
    }
    const count = await t.ds.query(
      'SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhook_id = ?',
      [theirs],
    );
    expect(Number(count[0].n)).toBe(1);
  });
});
