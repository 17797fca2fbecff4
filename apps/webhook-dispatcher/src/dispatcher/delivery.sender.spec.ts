import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { resetSettings, standardWebhookSecret } from '@hc/contracts';
import { closeOutboundPools, OutboundError, safeFetch } from '@hc/net';
import type { SafeFetchOptions, SafeResponse } from '@hc/net';
import type { DeliveryClaim } from './deliveries.repository';
import { DeliverySender } from './delivery.sender';

// The module object itself, so a spy reaches the fetcher's one DNS lookup (as in @hc/net's spec).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dns = require('node:dns/promises') as typeof import('node:dns/promises');

const claim: DeliveryClaim = {
  id: '1',
  eventId: '9',
  webhookId: 3,
  siteId: 4,
  attempts: 0,
  event: 'article.created',
  body: '{"event":"article.created","data":{"title":"Ünï/x"}}',
  url: 'https://receiver.example/hook',
  secret: 'abcdefghijklmnop',
  scheme: 'service',
  requestId: null,
  traceparent: null,
};

function fetchAnswering(answer: number | OutboundError, body = Buffer.alloc(0)) {
  const calls: { url: string; options: SafeFetchOptions }[] = [];
  const fetch = async (url: string, options: SafeFetchOptions): Promise<SafeResponse> => {
    calls.push({ url, options });
    if (answer instanceof OutboundError) throw answer;
    return { status: answer, headers: {}, body, url, redirects: 0, internal: false };
  };
  return { fetch, calls };
}

describe('DeliverySender (spec 6)', () => {
  it('POSTs the stored body with the signature, event and a new delivery id, 10 s, no redirects', async () => {
    const f = fetchAnswering(200);
    const sender = new DeliverySender(f.fetch);
    expect(await sender.attempt(claim)).toMatchObject({ kind: 'delivered', status: 200 });
    await sender.attempt(claim);
    const [{ url, options }, second] = f.calls;
    expect(url).toBe('https://receiver.example/hook');
    expect(options).toMatchObject({ method: 'POST', timeoutMs: 10_000, maxRedirects: 0 });
    expect(Buffer.isBuffer(options.body) && options.body.toString('utf8')).toBe(claim.body);
    const expected = createHmac('sha256', claim.secret!)
      .update(Buffer.from(claim.body, 'utf8'))
      .digest('hex');
    expect(options.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(claim.body)),
      'X-Service-Signature': `sha256=${expected}`,
      'X-Service-Event': 'article.created',
    });
    expect(second.options.headers!['X-Service-Signature']).toBe(
      options.headers!['X-Service-Signature'],
    );
    expect(second.options.headers!['X-Service-Delivery']).not.toBe(
      options.headers!['X-Service-Delivery'],
    );
  });

  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [301, 'delivered'],
    [399, 'delivered'],
    [400, 'failed'],
    [410, 'failed'],
    [500, 'failed'],
  ])('status %d counts as %s', async (status, kind) => {
    expect((await new DeliverySender(fetchAnswering(status).fetch).attempt(claim)).kind).toBe(kind);
  });

  it.each([
    ['private_address', 'skipped'],
    ['unresolvable', 'skipped'],
    ['invalid_url', 'skipped'],
    ['timeout', 'failed'],
    ['connection_failed', 'failed'],
    ['too_large', 'failed'],
  ] as const)('a fetcher refusal %s is %s', async (reason, kind) => {
    const outcome = await new DeliverySender(
      fetchAnswering(new OutboundError(reason, 'x')).fetch,
    ).attempt(claim);
    expect(outcome.kind).toBe(kind);
  });

  it('logs the headers sent and the first 2 KB of the answer (issue 23)', async () => {
    const f = fetchAnswering(502, Buffer.from('x'.repeat(5000)));
    const outcome = await new DeliverySender(f.fetch).attempt(claim);
    expect(outcome.log).toEqual({
      deliveryUuid: f.calls[0].options.headers?.['X-Service-Delivery'],
      startedAt: expect.any(Date),
      durationMs: expect.any(Number),
      status: 502,
      errorKind: null,
      responseBody: 'x'.repeat(2048),
      requestHeaders: f.calls[0].options.headers,
    });
  });

  it.each([
    [new OutboundError('timeout', 'slow'), 'timeout'],
    [new OutboundError('private_address', 'no'), 'address_refused'],
    [
      new OutboundError('connection_failed', 'The connection failed: connect ECONNREFUSED'),
      'connection_refused',
    ],
    [
      new OutboundError('connection_failed', 'The connection failed: socket hang up'),
      'connection_failed',
    ],
  ])('logs %s as the error kind %s', async (err, kind) => {
    const outcome = await new DeliverySender(fetchAnswering(err).fetch).attempt(claim);
    expect(outcome.log).toMatchObject({ status: null, errorKind: kind, responseBody: null });
  });

  it('skips a delivery whose webhook was deleted', async () => {
    const f = fetchAnswering(200);
    expect(
      (await new DeliverySender(f.fetch).attempt({ ...claim, url: null, secret: null })).kind,
    ).toBe('skipped');
    expect(f.calls).toHaveLength(0);
  });

  describe('Standard Webhooks (issue 23)', () => {
    afterEach(() => jest.useRealTimers());
    const headersOf = (f: ReturnType<typeof fetchAnswering>, i: number) =>
      f.calls[i].options.headers as Record<string, string>;

    it('a service webhook never gets the standard headers', async () => {
      const f = fetchAnswering(200);
      await new DeliverySender(f.fetch).attempt(claim);
      expect(Object.keys(headersOf(f, 0)).filter((h) => /^webhook-/i.test(h))).toEqual([]);
    });

    it.each([
      ['a generated-style secret', 'abcdefghijklmnopABCDEFGH01234567'],
      ['a secret that itself begins with whsec_', 'whsec_not-base64-at-all!!'],
      ['a non-ASCII secret', 'Grüße-aus-Köln-0123456789'],
    ])(
      'signs id.timestamp.body with %s, verified by the standardwebhooks package',
      async (_name, secret) => {
        const f = fetchAnswering(500);
        const sender = new DeliverySender(f.fetch);
        const standard = { ...claim, secret, scheme: 'standard' as const };
        // The retry a minute later (the clock is set, nothing waits).
        jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
        const now = Date.now();
        const first = await sender.attempt(standard);
        jest.setSystemTime(now + 60_000);
        await sender.attempt({ ...standard, attempts: 1 });
        const [a, b] = [headersOf(f, 0), headersOf(f, 1)];
        const wh = new Webhook(standardWebhookSecret(secret));
        for (const h of [a, b]) {
          expect(h['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
          expect(wh.verify(claim.body, h)).toEqual(JSON.parse(claim.body));
          // The spec's header is unchanged beside them.
          expect(h['X-Service-Signature']).toBe(
            `sha256=${createHmac('sha256', secret).update(claim.body).digest('hex')}`,
          );
        }
        // One event delivery: the same id on every attempt; the attempt's own time and signature.
        expect(b['webhook-id']).toBe(a['webhook-id']);
        expect(Number(b['webhook-timestamp']) - Number(a['webhook-timestamp'])).toBe(60);
        expect(b['webhook-signature']).not.toBe(a['webhook-signature']);
        expect(first.log?.requestHeaders['webhook-signature']).toBe(a['webhook-signature']);
        expect(JSON.stringify(first.log?.requestHeaders)).not.toContain(secret);
        // Tampering with any signed part fails.
        expect(() => wh.verify(claim.body + ' ', a)).toThrow();
        expect(() => wh.verify(claim.body, { ...a, 'webhook-id': 'msg_other' })).toThrow();
        expect(() =>
          wh.verify(claim.body, {
            ...a,
            'webhook-timestamp': String(Number(a['webhook-timestamp']) - 1),
          }),
        ).toThrow();
      },
    );

    it('gives each webhook and each event its own webhook-id', async () => {
      const f = fetchAnswering(200);
      const sender = new DeliverySender(f.fetch);
      const standard = { ...claim, scheme: 'standard' as const };
      await sender.attempt(standard);
      await sender.attempt({ ...standard, webhookId: 4 });
      await sender.attempt({ ...standard, eventId: '10' });
      await sender.attempt({ ...standard, id: '2' });
      const ids = f.calls.map((_, i) => headersOf(f, i)['webhook-id']);
      // A redelivery (a new delivery row of the same event and webhook) keeps the id.
      expect(ids[3]).toBe(ids[0]);
      expect(new Set(ids.slice(0, 3)).size).toBe(3);
    });
  });

  describe('a receiver on the operator’s outbound allow-list (issue 34 item 6)', () => {
    const internal = { ...claim, url: 'https://hooks.internal:8443/x' };
    beforeAll(() => {
      process.env.HC_OUTBOUND_ALLOWLIST = 'hooks.internal:8443, 10.1.2.3';
      resetSettings();
    });
    afterAll(() => {
      delete process.env.HC_OUTBOUND_ALLOWLIST;
      resetSettings();
    });

    it('keeps no answer, status or connection detail: the tenant sees "not delivered"', async () => {
      const body = Buffer.from('db-7.internal: stack trace …');
      for (const [answer, url] of [
        [500, internal.url],
        [
          new OutboundError('connection_failed', 'connect ECONNREFUSED 10.1.2.3:8443'),
          internal.url,
        ],
        [new OutboundError('timeout', 'no answer from 10.1.2.3 in 10 s'), 'https://10.1.2.3/h'],
      ] as const) {
        const out = await new DeliverySender(fetchAnswering(answer, body).fetch).attempt({
          ...claim,
          url,
        });
        expect(out).toMatchObject({ kind: 'failed', error: 'not delivered' });
        expect(out.log).toMatchObject({
          status: null,
          errorKind: 'not_delivered',
          responseBody: null,
        });
        // What a tenant sees, without the attempt's own id and timing (a random delivery id
        // once held "a500"): nothing of the answer or the connection.
        const { deliveryUuid: _id, startedAt: _at, durationMs: _ms, ...seen } = out.log!;
        expect(JSON.stringify({ ...out, log: seen })).not.toMatch(
          /10\.1\.2\.3|ECONNREFUSED|stack trace|500/,
        );
      }
      const ok = await new DeliverySender(fetchAnswering(200, body).fetch).attempt(internal);
      expect(ok).toMatchObject({ kind: 'delivered', log: { status: 200, responseBody: null } });
      // Another port of the host, or a public receiver, keeps its answer in the log.
      const other = await new DeliverySender(fetchAnswering(500, body).fetch).attempt(claim);
      expect(other.log).toMatchObject({ status: 500, responseBody: body.toString() });
      const port = await new DeliverySender(fetchAnswering(500, body).fetch).attempt({
        ...claim,
        url: 'https://hooks.internal:9000/x',
      });
      expect(port.log).toMatchObject({ status: 500, errorKind: null });
    });
  });

  describe('a receiver NAME of the tenant’s own that resolves to an allow-listed address (issue 34 item 6)', () => {
    // The operator opens 127.0.0.1 (an internal service) to webhooks. A tenant registers a name
    // of its own, not on the list, whose DNS answer is that address: the real fetcher connects
    // there, so the log must keep nothing of what the internal host said.
    const SECRET_ANSWER = 'db-7.internal: stack trace at /srv/billing';
    let server: Server;
    let port: number;
    let closedPort: number;
    let lookup: jest.SpyInstance;

    beforeAll(async () => {
      server = createServer((req, res) => {
        const status = req.url === '/ok' ? 200 : 500;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(SECRET_ANSWER);
      });
      port = await new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
      );
      // A port with nothing listening: taken, then freed.
      const probe = createServer();
      closedPort = await new Promise<number>((r) =>
        probe.listen(0, '127.0.0.1', () => r((probe.address() as AddressInfo).port)),
      );
      await new Promise((r) => probe.close(r));
      lookup = jest
        .spyOn(dns, 'lookup')
        .mockImplementation((async (host: string) =>
          host === 'hooks.tenant-a.example'
            ? [{ address: '127.0.0.1', family: 4 }]
            : Promise.reject(
                Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }),
              )) as never);
    });
    afterAll(async () => {
      lookup.mockRestore();
      delete process.env.HC_OUTBOUND_ALLOWLIST;
      resetSettings();
      closeOutboundPools();
      await new Promise((r) => server.close(r));
    });

    const attempt = (url: string) => new DeliverySender(safeFetch).attempt({ ...claim, url });
    const allow = (list: string) => {
      process.env.HC_OUTBOUND_ALLOWLIST = list;
      resetSettings();
    };

    it('an error answer: no body, no status, "not delivered"', async () => {
      allow(`127.0.0.1:${port}`);
      const out = await attempt(`http://hooks.tenant-a.example:${port}/hook`);
      expect(lookup).toHaveBeenCalledWith('hooks.tenant-a.example', expect.anything());
      expect(out).toMatchObject({ kind: 'failed', status: null, error: 'not delivered' });
      expect(out.log).toMatchObject({
        status: null,
        errorKind: 'not_delivered',
        responseBody: null,
      });
      expect(JSON.stringify(out)).not.toMatch(/db-7|stack trace|500|127\.0\.0\.1/);
    });

    it('a success keeps its status but not the body', async () => {
      allow(`127.0.0.1:${port}`);
      const out = await attempt(`http://hooks.tenant-a.example:${port}/ok`);
      expect(out).toMatchObject({ kind: 'delivered', status: 200 });
      expect(out.log).toMatchObject({ status: 200, errorKind: null, responseBody: null });
    });

    it('a refused connection names no address or port', async () => {
      allow('127.0.0.1');
      const out = await attempt(`http://hooks.tenant-a.example:${closedPort}/hook`);
      expect(out).toMatchObject({ kind: 'failed', status: null, error: 'not delivered' });
      expect(out.log).toMatchObject({
        status: null,
        errorKind: 'not_delivered',
        responseBody: null,
      });
      expect(JSON.stringify(out)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect/);
    });

    it('the same receiver without the allow-list is refused before any connection (spec 6)', async () => {
      allow('');
      const out = await attempt(`http://hooks.tenant-a.example:${port}/hook`);
      expect(out).toMatchObject({ kind: 'skipped' });
      expect(out.log).toMatchObject({ errorKind: 'address_refused', responseBody: null });
    });
  });
});
