import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import {
  EVENT_DATA_SCHEMAS,
  DELIVERED_EVENTS,
  eventDataKind,
  exampleEnvelope,
  exampleWebhookBody,
  SETTING_DEFINITIONS,
  signStandardWebhook,
  signWebhookBody,
  type DeliveredEvent,
} from '@hc/contracts';
import { toEnvelope, webhookBody, type DomainEvent } from '@hc/events';

/**
 * Issue 36 item 9: the events as contracts for consumers. docs/openapi.json's `webhooks` and
 * docs/asyncapi.yaml are generated from the JSON Schemas the events are checked against; here
 * real bodies and envelopes, made by the product's own serializers, are checked against the
 * documents, and things that are not events are refused by them.
 */
const ROOT = path.resolve(__dirname, '../..');
const openapi = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8'));
const asyncapi = parse(readFileSync(path.join(ROOT, 'docs/asyncapi.yaml'), 'utf8'));

/** A validator for a schema that refers to `#/components/…` of `doc`. */
function validatorIn(doc: { components: unknown }, id: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: id, components: doc.components });
  return (schema: unknown) =>
    ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${id}#/components/`)),
    );
}

/** The event as the outbox hands it to the dispatcher and the relay. */
function domainEvent(event: DeliveredEvent): DomainEvent {
  const body = exampleWebhookBody(event) as { helpcenter_id: string; data: unknown };
  return {
    id: '981',
    siteId: 42,
    event,
    occurredAt: '2026-11-28T22:00:00+00:00',
    payload: { helpcenter_id: body.helpcenter_id, data: body.data },
    requestId: 'r-1',
  };
}

const withoutDescription = (schema: Record<string, unknown>) => {
  const { description: _description, ...rest } = schema;
  return rest;
};

describe('the OpenAPI document’s webhooks (spec 6)', () => {
  const compile = validatorIn(openapi, 'openapi.json');

  it('has one webhook per event of spec 6, each a POST of the body with every delivery header', () => {
    expect(Object.keys(openapi.webhooks)).toEqual([...DELIVERED_EVENTS]);
    for (const event of DELIVERED_EVENTS) {
      const post = openapi.webhooks[event].post;
      const headers = Object.fromEntries(
        post.parameters.map((p: { name: string; in: string; required: boolean }) => {
          expect(p.in).toBe('header');
          return [p.name, p.required];
        }),
      );
      expect(headers).toEqual({
        'X-Service-Signature': true,
        'X-Service-Event': true,
        'X-Service-Delivery': true,
        'User-Agent': true,
        'webhook-id': false,
        'webhook-timestamp': false,
        'webhook-signature': false,
      });
      expect(Object.keys(post.responses)).toEqual(['200', '401']);
    }
  });

  it('describes the bodies the dispatcher sends, and refuses what is not one', () => {
    for (const event of DELIVERED_EVENTS) {
      const media = openapi.webhooks[event].post.requestBody.content['application/json'];
      const validate = compile(media.schema);
      const sent = JSON.parse(webhookBody(domainEvent(event) as never));
      expect(`${event} ${validate(sent)}`).toBe(`${event} true`);
      expect(validate(media.example)).toBe(true);
      expect(validate({ ...sent, extra: 1 })).toBe(false);
      expect(validate({ ...sent, event: 'article.archived' })).toBe(false);
      const other = DELIVERED_EVENTS.find((e) => eventDataKind(e) !== eventDataKind(event))!;
      expect(validate({ ...sent, data: exampleWebhookBody(other).data })).toBe(false);
    }
  });

  it('uses the same data schemas as the event envelope', () => {
    for (const kind of ['article', 'category', 'site'] as const) {
      const name = `${kind[0].toUpperCase()}${kind.slice(1)}EventData`;
      expect(withoutDescription(openapi.components.schemas[name])).toEqual(
        EVENT_DATA_SCHEMAS[kind],
      );
    }
  });

  it('gives header schemas that the real header values match', () => {
    const headers = openapi.webhooks['article.updated'].post.parameters as {
      name: string;
      schema: unknown;
    }[];
    const schemaOf = (name: string) => compile(headers.find((h) => h.name === name)!.schema);
    const body = webhookBody(domainEvent('article.updated') as never);
    expect(schemaOf('X-Service-Signature')(signWebhookBody(body, 'a-secret-of-24-chars'))).toBe(
      true,
    );
    expect(schemaOf('X-Service-Signature')('sha256=ABC')).toBe(false);
    expect(schemaOf('X-Service-Event')('article.updated')).toBe(true);
    expect(schemaOf('X-Service-Event')('contact.submitted')).toBe(false);
    const standard = signStandardWebhook('msg_abc-_1', 1769903999, body, 'a-secret-of-24-chars');
    expect(schemaOf('webhook-signature')(standard)).toBe(true);
    expect(schemaOf('webhook-signature')(`${standard} ${standard}`)).toBe(true);
    expect(schemaOf('webhook-id')('msg_abc-_1')).toBe(true);
    expect(schemaOf('webhook-timestamp')('1769903999')).toBe(true);
  });
});

describe('docs/asyncapi.yaml (the Kafka topic)', () => {
  const compile = validatorIn(asyncapi, 'asyncapi.yaml');

  it('is what `npm run asyncapi` generates now (a stale file fails CI)', () => {
    const out = execFileSync('node', [path.join(ROOT, 'tools/scripts/asyncapi.cjs'), '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(out).toMatch(/is current/);
  }, 120_000);

  it('passes Redocly CLI lint as AsyncAPI 3.0 with zero errors', () => {
    expect(asyncapi.asyncapi).toBe('3.0.0');
    const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    let out: string;
    try {
      out = execFileSync('node', [cli, 'lint', 'docs/asyncapi.yaml', '--format', 'stylish'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`redocly lint failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
    expect(out).not.toMatch(/\d+:\d+ +(error|warning)/);
  }, 120_000);

  it('names the topic of the settings, keyed by site, one message per event', () => {
    const channel = asyncapi.channels.events;
    expect(channel.address).toBe(
      SETTING_DEFINITIONS.HC_KAFKA_TOPIC.parse(undefined, 'HC_KAFKA_TOPIC'),
    );
    const messages = Object.values(channel.messages) as { name: string }[];
    expect(messages.map((m) => m.name)).toEqual([...DELIVERED_EVENTS]);
    const key = compile(asyncapi.components.schemas.MessageKey);
    expect(key(String(domainEvent('site.updated').siteId))).toBe(true);
    expect(key('0')).toBe(false);
    const headers = compile(asyncapi.components.schemas.MessageHeaders);
    expect(headers({ event: 'article.updated', request_id: 'r-1' })).toBe(true);
    expect(headers({ request_id: 'r-1' })).toBe(false);
  });

  it('has the internal topic as a channel of its own, tagged internal; the events channel carries neither of its events', () => {
    const channel = asyncapi.channels.internal;
    expect(channel.address).toBe(
      `${SETTING_DEFINITIONS.HC_KAFKA_TOPIC.parse(undefined, 'HC_KAFKA_TOPIC')}.internal`,
    );
    expect(channel.tags.map((t: { name: string }) => t.name)).toEqual(['internal']);
    const names = (c: { messages: Record<string, { name: string }> }) =>
      Object.values(c.messages).map((m) => m.name);
    expect(names(channel).sort()).toEqual(['audit.recorded', 'contact.submitted']);
    expect(names(asyncapi.channels.events)).not.toContain('contact.submitted');
    expect(names(asyncapi.channels.events)).not.toContain('audit.recorded');
  });

  it('describes the envelopes the relay publishes, and refuses what is not one', () => {
    for (const message of Object.values(asyncapi.channels.events.messages) as {
      name: DeliveredEvent;
      payload: unknown;
      examples: { payload: unknown }[];
    }[]) {
      const validate = compile(message.payload);
      const published = JSON.parse(JSON.stringify(toEnvelope(domainEvent(message.name))));
      expect(`${message.name} ${validate(published)}`).toBe(`${message.name} true`);
      expect(validate(message.examples[0].payload)).toBe(true);
      expect(validate(exampleEnvelope(message.name))).toBe(true);
      expect(validate({ ...published, version: 2 })).toBe(false);
      expect(validate({ ...published, type: 'contact.submitted' })).toBe(false);
      expect(validate({ ...published, data: { ...published.data, extra: true } })).toBe(false);
    }
  });
});
