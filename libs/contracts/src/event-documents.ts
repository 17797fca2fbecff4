// The events as contracts for consumers (issue 36 item 9): the `webhooks` section of the OpenAPI
// document (tools/scripts/openapi.cjs) and the AsyncAPI document of the Kafka topic
// (tools/scripts/asyncapi.cjs), both built here from the JSON Schemas the events are checked
// against (EVENT_ENVELOPE_SCHEMA, EVENT_DATA_SCHEMAS), so the documents cannot drift from them.
import {
  EVENT_DATA_SCHEMAS,
  EVENT_ENVELOPE_SCHEMA,
  EVENT_ENVELOPE_VERSION,
} from './event-envelope';
import { DELIVERED_EVENTS, type DeliveredEvent } from './events';
import { STANDARD_WEBHOOK_HEADERS } from './standard-webhooks';
import { WEBHOOK_SIGNATURE_HEADER } from './webhook-signature';

type Schema = Record<string, unknown>;
export type WebhookDataKind = 'article' | 'category' | 'site' | 'webhook';

/** The kind of `data` an event carries (`article.updated` → `article`). */
export function eventDataKind(event: DeliveredEvent): WebhookDataKind {
  return event.split('.')[0] as WebhookDataKind;
}

/** Spec 6: when each event is sent. */
export const EVENT_SENT_WHEN: Readonly<Record<DeliveredEvent, string>> = {
  'article.created': 'An article was created as a draft.',
  'article.published': 'An article was created as published, or a draft was published.',
  'article.updated':
    'Any other change to an article: edit, unpublishing, publishing staged changes, restoring a ' +
    'version, restoring from Trash; not sent for view counting.',
  'article.deleted':
    'An article was moved to Trash, and again when deleted for good one by one; `data` is the ' +
    'article as it was.',
  'category.created': 'A category was created.',
  'category.updated': 'A category was saved, including reorders of categories.',
  'category.deleted': 'A category was deleted.',
  'site.updated': 'The site’s visibility, IP allow-list or suspension changed.',
  'site.deleted': 'The site is being deleted.',
  'webhook.test':
    'Someone asked for a test (POST /v1/webhooks/{id}/test, or the dashboard’s “Send test ' +
    'event”); sent to that one webhook only, never to the site’s others; `data` names it.',
};

const envelope = EVENT_ENVELOPE_SCHEMA.properties;

/** An example `data` of each kind, valid against its schema (a unit test checks). */
const EXAMPLE_DATA: Record<WebhookDataKind, Schema> = {
  article: {
    type: 'article',
    id: 7,
    category_id: 3,
    title: 'Getting started',
    slug: 'getting-started',
    published: true,
    visibility: 'public',
    locale: 'en',
    updated_at: '2026-01-31 23:59:59',
  },
  category: {
    type: 'category',
    id: 3,
    parent_id: null,
    name: 'Basics',
    updated_at: '2026-01-31 23:59:59',
  },
  site: { type: 'site', id: 42, visibility: 'public' },
  webhook: { type: 'webhook', id: 5 },
};

const EXAMPLE_SITE = { site_id: 42, helpcenter_id: '0b6c3a52-2f0e-4d55-9d8e-0a1b2c3d4e5f' };
const EXAMPLE_TIME = '2026-01-31T23:59:59+00:00';

/** A webhook body of this event (spec 6), as the dispatcher POSTs it. */
export function exampleWebhookBody(event: DeliveredEvent): Schema {
  return {
    event,
    occurred_at: EXAMPLE_TIME,
    ...EXAMPLE_SITE,
    data: EXAMPLE_DATA[eventDataKind(event)],
  };
}

/** The envelope of this event on the topic (docs/events.md). */
export function exampleEnvelope(event: DeliveredEvent): Schema {
  return {
    version: EVENT_ENVELOPE_VERSION,
    id: '1234',
    type: event,
    ...EXAMPLE_SITE,
    occurred_at: EXAMPLE_TIME,
    data: EXAMPLE_DATA[eventDataKind(event)],
  };
}

const eventsOf = (kind: WebhookDataKind) =>
  DELIVERED_EVENTS.filter((e) => eventDataKind(e) === kind);

/**
 * The webhook body of one kind (spec 6), closed: `event`, `occurred_at`, `site_id`,
 * `helpcenter_id`, `data`, in that order. `data` is given by `dataRef` (a `$ref`) or inline.
 */
export function webhookBodySchema(kind: WebhookDataKind, dataRef?: string): Schema {
  return {
    type: 'object',
    description: `A webhook body of a ${kind} event: compact one-line JSON, keys in this order.`,
    required: ['event', 'occurred_at', 'site_id', 'helpcenter_id', 'data'],
    additionalProperties: false,
    properties: {
      event: { type: 'string', enum: eventsOf(kind), description: 'The event name.' },
      occurred_at: {
        ...envelope.occurred_at,
        description: 'When the change committed, ISO 8601 UTC; the same on every retry.',
      },
      site_id: { ...envelope.site_id, description: 'The site.' },
      helpcenter_id: { ...envelope.helpcenter_id, description: 'The site’s uuid.' },
      data: dataRef ? { $ref: dataRef } : EVENT_DATA_SCHEMAS[kind],
    },
  };
}

/** The envelope of one event on the topic (docs/events.md), closed, `type` fixed. */
export function envelopeSchema(event: string, dataRef: string): Schema {
  const { properties } = EVENT_ENVELOPE_SCHEMA;
  return {
    type: 'object',
    required: [...EVENT_ENVELOPE_SCHEMA.required],
    additionalProperties: false,
    properties: {
      version: { ...properties.version, description: 'The envelope’s version.' },
      id: {
        ...properties.id,
        description: 'Unique per event; the same event seen twice has the same id.',
      },
      type: { const: event, description: 'The event name.' },
      site_id: { ...properties.site_id, description: 'The site (also the message key).' },
      helpcenter_id: { ...properties.helpcenter_id, description: 'The site’s uuid.' },
      occurred_at: {
        ...properties.occurred_at,
        description: 'When the change committed, UTC, to the second.',
      },
      data: { $ref: dataRef },
    },
  };
}

export interface WebhookHeader {
  name: string;
  required: boolean;
  description: string;
  schema: Schema;
  example: string;
}

/** The headers of every delivery (spec 6), then the Standard Webhooks ones (issue 23). */
export const WEBHOOK_HEADERS: readonly WebhookHeader[] = [
  {
    name: WEBHOOK_SIGNATURE_HEADER,
    required: true,
    description:
      '`sha256=` plus the lowercase hex HMAC-SHA256 of the raw body keyed with the webhook’s ' +
      'secret. Compare with the whole header in constant time; if different or missing answer ' +
      '401 and ignore the body. Covers the body only.',
    schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
    example: `sha256=${'0'.repeat(64)}`,
  },
  {
    name: 'X-Service-Event',
    required: true,
    description: 'The event name; not signed.',
    schema: { type: 'string', enum: [...DELIVERED_EVENTS] },
    example: 'article.updated',
  },
  {
    name: 'X-Service-Delivery',
    required: true,
    description: 'A new id on every attempt, retries included.',
    schema: { type: 'string', format: 'uuid' },
    example: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  },
  {
    name: 'User-Agent',
    required: true,
    description: 'The dispatcher.',
    schema: { const: 'HelpCenter-Webhooks/1.0' },
    example: 'HelpCenter-Webhooks/1.0',
  },
  {
    name: STANDARD_WEBHOOK_HEADERS.id,
    required: false,
    description:
      'Standard Webhooks, only for webhooks registered through POST /v1/webhooks/standard: ' +
      '`msg_…`, the same on every attempt and redelivery of one event to one webhook (the ' +
      'deduplication key).',
    schema: { type: 'string', pattern: '^msg_[A-Za-z0-9_-]+$' },
    example: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  },
  {
    name: STANDARD_WEBHOOK_HEADERS.timestamp,
    required: false,
    description:
      'Standard Webhooks only: the attempt’s own time, Unix seconds; refuse it outside 5 ' +
      'minutes of now.',
    schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
    example: '1769903999',
  },
  {
    name: STANDARD_WEBHOOK_HEADERS.signature,
    required: false,
    description:
      'Standard Webhooks only: `v1,` plus the base64 HMAC-SHA256 of ' +
      '`{webhook-id}.{webhook-timestamp}.{body}` keyed with the secret’s bytes (space-separated ' +
      'when several).',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

/** The Kafka message headers the relay sets (libs/events/src/kafka.ts). */
export const KAFKA_MESSAGE_HEADERS: Schema = {
  type: 'object',
  required: ['event'],
  properties: {
    event: {
      type: 'string',
      description: 'The event name (the envelope’s `type`): filter without parsing the value.',
    },
    request_id: {
      type: 'string',
      description:
        'The id of the HTTP request that made the change, when there was one: for log ' +
        'correlation only, not part of the contract.',
    },
    traceparent: {
      type: 'string',
      pattern: '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$',
      description:
        'W3C Trace Context of the change’s write (its span), when tracing was on: a consumer ' +
        'may continue that trace. Never the relay’s own span.',
    },
  },
  description:
    'UTF-8 header values. Other headers may be added; ignore those ' + 'you do not know.',
};

/** The message key: the site id as decimal text, so one site's events keep one partition. */
export const KAFKA_MESSAGE_KEY: Schema = {
  type: 'string',
  pattern: '^[1-9][0-9]*$',
  description: 'The site id as decimal text (`"42"`): one site’s events stay in one partition.',
};
