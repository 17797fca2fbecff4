import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { EVENT_ENVELOPE_SCHEMA } from './event-envelope';
import type { AuditRecordedData, EventEnvelope } from './event-envelope';

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(EVENT_ENVELOPE_SCHEMA);

const article: EventEnvelope = {
  version: 1,
  id: '42',
  type: 'article.published',
  site_id: 7,
  helpcenter_id: '0b6c3a52-2f0e-4d55-9d8e-0a1b2c3d4e5f',
  occurred_at: '2026-01-31T23:59:59+00:00',
  data: {
    type: 'article',
    id: 3,
    category_id: null,
    title: 'Hello',
    slug: 'hello',
    published: true,
    visibility: 'link_only',
    locale: 'en',
    updated_at: '2026-01-31 23:59:59',
  },
};

/** `audit.recorded` data (issue 24). */
function audit(actor: object = { kind: 'api_key', key_id: 4, user_id: 9 }): AuditRecordedData {
  return {
    type: 'audit',
    action: 'article.publish',
    target_type: 'article',
    target_id: '3',
    actor: actor as AuditRecordedData['actor'],
  };
}

describe('event envelope v1 (docs/events.md)', () => {
  it('is published as a JSON file equal to the exported schema', () => {
    const file = path.join(__dirname, '../schemas/event-envelope.v1.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(EVENT_ENVELOPE_SCHEMA);
  });

  it.each<[string, EventEnvelope]>([
    ['an article event', article],
    [
      'a category event',
      {
        ...article,
        type: 'category.deleted',
        data: {
          type: 'category',
          id: 1,
          parent_id: 4,
          name: null,
          updated_at: '2026-01-01 00:00:00',
        },
      },
    ],
    [
      'a site event',
      { ...article, type: 'site.updated', data: { type: 'site', id: 7, visibility: 'password' } },
    ],
    [
      'a contact message (not a webhook event)',
      {
        ...article,
        type: 'contact.submitted',
        data: {
          type: 'contact_message',
          id: 1,
          lang: 'en',
          name: 'A',
          email: 'a@example.com',
          subject: null,
          message: 'Hi',
        },
      },
    ],
    ...(
      [
        ['an API key', { kind: 'api_key', key_id: 4, user_id: 9 }],
        ['an OAuth app', { kind: 'oauth', client_id: 'app-1', user_id: 9 }],
        ['an agent over MCP', { kind: 'mcp', client_id: 'app-1', user_id: 9 }],
        ['the operator', { kind: 'operator' }],
      ] as const
    ).map(([who, actor]): [string, EventEnvelope] => [
      `an audit entry (not a webhook event) by ${who}`,
      { ...article, type: 'audit.recorded', data: audit(actor) },
    ]),
  ])('accepts %s', (_, envelope) => {
    expect(validate(envelope)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['another version', { ...article, version: 2 }],
    ['a numeric id', { ...article, id: 42 }],
    ['an offset other than +00:00', { ...article, occurred_at: '2026-01-31T23:59:59Z' }],
    ['an unknown top-level field', { ...article, extra: 1 }],
    ['article data on a site event', { ...article, type: 'site.updated' }],
    ['a missing data field', { ...article, data: { ...article.data, locale: undefined } }],
    ['a wrong visibility', { ...article, data: { ...article.data, visibility: 'secret' } }],
    ['a helpcenter_id that is not a uuid', { ...article, helpcenter_id: 'site-7' }],
    ['article data on an audit event', { ...article, type: 'audit.recorded' }],
    [
      'an audit entry with an unknown field',
      { ...article, type: 'audit.recorded', data: { ...audit(), extra: 1 } },
    ],
    [
      'an audit entry with a numeric target_id',
      { ...article, type: 'audit.recorded', data: { ...audit(), target_id: 3 } },
    ],
    [
      'an audit action that is not noun.verb',
      { ...article, type: 'audit.recorded', data: { ...audit(), action: 'publish' } },
    ],
    [
      'an API key actor without its key id',
      { ...article, type: 'audit.recorded', data: audit({ kind: 'api_key', user_id: 9 }) },
    ],
    [
      'an operator actor naming a person',
      { ...article, type: 'audit.recorded', data: audit({ kind: 'operator', user_id: 9 }) },
    ],
    [
      'an unknown actor kind',
      { ...article, type: 'audit.recorded', data: audit({ kind: 'robot' }) },
    ],
  ])('refuses %s', (_, envelope) => {
    expect(validate(JSON.parse(JSON.stringify(envelope)))).toBe(false);
  });
});
