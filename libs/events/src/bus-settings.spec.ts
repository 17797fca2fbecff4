import { resetSettings } from '@hc/contracts';
import { busFromSettings, KafkaEventBus } from './kafka';

describe('transport choice (HC_EVENT_TRANSPORT)', () => {
  const saved = {
    transport: process.env.HC_EVENT_TRANSPORT,
    brokers: process.env.HC_KAFKA_BROKERS,
  };
  afterEach(() => {
    for (const [name, value] of [
      ['HC_EVENT_TRANSPORT', saved.transport],
      ['HC_KAFKA_BROKERS', saved.brokers],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetSettings();
  });

  it('reads the outbox itself by default (no bus)', () => {
    delete process.env.HC_EVENT_TRANSPORT;
    resetSettings();
    expect(busFromSettings('webhook-dispatcher')).toBeNull();
  });

  it('goes through kafkajs with HC_EVENT_TRANSPORT=kafka', () => {
    process.env.HC_EVENT_TRANSPORT = 'kafka';
    process.env.HC_KAFKA_BROKERS = '127.0.0.1:9092';
    resetSettings();
    expect(busFromSettings('webhook-dispatcher')).toBeInstanceOf(KafkaEventBus);
  });
});
