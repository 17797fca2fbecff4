import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetSettings } from '@hc/contracts';
import {
  expectInsufficientScope,
  expectNotFound,
  expectSuccess,
  expectValidationErrors,
  startTestApp,
  TestApp,
  TestSite,
  TestTokens,
  webhookDeliveryRow,
} from '@hc/testing';
import { createContentApi } from '../app.factory';
import { WebhooksModule } from './webhooks.module';
import { seal, unseal } from '@hc/data';

/** Bearer tokens for this file (end-to-end tests use auth-server's real ones). */
const tokens = new TestTokens('webhooks');
const createWithTokens = tokens.app([WebhooksModule]);
const token = (userId: number, siteIds: number[], scopes: string[]) =>
  tokens.issue(userId, siteIds, scopes);

/** Issue 23: POST /webhooks/standard takes the same body under the same rules. */
const ROUTES = ['/v1/webhooks', '/v1/webhooks/standard'];
/** Each case once per registration route. */
const onBothRoutes = <T extends unknown[]>(cases: T[]): [string, ...T][] =>
  ROUTES.flatMap((route) => cases.map((c) => [route, ...c] as [string, ...T]));

describe('webhook registration (spec 2.6, 4.8)', () => {
  let t: TestApp, site: TestSite, other: TestSite, key: string, otherKey: string, receiver: Server;
  let receiverUrl: string;
  const savedAllowlist = process.env.HC_OUTBOUND_ALLOWLIST;
  /** A key of a new site of its own, whose webhook list starts empty. */
  const newSiteKey = async () => t.factory.key(await t.factory.site());
  /** Registers a webhook with this key through `route`. */
  const register = (k: string, body: Record<string, unknown>, route = '/v1/webhooks') =>
    t.request('POST', route, { key: k, body });

  beforeAll(async () => {
    receiver = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    receiverUrl = `http://127.0.0.1:${port}/hooks`;
    process.env.HC_OUTBOUND_ALLOWLIST = `127.0.0.1:${port}`;
    resetSettings();
    t = await startTestApp(createContentApi);
    site = await t.factory.site();
    other = await t.factory.site();
    key = await t.factory.key(site);
    otherKey = await t.factory.key(other);
  });

  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
    if (savedAllowlist === undefined) delete process.env.HC_OUTBOUND_ALLOWLIST;
    else process.env.HC_OUTBOUND_ALLOWLIST = savedAllowlist;
    resetSettings();
  });

  it('registers with a Read & write key: 201 with the webhook and a generated 48-character secret', async () => {
    const res = await register(key, { url: 'https://example.com/hook' });
    expectSuccess(res, 201, {
      webhook: {
        id: expect.any(Number),
        url: 'https://example.com/hook',
        site_id: site.id,
        active: true,
        last_delivered_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
        signature_scheme: 'service',
        secret: expect.stringMatching(/^[A-Za-z0-9]{48}$/),
      },
    });
    const again = await register(key, { url: 'https://example.com/hook' });
    expect(again.body.webhook.secret).not.toBe(res.body.webhook.secret);
  });

  it('keeps a sent secret of 16 to 191 characters and ignores unknown fields such as events', async () => {
    const secret = 'a'.repeat(16);
    const res = await register(otherKey, {
      url: 'http://example.org/x',
      secret,
      events: ['article.created'],
      active: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.webhook.secret).toBe(secret);
    expect(res.body.webhook.active).toBe(true);
    expect(res.body.webhook).not.toHaveProperty('events');
    const long = await register(otherKey, { url: 'http://example.org/y', secret: 's'.repeat(191) });
    expect(long.status).toBe(201);
  });

  it.each(ROUTES)('%s answers 422 for a secret under 16 characters', async (route) => {
    const res = await t.request('POST', route, {
      key,
      body: { url: 'https://example.com/h', secret: 'short' },
    });
    expectValidationErrors(res, { secret: ['The secret field must be at least 16 characters.'] });
  });

  it.each(
    onBothRoutes<[string, object, string]>([
      ['missing', {}, 'The url field is required.'],
      ['empty', { url: '' }, 'The url field is required.'],
      ['not a string', { url: 42 }, 'The url field must be a string.'],
      ['not a URL', { url: 'not a url' }, 'The url field must be a valid URL.'],
      ['not http(s)', { url: 'ftp://example.com/x' }, 'The url field must be a valid URL.'],
      [
        'with %40 in the host',
        { url: 'https://a%40127.0.0.1/h' },
        'The url field must be a valid URL.',
      ],
      [
        'with %3A in the host',
        { url: 'https://example.com%3A8/h' },
        'The url field must be a valid URL.',
      ],
    ]),
  )('%s answers 422 for a url %s', async (route, _, body, message) => {
    const res = await t.request('POST', route, { key, body });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('validation_error');
    expect(res.body.errors).toEqual({ url: [message] });
  });

  it.each(
    onBothRoutes(
      [
        'http://127.0.0.1/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://169.254.169.254/latest',
        'http://[::1]/hook',
        'http://localhost/hook',
        'http://0.0.0.0/hook',
        'http://240.0.0.1/hook',
        // judged by the real host behind the user info (issue #16)
        'https://a@127.0.0.1/hook',
        'https://127.0.0.1:9443@127.0.0.1:8443/hook',
        'https://user:pass@[::1]/hook',
        // IPv6 forms embedding a private IPv4 address; 6to4 and Teredo refused outright
        'https://[::5efe:127.0.0.1]/hook',
        'https://[::127.0.0.1]/hook',
        'https://[::ffff:10.0.0.1]/hook',
        'https://[64:ff9b::a9fe:a9fe]/hook',
        'https://[2002:808:808::1]/hook',
        'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
      ].map((url) => [url]),
    ),
  )('%s answers 422 for the private or reserved address %s', async (route, url) => {
    const res = await t.request('POST', route, { key, body: { url } });
    expectValidationErrors(res, { url: ['The url must be a publicly reachable address'] });
  });

  it('accepts a hostname that does not resolve yet, and an allow-listed receiver', async () => {
    const pending = await register(key, { url: 'https://not-yet-registered-name.invalid/hook' });
    expect(pending.status).toBe(201);
    expect((await register(key, { url: receiverUrl })).status).toBe(201);
  });

  it.each(
    onBothRoutes<[string, object]>([
      ['url', { url: `https://example.com/${'p'.repeat(180)}` }],
      ['secret', { url: 'https://example.com/h', secret: 's'.repeat(192) }],
    ]),
  )(
    '%s: a %s over 191 characters passes validation and fails with 500, nothing registered',
    async (route, _, body) => {
      const k = await newSiteKey();
      const res = await t.request('POST', route, { key: k, body });
      expect(res.status).toBe(500);
      const list = await t.request('GET', '/v1/webhooks', { key: k });
      expect(list.body.webhooks).toEqual([]);
    },
  );

  it('registers the same URL twice', async () => {
    const k = await newSiteKey();
    const a = await register(k, { url: 'https://example.com/same' });
    const b = await register(k, { url: 'https://example.com/same' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.webhook.id).not.toBe(b.body.webhook.id);
    const list = await t.request('GET', '/v1/webhooks', { key: k });
    expect(list.body.meta).toEqual({ items_count: 2 });
  });

  it('holds at most 100 webhooks per site: the next registration is 422 on url, also when sent in parallel (issue 34 item 6)', async () => {
    const s = await t.factory.site();
    const k = await t.factory.key(s);
    const now = new Date();
    const rows = Array.from({ length: 98 }, (_, i) => [
      s.id,
      `https://example.com/hook-${i}`,
      seal('a-secret-of-16-characters', 'webhooks.secret'),
      'service',
      now,
    ]);
    await t.ds.query(
      'INSERT INTO webhooks (site_id, url, secret, signature_scheme, created_at) VALUES ?',
      [rows],
    );
    // The same URL as many times as the budget allows (spec 4.8), in parallel.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => register(k, { url: 'https://example.com/same' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422))
      expectValidationErrors(refused, { url: ['This site already has 100 webhooks.'] });
    const [held] = await t.ds.query('SELECT COUNT(*) AS n FROM webhooks WHERE site_id = ?', [s.id]);
    expect(Number(held.n)).toBe(100);
    // Another site is not affected; a deleted webhook frees a place.
    expect((await register(await newSiteKey(), { url: 'https://example.com/x' })).status).toBe(201);
    const one = answers.find((a) => a.status === 201)!.body.webhook.id;
    expect((await t.request('DELETE', `/v1/webhooks/${one}`, { key: k })).status).toBe(200);
    expect((await register(k, { url: 'https://example.com/again' }, ROUTES[1])).status).toBe(201);
  });

  it('lists the key’s site’s webhooks oldest first, without secrets, with meta.items_count', async () => {
    const s = await t.factory.site();
    const k = await t.factory.key(s);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        (
          await t.request('POST', '/v1/webhooks', {
            key: k,
            body: { url: `https://example.com/${n}` },
          })
        ).body.webhook.id,
      );
    }
    const res = await t.request('GET', '/v1/webhooks', { key: k });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.meta).toEqual({ items_count: 3 });
    expect(res.body.webhooks.map((w: { id: number }) => w.id)).toEqual(ids);
    expect(res.body.webhooks[0]).toEqual({
      id: ids[0],
      url: 'https://example.com/1',
      site_id: s.id,
      active: true,
      last_delivered_at: null,
      created_at: expect.stringMatching(/\+00:00$/),
      signature_scheme: 'service',
    });
    expect(res.text).not.toContain('secret');
  });

  it('a key never lists nor deletes another site’s webhook (404 Webhook subscription not found.)', async () => {
    const mine = await register(otherKey, { url: 'https://example.com/o' });
    const list = await t.request('GET', '/v1/webhooks', { key });
    expect(list.body.webhooks.map((w: { site_id: number }) => w.site_id)).not.toContain(other.id);
    const res = await t.request('DELETE', `/v1/webhooks/${mine.body.webhook.id}`, { key });
    expectNotFound(res, 'Webhook subscription not found.');
    expect((await t.request('DELETE', '/v1/webhooks/999999999', { key })).status).toBe(404);
    expect((await t.request('DELETE', '/v1/webhooks/abc', { key })).status).toBe(404);
  });

  it('DELETE removes the webhook for good and drops its pending retries', async () => {
    const s = await t.factory.site();
    const k = await t.factory.key(s);
    const created = await register(k, { url: 'https://example.com/del' });
    const id = created.body.webhook.id as number;
    await webhookDeliveryRow(t.ds, s.id, {
      eventId: 987654321,
      webhookId: id,
      state: 'pending',
      attempts: 2,
      nextAttemptAt: new Date(Date.now() + 60_000),
    });
    const res = await t.request('DELETE', `/v1/webhooks/${id}`, { key: k });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect((await t.request('GET', '/v1/webhooks', { key: k })).body.meta.items_count).toBe(0);
    const left = await t.ds.query('SELECT id FROM webhook_deliveries WHERE webhook_id = ?', [id]);
    expect(left).toEqual([]);
    expect((await t.request('DELETE', `/v1/webhooks/${id}`, { key: k })).status).toBe(404);
  });

  it.each([
    ['POST', '/v1/webhooks'],
    ['POST', '/v1/webhooks/standard'],
    ['GET', '/v1/webhooks'],
    ['DELETE', '/v1/webhooks/1'],
  ])('%s %s with a Read only key answers 403 insufficient_scope', async (method, path) => {
    const readKey = await t.factory.key(site, { scope: 'read' });
    const res = await t.request(method, path, {
      key: readKey,
      body: method === 'POST' ? { url: 'https://example.com/r' } : undefined,
    });
    expectInsufficientScope(res, 'content.write');
  });

  it('answers 401 without a credential', async () => {
    expect((await t.request('GET', '/v1/webhooks')).body).toEqual({ status: 'unauthorized' });
    const res = await t.request('POST', '/v1/webhooks/standard', {
      body: { url: 'https://example.com/anon' },
    });
    expect([res.status, res.body]).toEqual([401, { status: 'unauthorized' }]);
  });

  describe('Standard Webhooks registration (issue 23)', () => {
    it('POST /webhooks/standard: 201 with signature_scheme standard and the secret also as whsec_ + base64', async () => {
      const res = await register(
        key,
        { url: 'https://example.com/std', events: ['article.created'] },
        '/v1/webhooks/standard',
      );
      expectSuccess(res, 201, {
        webhook: {
          id: expect.any(Number),
          url: 'https://example.com/std',
          site_id: site.id,
          active: true,
          last_delivered_at: null,
          created_at: expect.stringMatching(/\+00:00$/),
          signature_scheme: 'standard',
          secret: expect.stringMatching(/^[A-Za-z0-9]{48}$/),
          standard_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
        },
      });
      const { secret, standard_secret } = res.body.webhook;
      expect(Buffer.from(standard_secret.slice(6), 'base64').toString('utf8')).toBe(secret);
      const stored = await t.ds.query(
        'SELECT signature_scheme, secret FROM webhooks WHERE id = ?',
        [res.body.webhook.id],
      );
      // Sealed at rest under the data key (issue 34), never the secret as sent.
      expect(stored).toEqual([{ signature_scheme: 'standard', secret: expect.any(String) }]);
      expect(stored[0].secret).toMatch(/^enc:v1:/);
      expect(stored[0].secret).not.toContain(secret);
      expect(unseal(stored[0].secret, 'webhooks.secret')).toBe(secret);
    });

    it('keeps a sent secret (non-ASCII too): standard_secret encodes its UTF-8 bytes', async () => {
      const secret = 'Grüße-aus-Köln-∑-0123';
      const res = await register(
        key,
        { url: 'https://example.com/std2', secret },
        '/v1/webhooks/standard',
      );
      expect(res.status).toBe(201);
      expect(res.body.webhook.secret).toBe(secret);
      expect(res.body.webhook.standard_secret).toBe(
        `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`,
      );
    });

    it('POST /webhooks never registers a standard webhook, whatever the body says', async () => {
      const res = await register(key, {
        url: 'https://example.com/plain',
        signature_scheme: 'standard',
      });
      expect(res.status).toBe(201);
      expect(res.body.webhook.signature_scheme).toBe('service');
      expect(res.body.webhook).not.toHaveProperty('standard_secret');
    });

    it('is listed and deleted with the others, signature_scheme shown, no secret; another site’s answers 404', async () => {
      const k = await newSiteKey();
      const plain = await register(k, { url: 'https://example.com/p' });
      const std = await register(k, { url: 'https://example.com/s' }, '/v1/webhooks/standard');
      const list = await t.request('GET', '/v1/webhooks', { key: k });
      expect(
        list.body.webhooks.map((w: { id: number; signature_scheme: string }) => [
          w.id,
          w.signature_scheme,
        ]),
      ).toEqual([
        [plain.body.webhook.id, 'service'],
        [std.body.webhook.id, 'standard'],
      ]);
      expect(list.text).not.toContain('secret');
      expect(list.text).not.toContain('whsec_');
      const theirs = await t.request('GET', '/v1/webhooks', { key: otherKey });
      expect(theirs.body.webhooks.map((w: { id: number }) => w.id)).not.toContain(
        std.body.webhook.id,
      );
      const foreign = await t.request('DELETE', `/v1/webhooks/${std.body.webhook.id}`, {
        key: otherKey,
      });
      expect([foreign.status, foreign.body.message]).toEqual([
        404,
        'Webhook subscription not found.',
      ]);
      expect(
        (await t.request('DELETE', `/v1/webhooks/${std.body.webhook.id}`, { key: k })).status,
      ).toBe(200);
      const after = await t.request('GET', '/v1/webhooks', { key: k });
      expect(after.body.webhooks.map((w: { id: number }) => w.id)).toEqual([plain.body.webhook.id]);
    });
  });
});

describe('webhook registration with OAuth tokens (spec 4.8: webhooks.manage)', () => {
  let t: TestApp, a: TestSite, b: TestSite;

  beforeAll(async () => {
    t = await startTestApp(createWithTokens);
    a = await t.factory.site();
    b = await t.factory.site({ owner: a.owner });
  });
  afterAll(() => t.close());

  it('needs webhooks.manage: content.write alone answers 403 naming the scope', async () => {
    const tok = token(a.owner.id, [a.id], ['content.read', 'content.write']);
    const res = await t.request('GET', '/v1/webhooks', { token: tok });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This action requires the webhooks.manage scope.');
  });

  /** POSTs a registration of `url` with `tok`, on `site` (X-Service-Site) when one is named. */
  const register = (path: string, tok: string, url: string, site?: TestSite) =>
    t.request('POST', path, {
      token: tok,
      ...(site && { headers: { 'X-Service-Site': String(site.id) } }),
      body: { url },
    });

  it('registers on the site named by X-Service-Site and lists several sites’ webhooks', async () => {
    const tok = token(a.owner.id, [a.id, b.id], ['webhooks.manage']);
    const onA = await register('/v1/webhooks', tok, 'https://example.com/a', a);
    expect(onA.status).toBe(201);
    expect(onA.body.webhook.site_id).toBe(a.id);
    const onB = await register('/v1/webhooks', tok, 'https://example.com/b', b);
    expect(onB.body.webhook.site_id).toBe(b.id);
    // Issue 23: the standard registration chooses its site the same way.
    const stdNone = await register('/v1/webhooks/standard', tok, 'https://example.com/c');
    expect(stdNone.status).toBe(400);
    const noScope = token(a.owner.id, [a.id], ['content.read', 'content.write']);
    expect((await register('/v1/webhooks/standard', noScope, 'https://example.com/c')).status).toBe(
      403,
    );
    // Several sites and none chosen: a registration needs one.
    expect((await register('/v1/webhooks', tok, 'https://example.com/c')).status).toBe(400);

    const all = await t.request('GET', '/v1/webhooks', { token: tok });
    expect(all.status).toBe(200);
    expect(all.body.webhooks.map((w: { site_id: number }) => w.site_id)).toEqual([a.id, b.id]);
    expect(all.body.meta).toEqual({ items_count: 2 });
    const onlyB = await t.request('GET', '/v1/webhooks', {
      token: tok,
      headers: { 'X-Service-Site': String(b.id) },
    });
    expect(onlyB.body.webhooks.map((w: { id: number }) => w.id)).toEqual([onB.body.webhook.id]);

    const onlyA = token(a.owner.id, [a.id], ['webhooks.manage']);
    expect(
      (await t.request('DELETE', `/v1/webhooks/${onB.body.webhook.id}`, { token: onlyA })).status,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `/v1/webhooks/${onB.body.webhook.id}`, { token: tok })).status,
    ).toBe(200);
  });
});
