import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  signStandardWebhook,
  standardWebhookSecret,
  verifyWebhookRequest,
  webhookSigningKey,
} from './standard-webhooks';
import { signWebhookBody } from './webhook-signature';

const SECRET = 'Rk3vX9pQ2mN7tL4wZ8yB1cD6fH0jK5sA'; // 32 letters and digits, as a generated one
const BODY =
  '{"event":"article.updated","occurred_at":"2026-03-04T05:06:07+00:00","data":{"id":7}}';
const NOW = new Date('2026-11-24T06:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);

/** A standard delivery signed by the `standardwebhooks` package itself (not by our code). */
function standardDelivery(at = T, id = 'msg_abc', body = BODY) {
  const signature = new Webhook(standardWebhookSecret(SECRET)).sign(id, new Date(at * 1000), body);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(at),
    'webhook-signature': signature,
    'x-service-signature': signWebhookBody(body, SECRET),
  };
}

describe('Standard Webhooks signing (issue 23)', () => {
  it('writes the secret as whsec_ + base64 of its UTF-8 bytes, and reads both forms back', () => {
    expect(standardWebhookSecret('abc')).toBe('whsec_YWJj');
    expect(webhookSigningKey(standardWebhookSecret('Grüße-0123456789'))).toEqual(
      Buffer.from('Grüße-0123456789', 'utf8'),
    );
    expect(webhookSigningKey('plain-secret')).toEqual(Buffer.from('plain-secret'));
  });

  it('signs exactly as the standardwebhooks package does', () => {
    const wh = new Webhook(standardWebhookSecret(SECRET));
    expect(signStandardWebhook('msg_1', T, BODY, SECRET)).toBe(
      wh.sign('msg_1', new Date(T * 1000), BODY),
    );
    expect(signStandardWebhook('msg_1', T, Buffer.from(BODY), standardWebhookSecret(SECRET))).toBe(
      wh.sign('msg_1', new Date(T * 1000), BODY),
    );
  });
});

describe('verifyWebhookRequest: the receiver kit (issue 23)', () => {
  const verify = (
    headers: Record<string, string | string[] | undefined>,
    options: Parameters<typeof verifyWebhookRequest>[3] = {},
    body: string | Uint8Array = BODY,
    secret = SECRET,
  ) => verifyWebhookRequest(body, headers, secret, { now: NOW, ...options });

  it('accepts a standard delivery signed by the reference library, with either form of the secret', () => {
    const headers = standardDelivery();
    expect(verify(headers)).toEqual({
      ok: true,
      scheme: 'standard',
      webhookId: 'msg_abc',
      timestamp: new Date(T * 1000),
    });
    expect(verify(headers, {}, BODY, standardWebhookSecret(SECRET)).ok).toBe(true);
    expect(verify(headers, {}, Buffer.from(BODY)).ok).toBe(true);
  });

  it('reads Node’s lower-case headers, any-case records and Fetch Headers', () => {
    const headers = standardDelivery();
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verify(upper).ok).toBe(true);
    expect(verifyWebhookRequest(BODY, new Headers(headers), SECRET, { now: NOW }).ok).toBe(true);
  });

  it('accepts the spec’s X-Service-Signature alone as the service scheme', () => {
    const headers = { 'x-service-signature': signWebhookBody(BODY, SECRET) };
    expect(verify(headers)).toEqual({ ok: true, scheme: 'service' });
    expect(verify(headers, {}, BODY, standardWebhookSecret(SECRET)).ok).toBe(true);
  });

  it.each([
    ['a changed body', () => verify(standardDelivery(), {}, `${BODY} `)],
    ['another secret', () => verify(standardDelivery(), {}, BODY, `${SECRET}x`)],
    ['another webhook-id', () => verify({ ...standardDelivery(), 'webhook-id': 'msg_other' })],
    [
      'a moved timestamp (the signature covers it)',
      () => verify({ ...standardDelivery(), 'webhook-timestamp': String(T + 1) }),
    ],
    [
      'a v2 entry only',
      () =>
        verify({
          ...standardDelivery(),
          'webhook-signature': standardDelivery()['webhook-signature'].replace('v1,', 'v2,'),
        }),
    ],
    [
      'a truncated signature',
      () =>
        verify({
          ...standardDelivery(),
          'webhook-signature': standardDelivery()['webhook-signature'].slice(0, -2),
        }),
    ],
    [
      'the spec signature passed as the standard one',
      () =>
        verify({
          ...standardDelivery(),
          'webhook-signature': `v1,${signWebhookBody(BODY, SECRET)}`,
        }),
    ],
  ])('refuses %s', (_name, attempt) => {
    expect(attempt()).toEqual({ ok: false, scheme: 'standard', reason: 'invalid_signature' });
  });

  it('finds the valid v1 entry among several (key rotation), space-separated', () => {
    const headers = standardDelivery();
    const rotated = `v1,${Buffer.alloc(32, 7).toString('base64')} ${headers['webhook-signature']}`;
    expect(verify({ ...headers, 'webhook-signature': rotated }).ok).toBe(true);
  });

  it('refuses a timestamp outside the window (replays), either side, and a malformed one', () => {
    expect(verify(standardDelivery(T - 301))).toMatchObject({ reason: 'timestamp_too_old' });
    expect(verify(standardDelivery(T + 301))).toMatchObject({ reason: 'timestamp_too_new' });
    expect(verify(standardDelivery(T - 300)).ok).toBe(true);
    expect(verify(standardDelivery(T - 30), { toleranceSeconds: 10 })).toMatchObject({
      reason: 'timestamp_too_old',
    });
    for (const bad of ['', '1e9', '-5', ' 1764', '17640000000000000', 'now'])
      expect(verify({ ...standardDelivery(), 'webhook-timestamp': bad })).toMatchObject({
        ok: false,
        reason: 'invalid_timestamp',
      });
  });

  it('refuses missing and repeated headers', () => {
    const { 'webhook-id': _id, ...noId } = standardDelivery();
    expect(verify(noId)).toMatchObject({ ok: false, reason: 'missing_headers' });
    const h = standardDelivery();
    expect(
      verify({ ...h, 'webhook-signature': [h['webhook-signature'], h['webhook-signature']] }),
    ).toMatchObject({ ok: false, reason: 'missing_headers' });
    expect(verify({ ...h, 'Webhook-Id': 'msg_abc' })).toMatchObject({
      ok: false,
      reason: 'missing_headers',
    });
    expect(verify({})).toEqual({ ok: false, scheme: 'service', reason: 'missing_headers' });
    const fetchHeaders = new Headers(h);
    fetchHeaders.append('webhook-signature', h['webhook-signature']);
    expect(verifyWebhookRequest(BODY, fetchHeaders, SECRET, { now: NOW }).ok).toBe(false);
  });

  it('pinned to standard, refuses a replay stripped of its standard headers (no downgrade)', () => {
    // An old captured delivery: its standard timestamp is out of the window ...
    const old = standardDelivery(T - 3600);
    expect(verify(old).ok).toBe(false);
    // ... so the attacker drops the standard headers and keeps the spec's (timeless) signature.
    const stripped = { 'x-service-signature': old['x-service-signature'] };
    expect(verify(stripped).ok).toBe(true); // what an unpinned receiver would accept
    expect(verify(stripped, { scheme: 'standard' })).toEqual({
      ok: false,
      scheme: 'standard',
      reason: 'missing_headers',
    });
  });

  it('pinned to service, checks X-Service-Signature even when standard headers are present', () => {
    const h = standardDelivery();
    expect(verify(h, { scheme: 'service' })).toEqual({ ok: true, scheme: 'service' });
    const forged = { ...h, 'x-service-signature': `sha256=${'0'.repeat(64)}` };
    expect(verify(forged, { scheme: 'service' })).toMatchObject({ ok: false });
    expect(verify({ ...h, 'x-service-signature': undefined }, { scheme: 'service' })).toMatchObject(
      { ok: false, reason: 'missing_headers' },
    );
  });

  it('refuses an empty secret whatever the headers say', () => {
    const empty = createHmac('sha256', '').update(BODY).digest('hex');
    expect(verify({ 'x-service-signature': `sha256=${empty}` }, {}, BODY, '').ok).toBe(false);
  });
});
