import { EVENT_NAMES } from '@hc/contracts';
import {
  decodeEvent,
  encodeEvent,
  isWebhookEvent,
  outboxRowToEvent,
  webhookBody,
} from './serialization';
import type { DomainEvent, WebhookEventPayload } from './outbox.writer';

const event: DomainEvent<WebhookEventPayload> = {
  id: '42',
  siteId: 7,
  event: 'category.updated',
  occurredAt: '2026-01-31T23:59:59+00:00',
  payload: {
    helpcenter_id: '0b6c3a52-2f0e-4d55-9d8e-0a1b2c3d4e5f',
    data: {
      type: 'category',
      id: 3,
      parent_id: null,
      name: 'Ärger/Fragen 日本 "x" \\ end',
      updated_at: '2026-01-31 23:59:59',
    },
  },
};

describe('webhook body (spec 6)', () => {
  it('is compact one-line JSON with the fields in the spec’s order', () => {
    const body = webhookBody(event);
    expect(Object.keys(JSON.parse(body))).toEqual([
      'event',
      'occurred_at',
      'site_id',
      'helpcenter_id',
      'data',
    ]);
    expect(body).not.toMatch(/\n|": |, "/);
    expect(
      body.startsWith(
        '{"event":"category.updated","occurred_at":"2026-01-31T23:59:59+00:00","site_id":7,',
      ),
    ).toBe(true);
  });

  it('leaves slashes and non-ASCII characters unescaped; escapes only what JSON requires', () => {
    const body = webhookBody(event);
    expect(body).toContain('"name":"Ärger/Fragen 日本 \\"x\\" \\\\ end"');
    expect(body).not.toContain('\\/');
    expect(body).not.toMatch(/\\u[0-9a-f]{4}/i);
    expect(Buffer.from(body, 'utf8').toString('utf8')).toBe(body);
  });

  it('refuses an event that is not a webhook event', () => {
    expect(() => webhookBody({ ...event, event: 'comment.reply_approved' })).toThrow();
  });

  it('knows the nine events of spec 6', () => {
    expect(EVENT_NAMES.every(isWebhookEvent)).toBe(true);
    expect(isWebhookEvent('article.viewed')).toBe(false);
  });
});

describe('outbox rows and the wire form between relay and dispatcher', () => {
  it('reads an outbox row with a JSON text payload (MariaDB) or an object (MySQL)', () => {
    const at = new Date('2026-05-06T07:08:09.123Z');
    const asText = outboxRowToEvent({
      id: 5,
      site_id: 2,
      event: 'site.updated',
      payload: '{"a":1}',
      occurred_at: at,
    });
    const asObject = outboxRowToEvent({
      id: '5',
      site_id: 2,
      event: 'site.updated',
      payload: { a: 1 },
      occurred_at: at,
    });
    expect(asText).toEqual({
      id: '5',
      siteId: 2,
      event: 'site.updated',
      occurredAt: '2026-05-06T07:08:09+00:00',
      payload: { a: 1 },
    });
    expect(asObject).toEqual(asText);
  });

  it('encodes and decodes an event unchanged', () => {
    expect(decodeEvent(encodeEvent(event))).toEqual(event);
    expect(decodeEvent(encodeEvent(event).toString('utf8'))).toEqual(event);
    // Issue 18's request id is log metadata: a Kafka header, never part of the envelope.
    expect(encodeEvent({ ...event, requestId: 'req-1' })).toEqual(encodeEvent(event));
  });

  it('carries the versioned envelope of @hc/contracts on the wire', () => {
    expect(JSON.parse(encodeEvent(event).toString('utf8'))).toEqual({
      version: 1,
      id: '42',
      type: 'category.updated',
      site_id: 7,
      helpcenter_id: event.payload.helpcenter_id,
      occurred_at: '2026-01-31T23:59:59+00:00',
      data: event.payload.data,
    });
    expect(() => encodeEvent({ ...event, payload: { any: 1 } })).toThrow(/no \{helpcenter_id/);
  });

  it.each([
    null,
    'not json',
    'null',
    '{"id":5}',
    '{"version":1,"id":"x","site_id":1,"type":"a","occurred_at":"b","helpcenter_id":"h","data":{"type":"t"}}',
    '{"version":2,"id":"1","site_id":1,"type":"a","occurred_at":"b","helpcenter_id":"h","data":{"type":"t"}}',
    '{"version":1,"id":"1","site_id":1,"type":"a","occurred_at":"b","helpcenter_id":"h","data":null}',
  ])('refuses %p as an event', (value) => {
    expect(() => decodeEvent(value)).toThrow();
  });
});
