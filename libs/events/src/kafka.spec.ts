import type { EachBatchPayload, KafkaMessage, ProducerRecord } from 'kafkajs';
import { loadSettings } from '@hc/contracts';
import {
  ensureTopic,
  consumerTiming,
  kafkaClientConfig,
  kafkaOptions,
  KafkaEventPublisher,
  KafkaEventSubscriber,
} from './kafka';
import type { KafkaAdminLike, KafkaConsumerLike, KafkaProducerLike } from './kafka';
import type { DomainEvent } from './outbox.writer';
import { encodeEvent } from './serialization';
import { EVENTS_TOPIC } from './transport';

function ev(id: number, siteId: number): DomainEvent {
  return {
    id: String(id),
    siteId,
    event: 'article.updated',
    occurredAt: '2026-01-01T00:00:00+00:00',
    payload: { helpcenter_id: 'uuid', data: { type: 'site', id: siteId, visibility: 'public' } },
  };
}

function producer() {
  const sent: ProducerRecord[] = [];
  const p: KafkaProducerLike & { sent: ProducerRecord[]; calls: string[] } = {
    sent,
    calls: [],
    connect: async function () {
      p.calls.push('connect');
    },
    disconnect: async function () {
      p.calls.push('disconnect');
    },
    send: async (record) => {
      sent.push(record);
      return [];
    },
  };
  return p;
}

function message(
  offset: string,
  value: Buffer | null,
  headers: Record<string, Buffer> = {},
): KafkaMessage {
  return {
    key: null,
    value,
    offset,
    timestamp: '0',
    attributes: 0,
    size: 0,
    headers,
  } as unknown as KafkaMessage;
}

/** A kafkajs consumer at its interface: records calls; `feed` plays a batch through eachBatch. */
function consumer() {
  const calls: string[] = [];
  const commits: unknown[] = [];
  let eachBatch: ((p: EachBatchPayload) => Promise<void>) | undefined;
  let runConfig: Record<string, unknown> = {};
  const c: KafkaConsumerLike = {
    connect: async () => void calls.push('connect'),
    subscribe: async (s) => void calls.push(`subscribe ${JSON.stringify(s)}`),
    run: async (config) => {
      runConfig = config as Record<string, unknown>;
      eachBatch = config?.eachBatch;
      calls.push('run');
    },
    commitOffsets: async (offsets) => {
      commits.push(...offsets);
      calls.push('commit');
    },
    stop: async () => void calls.push('stop'),
    disconnect: async () => void calls.push('disconnect'),
  };
  const resolved: string[] = [];
  let beats = 0;
  async function feed(messages: KafkaMessage[], partition = 0) {
    await eachBatch!({
      batch: { topic: EVENTS_TOPIC, partition, messages } as EachBatchPayload['batch'],
      resolveOffset: (o: string) => void resolved.push(o),
      heartbeat: async () => void beats++,
      commitOffsetsIfNecessary: async () => undefined,
      uncommittedOffsets: () => ({ topics: [] }),
      isRunning: () => true,
      isStale: () => false,
      pause: () => () => undefined,
    } as EachBatchPayload);
  }
  return { c, calls, commits, resolved, feed, runConfig: () => runConfig, beats: () => beats };
}

describe('Kafka relay side (KafkaEventPublisher over a kafkajs producer)', () => {
  it('publishes a batch to one topic, keyed by site id, waiting for all in-sync replicas', async () => {
    const p = producer();
    const pub = new KafkaEventPublisher(p);
    await pub.connect();
    await pub.publish([ev(1, 10), ev(2, 11), ev(3, 10)]);
    expect(p.sent).toHaveLength(1);
    const [record] = p.sent;
    expect(record.topic).toBe('helpcenter.events');
    expect(record.acks).toBe(-1);
    expect(record.messages.map((m) => m.key)).toEqual(['10', '11', '10']);
    expect(record.messages.map((m) => JSON.parse(String(m.value)).id)).toEqual(['1', '2', '3']);
    expect(record.messages[0].headers).toEqual({ event: 'article.updated' });
    // Issue 18: the causing request's id rides along as a header, outside the envelope.
    await pub.publish([{ ...ev(4, 10), requestId: 'req-1' }]);
    expect(p.sent[1].messages[0].headers).toEqual({
      event: 'article.updated',
      request_id: 'req-1',
    });
    p.sent.pop();
    await pub.publish([]);
    expect(p.sent).toHaveLength(1);
    await pub.disconnect();
    expect(p.calls).toEqual(['connect', 'disconnect']);
  });

  it('sends contact.submitted and audit events to the internal topic only, same keys, order kept', async () => {
    const p = producer();
    const pub = new KafkaEventPublisher(p, 'hc.events', 'hc.private');
    const kinds = ['article.updated', 'contact.submitted', 'audit.recorded', 'category.created'];
    await pub.publish(kinds.map((event, i) => ({ ...ev(i + 1, 10 + (i % 2)), event })));
    expect(p.sent.map((r) => [r.topic, r.acks, r.messages.map((m) => [m.key, m.headers])])).toEqual(
      [
        [
          'hc.events',
          -1,
          [
            ['10', { event: 'article.updated' }],
            ['11', { event: 'category.created' }],
          ],
        ],
        [
          'hc.private',
          -1,
          [
            ['11', { event: 'contact.submitted' }],
            ['10', { event: 'audit.recorded' }],
          ],
        ],
      ],
    );
    // The default internal topic is <topic>.internal.
    const q = producer();
    await new KafkaEventPublisher(q).publish([{ ...ev(1, 1), event: 'contact.submitted' }]);
    expect(q.sent.map((r) => r.topic)).toEqual(['helpcenter.events.internal']);
  });

  it('lets a send failure through, so the relay leaves the outbox rows unmarked', async () => {
    const p = producer();
    p.send = async () => {
      throw new Error('broker unavailable');
    };
    await expect(new KafkaEventPublisher(p).publish([ev(1, 1)])).rejects.toThrow(
      'broker unavailable',
    );
  });
});

describe('Kafka dispatcher side (KafkaEventSubscriber over a kafkajs consumer)', () => {
  it('subscribes from the beginning with auto-commit off', async () => {
    const k = consumer();
    await new KafkaEventSubscriber(k.c).start(async () => undefined);
    expect(k.calls).toEqual([
      'connect',
      `subscribe ${JSON.stringify({
        topics: ['helpcenter.events', 'helpcenter.events.internal'],
        fromBeginning: true,
      })}`,
      'run',
    ]);
    expect(k.runConfig()).toMatchObject({ autoCommit: false, eachBatchAutoResolve: false });
  });

  it('commits the offset after the last message only once the handler has resolved', async () => {
    const k = consumer();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const handled: DomainEvent[] = [];
    await new KafkaEventSubscriber(k.c).start(async (events) => {
      order.push(`handled ${events.map((e) => e.id).join(',')}`);
      handled.push(...events);
      await gate;
    });
    const fed = k.feed(
      [
        message('41', encodeEvent(ev(1, 5))),
        message('42', encodeEvent(ev(2, 5)), { request_id: Buffer.from('req-9') }),
      ],
      3,
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(k.commits).toEqual([]);
    release();
    await fed;
    expect(order).toEqual(['handled 1,2']);
    expect(handled.map((e) => e.requestId)).toEqual([undefined, 'req-9']);
    expect(k.commits).toEqual([{ topic: 'helpcenter.events', partition: 3, offset: '43' }]);
    expect(k.resolved).toEqual(['42']);
  });

  it('heartbeats while a slow handler runs, so a busy database never drops the member', async () => {
    jest.useFakeTimers();
    try {
      const k = consumer();
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      await new KafkaEventSubscriber(k.c).start(() => gate);
      const fed = k.feed([message('1', encodeEvent(ev(1, 5)))]);
      await jest.advanceTimersByTimeAsync(3_500);
      expect(k.beats()).toBe(3);
      release();
      await fed;
      // The beat after the batch; none after that.
      expect(k.beats()).toBe(4);
      await jest.advanceTimersByTimeAsync(5_000);
      expect(k.beats()).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('commits nothing when the handler fails, so the batch is consumed again', async () => {
    const k = consumer();
    await new KafkaEventSubscriber(k.c).start(async () => {
      throw new Error('database down');
    });
    await expect(k.feed([message('7', encodeEvent(ev(1, 5)))])).rejects.toThrow('database down');
    expect(k.commits).toEqual([]);
    expect(k.resolved).toEqual([]);
  });

  it('passes over a message that is not an event and commits past it', async () => {
    const k = consumer();
    const warnings: string[] = [];
    const seen: string[] = [];
    await new KafkaEventSubscriber(k.c, EVENTS_TOPIC, { warn: (m) => warnings.push(m) }).start(
      async (events) => {
        seen.push(...events.map((e) => e.id));
      },
    );
    await k.feed([
      message('9', Buffer.from('garbage')),
      message('10', encodeEvent(ev(4, 1))),
      message('11', null),
    ]);
    expect(seen).toEqual(['4']);
    expect(warnings).toHaveLength(2);
    expect(k.commits).toEqual([{ topic: 'helpcenter.events', partition: 0, offset: '12' }]);
  });

  it('stops the consumer and disconnects', async () => {
    const k = consumer();
    const sub = new KafkaEventSubscriber(k.c);
    await sub.start(async () => undefined);
    await sub.stop();
    expect(k.calls.slice(-2)).toEqual(['stop', 'disconnect']);
  });
});

describe('Kafka connection settings (the test broker speaks neither TLS nor SASL)', () => {
  const options = (env: Record<string, string>) =>
    kafkaOptions(
      'event-relay',
      loadSettings({ HC_EVENT_TRANSPORT: 'kafka', HC_KAFKA_BROKERS: 'k1:9093,k2:9093', ...env }),
    );

  it('gives each app its own client id and plain TCP by default', () => {
    const config = kafkaClientConfig(options({}));
    expect(config).toMatchObject({
      clientId: 'helpcenter-event-relay',
      brokers: ['k1:9093', 'k2:9093'],
    });
    expect(config.ssl).toBeUndefined();
    expect(config.sasl).toBeUndefined();
    expect(kafkaClientConfig(options({ HC_KAFKA_CLIENT_ID: 'hc-eu' })).clientId).toBe(
      'hc-eu-event-relay',
    );
  });

  it('keeps a silent consumer in its group 30 s by default, beating every second; refuses sessions brokers refuse', () => {
    expect(consumerTiming(options({}).sessionTimeoutMs)).toEqual({
      sessionTimeout: 30_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 30_000,
      maxWaitTimeInMs: 100,
    });
    expect(consumerTiming(options({ HC_KAFKA_SESSION_TIMEOUT: '6s' }).sessionTimeoutMs)).toEqual({
      sessionTimeout: 6_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 20_000,
      maxWaitTimeInMs: 100,
    });
    for (const value of ['5s', '6m']) {
      expect(() => options({ HC_KAFKA_SESSION_TIMEOUT: value })).toThrow(
        /HC_KAFKA_SESSION_TIMEOUT must be between 6s and 5m/,
      );
    }
  });

  it('turns on TLS with the system roots, or with the CA bundle named', () => {
    expect(kafkaClientConfig(options({ HC_KAFKA_SSL: 'true' })).ssl).toBe(true);
    const read: string[] = [];
    const config = kafkaClientConfig(
      options({ HC_KAFKA_SSL_CA_FILE: '/etc/kafka/ca.pem' }),
      (p) => {
        read.push(p);
        return Buffer.from('PEM');
      },
    );
    expect(read).toEqual(['/etc/kafka/ca.pem']);
    expect(config.ssl).toEqual({ ca: [Buffer.from('PEM')] });
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])('passes SASL %s to kafkajs', (mechanism) => {
    const config = kafkaClientConfig(
      options({
        HC_KAFKA_SSL: 'true',
        HC_KAFKA_SASL_MECHANISM: mechanism,
        HC_KAFKA_SASL_USERNAME: 'relay',
        HC_KAFKA_SASL_PASSWORD: 'pw',
      }),
    );
    expect(config.sasl).toEqual({ mechanism, username: 'relay', password: 'pw' });
    expect(config.ssl).toBe(true);
  });
});

describe('topic provisioning', () => {
  const topic = { topic: 'helpcenter.events', partitions: 12, replicationFactor: 3 };
  function admin(existing: string[], create: () => Promise<boolean> = async () => true) {
    const calls: unknown[] = [];
    const a: KafkaAdminLike = {
      listTopics: async () => existing,
      createTopics: async (request) => {
        calls.push(request);
        return create();
      },
    };
    return { a, calls };
  }

  it('leaves an existing topic alone', async () => {
    const { a, calls } = admin(['other', 'helpcenter.events']);
    await expect(ensureTopic(a, topic)).resolves.toBe('exists');
    expect(calls).toEqual([]);
  });

  it('creates a missing topic with the partitions and replication factor of the settings', async () => {
    const { a, calls } = admin(['other']);
    await expect(ensureTopic(a, topic)).resolves.toBe('created');
    expect(calls).toEqual([
      {
        waitForLeaders: true,
        topics: [{ topic: 'helpcenter.events', numPartitions: 12, replicationFactor: 3 }],
      },
    ]);
  });

  it('says clearly what to do when the broker refuses', async () => {
    const { a } = admin([], async () => {
      throw new Error('Replication factor: 3 larger than available brokers: 1');
    });
    await expect(ensureTopic(a, topic)).rejects.toThrow(
      'Kafka refused to create topic helpcenter.events (12 partitions, replication factor 3): Replication factor: 3 larger than available brokers: 1. Create it on the cluster or fix HC_KAFKA_TOPIC_PARTITIONS / HC_KAFKA_REPLICATION_FACTOR.',
    );
  });
});
