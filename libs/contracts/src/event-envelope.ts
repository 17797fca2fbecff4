import type { EventData, EventName } from './events';
import type { AuditActor } from './request-scope';

/**
 * The event stream as a contract (docs/events.md): every message on the events topic carries one
 * envelope, JSON in the message value, keyed by `site_id`. Version 1. A change that removes or
 * retypes a field is a new `version`; consumers pass over versions they do not know.
 */
export const EVENT_ENVELOPE_VERSION = 1;

/** Domain events outside spec 6 that also travel the stream (not sent to webhooks). */
export interface ContactSubmittedData {
  type: 'contact_message';
  id: number;
  lang: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
}

/** `audit.recorded` (issue 24): one recorded write; never sent to webhooks. */
export interface AuditRecordedData {
  type: 'audit';
  /** `noun.verb`: `article.create`, `staged.publish`, `design.publish` … */
  action: string;
  target_type: string;
  target_id: string;
  actor: AuditActor;
}

export interface EventEnvelope<
  T extends string = string,
  D = EventData | ContactSubmittedData | AuditRecordedData,
> {
  version: typeof EVENT_ENVELOPE_VERSION;
  /** Unique per event (decimal digits); the same event delivered twice has the same id. */
  id: string;
  /** The event name: the nine of spec 6 (`article.updated` …) or another domain event. */
  type: T;
  site_id: number;
  /** The site's uuid. */
  helpcenter_id: string;
  /** When the change committed: ISO 8601 UTC to the second, `2026-01-02T03:04:05+00:00`. */
  occurred_at: string;
  /** For the events of spec 6, the `data` object of the webhook body. */
  data: D;
}

export type WebhookEventEnvelope = EventEnvelope<EventName, EventData>;

const nullableString = { type: ['string', 'null'] };
const formatA = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' };
const id = { type: 'integer', minimum: 1 };

/** A closed object (no other keys) whose every property is required, in this order. */
function closedObject<P extends Record<string, object>>(properties: P) {
  return {
    type: 'object',
    required: Object.keys(properties) as (keyof P & string)[],
    additionalProperties: false,
    properties,
  } as const;
}

/** The `data` object of each kind of event (spec 6 and the stream's own), closed. */
export const EVENT_DATA_SCHEMAS = {
  article: closedObject({
    type: { const: 'article' },
    id,
    category_id: { oneOf: [id, { type: 'null' }] },
    title: nullableString,
    slug: nullableString,
    published: { type: 'boolean' },
    visibility: { enum: ['public', 'link_only', 'private'] },
    locale: { type: 'string', minLength: 2 },
    updated_at: formatA,
  }),
  category: closedObject({
    type: { const: 'category' },
    id,
    parent_id: { oneOf: [id, { type: 'null' }] },
    name: nullableString,
    updated_at: formatA,
  }),
  site: closedObject({
    type: { const: 'site' },
    id,
    visibility: { enum: ['public', 'private', 'password'] },
  }),
  webhook: closedObject({ type: { const: 'webhook' }, id }),
  contact_message: closedObject({
    type: { const: 'contact_message' },
    id,
    lang: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    subject: nullableString,
    message: { type: 'string' },
  }),
  audit: closedObject({
    type: { const: 'audit' },
    action: { type: 'string', pattern: '^[a-z][a-z_]*\\.[a-z][a-z_]*$', maxLength: 64 },
    target_type: { type: 'string', pattern: '^[a-z][a-z_]*$', maxLength: 32 },
    target_id: { type: 'string', minLength: 1, maxLength: 64 },
    // One shape per credential kind: what identifies it, nothing else.
    actor: {
      oneOf: [
        closedObject({ kind: { const: 'api_key' }, key_id: id, user_id: id }),
        closedObject({
          kind: { enum: ['oauth', 'mcp'] },
          client_id: { type: 'string', minLength: 1, maxLength: 191 },
          user_id: id,
        }),
        closedObject({ kind: { const: 'operator' } }),
        closedObject({ kind: { const: 'dashboard' }, user_id: id }),
      ],
    },
  }),
} as const;

/** `data` by event name prefix: `article.*` carries article data, and so on. */
const byType = (pattern: string, data: object) => ({
  if: { type: 'object', properties: { type: { type: 'string', pattern } }, required: ['type'] },
  then: { type: 'object', properties: { data } },
});

/** The JSON Schema (draft 2020-12) of version 1; `schemas/event-envelope.v1.json` is this object. */
export const EVENT_ENVELOPE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://helpcenter.example/schemas/event-envelope.v1.json',
  title: 'Help center event envelope, version 1',
  ...closedObject({
    version: { const: EVENT_ENVELOPE_VERSION },
    id: { type: 'string', pattern: '^[1-9][0-9]*$' },
    type: { type: 'string', pattern: '^[a-z][a-z_]*\\.[a-z][a-z_]*$' },
    site_id: id,
    helpcenter_id: {
      type: 'string',
      pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    },
    occurred_at: {
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00$',
    },
    data: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
  }),
  allOf: [
    byType('^article\\.(created|published|updated|deleted)$', EVENT_DATA_SCHEMAS.article),
    byType('^category\\.(created|updated|deleted)$', EVENT_DATA_SCHEMAS.category),
    byType('^site\\.(updated|deleted)$', EVENT_DATA_SCHEMAS.site),
    byType('^webhook\\.test$', EVENT_DATA_SCHEMAS.webhook),
    byType('^contact\\.submitted$', EVENT_DATA_SCHEMAS.contact_message),
    byType('^audit\\.recorded$', EVENT_DATA_SCHEMAS.audit),
  ],
} as const;
