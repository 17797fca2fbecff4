#!/usr/bin/env node
// The AsyncAPI 3.0 document of the Kafka events topic (issue 36 item 9): channel, message key,
// headers and one message per event with its payload, built from the JSON Schemas the events are
// checked against (libs/contracts/src/event-documents.ts, event-envelope.ts). Writes
// docs/asyncapi.yaml; with `--check` it only compares and exits 1 when the file is stale
// (tools/scripts/event-contracts.spec.ts runs that in the unit tier). `npm run asyncapi`.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { buildIfStale, ROOT, OUT } = require('./build.cjs');

const FILE = path.join(ROOT, 'docs/asyncapi.yaml');

const requireDist = (file) => require(path.join(OUT, file));

/** The SASL mechanisms the relay and consumers may use (`HC_KAFKA_SASL_MECHANISM`). */
const SASL = {
  saslPlain: {
    type: 'plain',
    description: '`HC_KAFKA_SASL_MECHANISM=plain` (with TLS, `HC_KAFKA_SSL`).',
  },
  saslScramSha256: { type: 'scramSha256', description: '`HC_KAFKA_SASL_MECHANISM=scram-sha-256`.' },
  saslScramSha512: { type: 'scramSha512', description: '`HC_KAFKA_SASL_MECHANISM=scram-sha-512`.' },
};

/** `article.created` → `articleCreated` (operation and message ids). */
const camel = (event) => event.replace(/[._](\w)/g, (_, c) => c.toUpperCase());
const title = (kind) => kind[0].toUpperCase() + kind.slice(1);

function document() {
  const c = requireDist('libs/contracts/src/index.js');
  const { version } = require(path.join(ROOT, 'package.json'));
  const defaults = c.SETTING_DEFINITIONS;
  const topic = defaults.HC_KAFKA_TOPIC.parse(undefined, 'HC_KAFKA_TOPIC');
  const partitions = defaults.HC_KAFKA_TOPIC_PARTITIONS.parse(
    undefined,
    'HC_KAFKA_TOPIC_PARTITIONS',
  );
  const replicas = defaults.HC_KAFKA_REPLICATION_FACTOR.parse(
    undefined,
    'HC_KAFKA_REPLICATION_FACTOR',
  );
  const schemas = {};
  for (const kind of ['article', 'category', 'site', 'webhook']) {
    schemas[`${title(kind)}EventData`] = {
      ...c.EVENT_DATA_SCHEMAS[kind],
      description: `The \`data\` of ${kind} events: exactly the \`data\` of the webhook body (spec 6).`,
    };
  }
  schemas.MessageHeaders = c.KAFKA_MESSAGE_HEADERS;
  schemas.MessageKey = c.KAFKA_MESSAGE_KEY;
  const messages = {};
  for (const event of c.DELIVERED_EVENTS) {
    const kind = c.eventDataKind(event);
    const data = `#/components/schemas/${title(kind)}EventData`;
    schemas[`${camel(event)}Envelope`] = c.envelopeSchema(event, data);
    messages[camel(event)] = {
      name: event,
      title: event,
      summary: c.EVENT_SENT_WHEN[event],
      contentType: 'application/json',
      headers: { $ref: '#/components/schemas/MessageHeaders' },
      payload: { $ref: `#/components/schemas/${camel(event)}Envelope` },
      bindings: {
        kafka: { key: { $ref: '#/components/schemas/MessageKey' }, bindingVersion: '0.5.0' },
      },
      examples: [
        {
          name: event,
          headers: { event },
          payload: c.exampleEnvelope(event),
        },
      ],
    };
  }
  const refs = Object.keys(messages).map((id) => ({ $ref: `#/channels/events/messages/${id}` }));
  // Issue 36 item 9: personal data and audit events ride the internal topic, never this one.
  const internalTopic =
    defaults.HC_KAFKA_INTERNAL_TOPIC.parse(undefined, 'HC_KAFKA_INTERNAL_TOPIC') ??
    `${topic}.internal`;
  const internalMessages = {};
  for (const [event, kind, summary] of [
    [
      'contact.submitted',
      'contact_message',
      'A reader sent the contact form: personal data (name, email, message).',
    ],
    ['audit.recorded', 'audit', 'A write was recorded for the audit log (issue 24): who did what.'],
  ]) {
    const data = `#/components/schemas/${title(camel(kind))}EventData`;
    schemas[`${title(camel(kind))}EventData`] = c.EVENT_DATA_SCHEMAS[kind];
    schemas[`${camel(event)}Envelope`] = c.envelopeSchema(event, data);
    internalMessages[camel(event)] = {
      name: event,
      title: event,
      summary,
      contentType: 'application/json',
      headers: { $ref: '#/components/schemas/MessageHeaders' },
      payload: { $ref: `#/components/schemas/${camel(event)}Envelope` },
      bindings: {
        kafka: { key: { $ref: '#/components/schemas/MessageKey' }, bindingVersion: '0.5.0' },
      },
    };
  }
  const internalRefs = Object.keys(internalMessages).map((id) => ({
    $ref: `#/channels/internal/messages/${id}`,
  }));
  const security = Object.keys(SASL).map((name) => ({
    $ref: `#/components/securitySchemes/${name}`,
  }));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Help-center event stream',
      version,
      description:
        'The Kafka topics the event relay publishes with `HC_EVENT_TRANSPORT=kafka` (docs/events.md): ' +
        'the events topic (channel `events`), which external consumers may read, and the internal ' +
        'topic (channel `internal`: personal data and audit events), which only the webhook ' +
        'dispatcher reads. ' +
        'one message per event, the envelope (version ' +
        `${c.EVENT_ENVELOPE_VERSION}) as UTF-8 JSON in the value, keyed by site. Delivery is at least ` +
        'once and ordered per site: deduplicate by the envelope’s `id`, and use a consumer group ' +
        'of your own. Pass over `type`s and fields you do not know. The payload schemas are those ' +
        'of `@hc/contracts` (`EVENT_ENVELOPE_SCHEMA`, schemas/event-envelope.v1.json).',
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        host: '{brokers}',
        protocol: 'kafka',
        description:
          'The brokers of `HC_KAFKA_BROKERS` (SASL and TLS per `HC_KAFKA_*`, docs/operations.md).',
        variables: { brokers: { default: 'kafka:9092', description: 'HC_KAFKA_BROKERS' } },
      },
    },
    channels: {
      events: {
        address: topic,
        title: 'Domain events',
        description:
          `The topic named by \`HC_KAFKA_TOPIC\` (default \`${topic}\`), created at start when ` +
          `missing with \`HC_KAFKA_TOPIC_PARTITIONS\` (${partitions}) partitions and ` +
          `\`HC_KAFKA_REPLICATION_FACTOR\` (${replicas}) replicas.`,
        servers: [{ $ref: '#/servers/kafka' }],
        messages,
        bindings: { kafka: { topic, partitions, replicas, bindingVersion: '0.5.0' } },
      },
      internal: {
        address: internalTopic,
        title: 'Internal events (not for external consumers)',
        description:
          `Internal. The topic named by \`HC_KAFKA_INTERNAL_TOPIC\` (default \`<HC_KAFKA_TOPIC>.internal\`, ` +
          `\`${internalTopic}\`), created like the events topic. It carries personal data ` +
          '(`contact.submitted`) and the audit trail (`audit.recorded`): only the webhook ' +
          'dispatcher reads it (webhook deliveries to the site’s own endpoints, the audit log). ' +
          'Grant no external consumer access to it; consumers read the `events` channel.',
        tags: [{ name: 'internal', description: 'Read by the webhook dispatcher only.' }],
        servers: [{ $ref: '#/servers/kafka' }],
        messages: internalMessages,
        bindings: {
          kafka: { topic: internalTopic, partitions, replicas, bindingVersion: '0.5.0' },
        },
      },
    },
    operations: {
      publishEvents: {
        action: 'send',
        title: 'The relay publishes each committed event',
        description:
          'From the outbox, in commit order per site, `acks: -1`, idempotent producer ' +
          '(`HC_KAFKA_IDEMPOTENT`). Consumers receive these messages.',
        channel: { $ref: '#/channels/events' },
        messages: refs,
        // What the cluster asks for (HC_KAFKA_SASL_MECHANISM); none on an open one.
        security,
      },
      publishInternal: {
        action: 'send',
        title: 'The relay publishes personal data and audit events to the internal topic',
        description:
          'From the same outbox, in commit order per site within this topic, keyed by site. ' +
          'Internal: only the webhook dispatcher consumes it.',
        channel: { $ref: '#/channels/internal' },
        messages: internalRefs,
        security,
      },
    },
    components: { schemas, securitySchemes: SASL },
  };
}

async function render() {
  await buildIfStale({ quiet: true });
  const YAML = require('yaml');
  const header =
    '# Generated by tools/scripts/asyncapi.cjs (`npm run asyncapi`) from libs/contracts: do not edit.\n';
  return header + YAML.stringify(document(), { lineWidth: 0, aliasDuplicateObjects: false });
}

async function main() {
  const text = await render();
  if (process.argv.includes('--check')) {
    if (!fs.existsSync(FILE) || fs.readFileSync(FILE, 'utf8') !== text) {
      console.error('docs/asyncapi.yaml is stale: run `npm run asyncapi` and commit the result.');
      process.exit(1);
    }
    console.log('docs/asyncapi.yaml is current.');
    return;
  }
  fs.writeFileSync(FILE, text);
  console.log(
    `wrote docs/asyncapi.yaml (${Object.keys(document().channels.events.messages).length} messages)`,
  );
}

module.exports = { document, render, FILE };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
