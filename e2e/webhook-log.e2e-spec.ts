// Issue 23 through the running stack: Standard Webhooks registration, the delivery log, redelivery
// and their isolation between two sites, with deliveries made by the webhook-dispatcher process.
// Every request to a standard webhook is verified on the same request by `standardwebhooks` and by
// `@octokit/webhooks-methods` (the spec's X-Service-Signature), inside WebhookReceiver.
jest.setTimeout(120_000);
import { verifyWebhookRequest } from '@hc/contracts';
import { WebhookReceiver } from '@hc/testing';
import { edge, siteWithKey, unique } from './support/stack';

interface Attempt {
  attempt: number;
  delivery_id: string;
  response_status: number | null;
  request_headers?: Record<string, string>;
}
interface Delivery {
  id: number;
  redelivery_of: number | null;
  event: string;
  status: string;
  occurred_at: string;
  attempts: Attempt[];
  request_body?: string;
}

describe('webhook delivery log, redelivery and Standard Webhooks end to end (issue 23)', () => {
  let receiver: WebhookReceiver;
  let a: { site: { id: number }; key: string };
  let b: { site: { id: number }; key: string };
  /** Site A's standard webhook and its plain twin; site B's standard webhook. */
  let std: { id: number; secret: string; standard_secret: string };
  let plain: { id: number; secret: string };
  let theirs: { id: number };
  const paths = { std: '', plain: '', theirs: '' };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    [a, b] = [await siteWithKey('Log A'), await siteWithKey('Log B')];
    for (const name of Object.keys(paths) as (keyof typeof paths)[])
      paths[name] = `/${unique(name)}`;
    // The first attempt at A's standard webhook fails: the log shows a retry.
    receiver.respond(({ path, count }) => ({
      status: path === paths.std && count === 1 ? 503 : 200,
    }));
  });
  afterAll(() => receiver.close());

  async function register(route: string, key: string, path: string) {
    const res = await edge('POST', route, { key, body: { url: receiver.url(path) } });
    expect(res.status).toBe(201);
    return res.body.webhook;
  }

  it('POST /webhooks/standard registers through the edge; deliveries pass both verifiers on the same request', async () => {
    std = await register('/v1/webhooks/standard', a.key, paths.std);
    expect(std).toMatchObject({ signature_scheme: 'standard', site_id: a.site.id });
    expect(std.standard_secret).toBe(`whsec_${Buffer.from(std.secret).toString('base64')}`);
    receiver.secretFor(paths.std, std.secret, std.standard_secret);
    plain = await register('/v1/webhooks', a.key, paths.plain);
    receiver.secretFor(paths.plain, plain.secret);
    const other = await register('/v1/webhooks/standard', b.key, paths.theirs);
    theirs = other;
    receiver.secretFor(paths.theirs, other.secret, other.standard_secret);

    const article = await edge('POST', '/v1/articles', {
      key: a.key,
      body: { title: { en: 'Signed twice' } },
    });
    expect(article.status).toBe(201);
    await receiver.waitFor(
      () => receiver.for(paths.std).length === 2 && receiver.for(paths.plain).length === 1,
      30_000,
      'the standard webhook’s two attempts and the plain one',
    );
    const [first, retry] = receiver.for(paths.std);
    for (const got of [first, retry]) {
      expect([got.verified, got.standardVerified]).toEqual([true, true]);
      expect(got.json).toMatchObject({ event: 'article.created', site_id: a.site.id });
      // The receiver kit agrees, pinned to the standard scheme.
      expect(
        verifyWebhookRequest(got.body, got.headers, std.standard_secret, { scheme: 'standard' }),
      ).toMatchObject({ ok: true, webhookId: first.headers['webhook-id'] });
    }
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(retry.headers['x-service-signature']).toBe(first.headers['x-service-signature']);
    expect(Number(retry.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(
      Number(first.headers['webhook-timestamp']),
    );
    const [p] = receiver.for(paths.plain);
    expect(p.verified).toBe(true);
    expect(p.body).toBe(first.body);
    expect(Object.keys(p.headers).filter((h) => h.startsWith('webhook-'))).toEqual([]);
    // Site B's webhook heard nothing of site A's change.
    expect(receiver.for(paths.theirs)).toEqual([]);

    const list = await edge('GET', '/v1/webhooks', { key: a.key });
    expect(
      list.body.webhooks.map((w: { id: number; signature_scheme: string }) => [
        w.id,
        w.signature_scheme,
      ]),
    ).toEqual([
      [std.id, 'standard'],
      [plain.id, 'service'],
    ]);
    expect(list.text).not.toContain(std.secret);
  });

  it('GET …/deliveries and …/deliveries/{id} show what the receiver got, byte for byte', async () => {
    const received = receiver.for(paths.std);
    let list = await edge('GET', `/v1/webhooks/${std.id}/deliveries`, { key: a.key });
    // The outcome is recorded just after the receiver answers.
    for (let i = 0; i < 40 && list.body.deliveries?.[0]?.status !== 'delivered'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      list = await edge('GET', `/v1/webhooks/${std.id}/deliveries`, { key: a.key });
    }
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ page: 1, items_count: 1 });
    const [delivery] = list.body.deliveries as Delivery[];
    expect(delivery).toMatchObject({ event: 'article.created', status: 'delivered' });
    expect(delivery.attempts.map((x) => [x.attempt, x.response_status, x.delivery_id])).toEqual(
      // The receiver runs on this machine, on HC_OUTBOUND_ALLOWLIST: an internal host, whose
      // failed answers the log does not keep (issue 34 item 6).
      received.map((r, i) => [
        i + 1,
        r.status < 400 ? r.status : null,
        r.headers['x-service-delivery'],
      ]),
    );
    expect(delivery.occurred_at).toBe(received[0].json.occurred_at);
    const filtered = await edge('GET', `/v1/webhooks/${std.id}/deliveries?status=failed`, {
      key: a.key,
    });
    expect(filtered.body.deliveries).toEqual([]);

    const one = await edge('GET', `/v1/webhooks/${std.id}/deliveries/${delivery.id}`, {
      key: a.key,
    });
    expect(one.status).toBe(200);
    const detail = one.body.delivery as Delivery;
    expect(detail.request_body).toBe(received[0].body);
    for (const [i, attempt] of detail.attempts.entries()) {
      const sent = Object.fromEntries(
        Object.entries(attempt.request_headers!).map(([k, v]) => [k.toLowerCase(), v]),
      );
      for (const h of [
        'x-service-signature',
        'x-service-delivery',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ])
        expect([h, sent[h]]).toEqual([h, received[i].headers[h]]);
    }
    expect(one.text).not.toContain(std.secret);
    expect(one.text).not.toContain(std.standard_secret);
  });

  it('POST …/redeliver sends the event again: same body, X-Service-Signature and webhook-id; new delivery id', async () => {
    const [original] = (await edge('GET', `/v1/webhooks/${std.id}/deliveries`, { key: a.key })).body
      .deliveries as Delivery[];
    const before = receiver.for(paths.std);
    const res = await edge('POST', `/v1/webhooks/${std.id}/deliveries/${original.id}/redeliver`, {
      key: a.key,
    });
    expect(res.status).toBe(202);
    expect(res.body.delivery).toMatchObject({
      redelivery_of: original.id,
      event: 'article.created',
      occurred_at: original.occurred_at,
    });
    await receiver.waitFor(() => receiver.for(paths.std).length === before.length + 1, 30_000);
    const again = receiver.for(paths.std)[before.length];
    expect([again.verified, again.standardVerified]).toEqual([true, true]);
    expect(again.body).toBe(before[0].body);
    expect(again.headers['x-service-signature']).toBe(before[0].headers['x-service-signature']);
    expect(again.headers['webhook-id']).toBe(before[0].headers['webhook-id']);
    expect(before.map((r) => r.headers['x-service-delivery'])).not.toContain(
      again.headers['x-service-delivery'],
    );
    const list = await edge('GET', `/v1/webhooks/${std.id}/deliveries`, { key: a.key });
    expect(list.body.deliveries.map((d: Delivery) => [d.id, d.redelivery_of])).toEqual([
      [res.body.delivery.id, original.id],
      [original.id, null],
    ]);
  });

  it('another site’s webhook or delivery answers exactly like a missing one, on every route', async () => {
    const [mine] = (await edge('GET', `/v1/webhooks/${std.id}/deliveries`, { key: a.key })).body
      .deliveries as Delivery[];
    // Site B gets a delivery of its own, so it has real ids to try on site A.
    await edge('POST', '/v1/categories', { key: b.key, body: { name: { en: 'B only' } } });
    await receiver.waitFor(() => receiver.for(paths.theirs).length === 1, 30_000);
    expect(receiver.for(paths.theirs)[0].standardVerified).toBe(true);
    let own = await edge('GET', `/v1/webhooks/${theirs.id}/deliveries`, { key: b.key });
    for (let i = 0; i < 40 && own.body.deliveries?.[0]?.attempts.length !== 1; i++) {
      await new Promise((r) => setTimeout(r, 250));
      own = await edge('GET', `/v1/webhooks/${theirs.id}/deliveries`, { key: b.key });
    }
    const [theirDelivery] = own.body.deliveries as Delivery[];
    expect(theirDelivery.event).toBe('category.created');

    const missing = await edge('GET', '/v1/webhooks/4000000000/deliveries', { key: a.key });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Webhook subscription not found.');
    const sentBefore = receiver.received.length;
    for (const [key, method, path] of [
      // B's key on A's webhook and delivery.
      [b.key, 'GET', `/v1/webhooks/${std.id}/deliveries`],
      [b.key, 'GET', `/v1/webhooks/${std.id}/deliveries/${mine.id}`],
      [b.key, 'POST', `/v1/webhooks/${std.id}/deliveries/${mine.id}/redeliver`],
      // A's key on B's webhook, and B's delivery under A's own webhook.
      [a.key, 'GET', `/v1/webhooks/${theirs.id}/deliveries`],
      [a.key, 'GET', `/v1/webhooks/${theirs.id}/deliveries/${theirDelivery.id}`],
      [a.key, 'POST', `/v1/webhooks/${theirs.id}/deliveries/${theirDelivery.id}/redeliver`],
      [a.key, 'GET', `/v1/webhooks/${std.id}/deliveries/${theirDelivery.id}`],
      [a.key, 'POST', `/v1/webhooks/${std.id}/deliveries/${theirDelivery.id}/redeliver`],
      [a.key, 'DELETE', `/v1/webhooks/${theirs.id}`],
    ] as const) {
      const res = await edge(method, path, { key });
      expect([method, path, res.status, res.body]).toEqual([method, path, 404, missing.body]);
    }
    // Nothing was scheduled by the refused redeliveries.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.length).toBe(sentBefore);
    const theirsAfter = await edge('GET', `/v1/webhooks/${theirs.id}/deliveries`, { key: b.key });
    expect(theirsAfter.body.meta.items_count).toBe(1);
  });

  it('a standard webhook is deleted like any other; its log goes with it', async () => {
    const res = await edge('DELETE', `/v1/webhooks/${std.id}`, { key: a.key });
    expect(res.status).toBe(200);
    const log = await edge('GET', `/v1/webhooks/${std.id}/deliveries`, { key: a.key });
    expect([log.status, log.body.message]).toEqual([404, 'Webhook subscription not found.']);
    const list = await edge('GET', '/v1/webhooks', { key: a.key });
    expect(list.body.webhooks.map((w: { id: number }) => w.id)).toEqual([plain.id]);
  });
});
