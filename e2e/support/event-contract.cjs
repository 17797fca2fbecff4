// Every event the e2e run produced, checked against the event envelope's JSON Schema
// (libs/contracts, docs/events.md) with ajv: the outbox rows of the run's database as the relay
// would publish them, and with HC_TEST_EVENT_TRANSPORT=kafka the messages actually on the topic.
'use strict';
const path = require('node:path');
const mysql = require('mysql2/promise');
const Ajv2020 = require('ajv/dist/2020').default;

const DIST = path.resolve(__dirname, '../../dist');

async function checkEventContract(databaseUrl, kafka) {
  const { EVENT_ENVELOPE_SCHEMA } = require(path.join(DIST, 'libs/contracts/src/index.js'));
  const { outboxRowToEvent, toEnvelope } = require(path.join(DIST, 'libs/events/src/index.js'));
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(EVENT_ENVELOPE_SCHEMA);
  const failures = [];
  const check = (where, envelope) => {
    if (!validate(envelope)) {
      failures.push(`${where}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(envelope)}`);
    }
  };
  const conn = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' });
  let rows;
  try {
    [rows] = await conn.query(
      'SELECT id, site_id, event, payload, occurred_at FROM outbox ORDER BY id',
    );
  } finally {
    await conn.end();
  }
  for (const row of rows) {
    let envelope;
    try {
      envelope = toEnvelope(outboxRowToEvent(row));
    } catch (err) {
      failures.push(`outbox ${row.id}: ${err.message}`);
      continue;
    }
    check(`outbox ${row.id}`, envelope);
  }
  let published = 0;
  if (kafka) {
    const onTopic = new Set();
    // Issue 36 item 9: personal data and audit events only on the internal topic.
    const { INTERNAL_EVENTS } = require(path.join(DIST, 'libs/events/src/index.js'));
    for (const [topic, internal] of [
      [kafka.topic, false],
      [kafka.internalTopic, true],
    ]) {
      for (const message of await kafka.mock.readAll(topic)) {
        const envelope = JSON.parse(message.value);
        const where = `${topic} ${message.partition}@${message.offset}`;
        check(where, envelope);
        if (message.key !== String(envelope.site_id)) {
          failures.push(`${where}: key ${message.key}`);
        }
        if (INTERNAL_EVENTS.has(envelope.type) !== internal) {
          failures.push(`${where}: ${envelope.type} on the wrong topic`);
        }
        onTopic.add(envelope.id);
      }
    }
    published = onTopic.size;
    const missing = rows.filter((r) => !onTopic.has(String(r.id))).map((r) => r.id);
    if (missing.length) failures.push(`outbox rows never published: ${missing.join(', ')}`);
  }
  if (failures.length) {
    throw new Error(
      `event contract: ${failures.length} event(s) do not match the envelope schema:\n` +
        failures.slice(0, 20).join('\n'),
    );
  }
  process.stderr.write(
    `event contract: ${rows.length} event(s) of this run match event-envelope v1` +
      (kafka ? ` (${published} read back from ${kafka.topic})` : '') +
      '\n',
  );
}

module.exports = { checkEventContract };
