import { loadSettings } from './settings';

const kafka = (env: Record<string, string>) => loadSettings(env).kafka;

describe('Kafka settings (HC_KAFKA_*)', () => {
  it('defaults to the events topic, 12 partitions, replication 3, idempotence on, no TLS or SASL', () => {
    expect(kafka({})).toEqual({
      topic: 'helpcenter.events',
      internalTopic: 'helpcenter.events.internal',
      partitions: 12,
      replicationFactor: 3,
      idempotent: true,
      clientId: 'helpcenter',
      ssl: false,
      sslCaFile: null,
      sasl: null,
      relayShards: 1,
      sessionTimeoutMs: 30_000,
    });
    expect(loadSettings({}).ports['event-relay']).toBe(3006);
  });

  it('reads every setting', () => {
    expect(
      kafka({
        HC_KAFKA_TOPIC: 'hc.events-v1',
        HC_KAFKA_TOPIC_PARTITIONS: '24',
        HC_KAFKA_REPLICATION_FACTOR: '1',
        HC_KAFKA_IDEMPOTENT: 'false',
        HC_KAFKA_CLIENT_ID: 'hc-prod',
        HC_KAFKA_SSL: 'true',
        HC_KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
        HC_KAFKA_SASL_USERNAME: 'relay',
        HC_KAFKA_SASL_PASSWORD: 's3cret',
        HC_EVENT_RELAY_SHARDS: '4',
        HC_KAFKA_SESSION_TIMEOUT: '45s',
      }),
    ).toEqual({
      topic: 'hc.events-v1',
      internalTopic: 'hc.events-v1.internal',
      partitions: 24,
      replicationFactor: 1,
      idempotent: false,
      clientId: 'hc-prod',
      ssl: true,
      sslCaFile: null,
      sasl: { mechanism: 'scram-sha-512', username: 'relay', password: 's3cret' },
      relayShards: 4,
      sessionTimeoutMs: 45_000,
    });
  });

  it('takes an internal topic of its own, which must differ from the events topic', () => {
    expect(kafka({ HC_KAFKA_INTERNAL_TOPIC: 'hc.private' }).internalTopic).toBe('hc.private');
    expect(() => loadSettings({ HC_KAFKA_INTERNAL_TOPIC: 'helpcenter.events' })).toThrow(
      /HC_KAFKA_INTERNAL_TOPIC must differ from HC_KAFKA_TOPIC/,
    );
    expect(() => loadSettings({ HC_KAFKA_INTERNAL_TOPIC: 'a/b' })).toThrow(
      /HC_KAFKA_INTERNAL_TOPIC must be 1-249/,
    );
    expect(() => loadSettings({ HC_KAFKA_TOPIC: 'e'.repeat(249) })).toThrow(
      /HC_KAFKA_INTERNAL_TOPIC \(default <HC_KAFKA_TOPIC>.internal\) must be 1-249/,
    );
  });

  it('turns TLS on when a CA file is named', () => {
    expect(kafka({ HC_KAFKA_SSL_CA_FILE: '/etc/kafka/ca.pem' })).toMatchObject({
      ssl: true,
      sslCaFile: '/etc/kafka/ca.pem',
    });
  });

  it.each([
    [
      {
        HC_KAFKA_SASL_MECHANISM: 'gssapi',
        HC_KAFKA_SASL_USERNAME: 'u',
        HC_KAFKA_SASL_PASSWORD: 'p',
      },
      /HC_KAFKA_SASL_MECHANISM must be plain, scram-sha-256 or scram-sha-512/,
    ],
    [
      { HC_KAFKA_SASL_MECHANISM: 'plain', HC_KAFKA_SASL_USERNAME: 'u' },
      /HC_KAFKA_SASL_MECHANISM needs HC_KAFKA_SASL_USERNAME and HC_KAFKA_SASL_PASSWORD/,
    ],
    [{ HC_KAFKA_SASL_PASSWORD: 'p' }, /need HC_KAFKA_SASL_MECHANISM/],
    [{ HC_KAFKA_TOPIC: 'events/all' }, /HC_KAFKA_TOPIC must be 1-249/],
    [{ HC_KAFKA_TOPIC_PARTITIONS: '0' }, /HC_KAFKA_TOPIC_PARTITIONS must be a whole number from 1/],
    [{ HC_KAFKA_REPLICATION_FACTOR: 'three' }, /HC_KAFKA_REPLICATION_FACTOR/],
    [{ HC_KAFKA_IDEMPOTENT: 'maybe' }, /HC_KAFKA_IDEMPOTENT must be true or false/],
    [{ HC_EVENT_RELAY_SHARDS: '1.5' }, /HC_EVENT_RELAY_SHARDS/],
    [{ HC_KAFKA_SESSION_TIMEOUT: '3s' }, /HC_KAFKA_SESSION_TIMEOUT must be between 6s and 5m/],
    [{ HC_KAFKA_SESSION_TIMEOUT: 'soon' }, /HC_KAFKA_SESSION_TIMEOUT/],
  ])('refuses %p', (env, message) => {
    expect(() => loadSettings(env)).toThrow(message);
  });
});
