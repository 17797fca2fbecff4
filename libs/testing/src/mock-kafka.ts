import { ChildProcess, spawn } from 'node:child_process';
import { Kafka, logLevel } from 'kafkajs';

/**
 * A Kafka-protocol broker for tests: librdkafka's mock cluster inside a `kcat` process
 * (`HC_KCAT_PATH`, default `kcat` on PATH; Debian package `kcat`). In memory, gone when stopped.
 * Its metadata names a controller that does not exist, so kafkajs's `createTopics` and the
 * idempotent producer fail against it: create topics with `createTopic` (auto-creation through
 * a metadata request) and run clients with HC_KAFKA_IDEMPOTENT=false.
 */
export interface MockKafka {
  /** `host:port,…` of its brokers. */
  bootstrap: string;
  brokers: string[];
  /** Creates a topic (4 partitions) by asking for its metadata. */
  createTopic(topic: string): Promise<void>;
  /** Every message of a topic from the beginning, read by a throwaway consumer group. */
  readAll(topic: string, timeoutMs?: number): Promise<MockKafkaMessage[]>;
  stop(): Promise<void>;
}

export interface MockKafkaMessage {
  partition: number;
  offset: string;
  key: string | null;
  value: string;
  headers: Record<string, string>;
}

export async function startMockKafka(options: { brokers?: number } = {}): Promise<MockKafka> {
  const kcat = process.env.HC_KCAT_PATH || 'kcat';
  const child: ChildProcess = spawn(
    kcat,
    [
      '-b',
      '127.0.0.1:1',
      '-X',
      `test.mock.num.brokers=${options.brokers ?? 3}`,
      '-X',
      'debug=mock',
      '-C',
      '-t',
      'hc.mock.keepalive',
      '-o',
      'end',
      '-q',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const bootstrap = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kcat printed no bootstrap.servers within 15 s:\n${log.slice(-2000)}`));
    }, 15_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(
        new Error(
          `cannot run ${kcat} (${err.message}): install it with "apt-get install -y kcat" or set HC_KCAT_PATH`,
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`kcat exited with ${code}:\n${log.slice(-2000)}`));
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
      const m = /bootstrap\.servers=([0-9.:,]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(m[1]);
      }
      if (log.length > 100_000) log = log.slice(-10_000);
    });
  });
  // Keep reading its debug output so the pipe never fills.
  child.stderr!.resume();
  const brokers = bootstrap.split(',');
  const kafka = new Kafka({ clientId: 'hc-test', brokers, logLevel: logLevel.NOTHING });

  return {
    bootstrap,
    brokers,
    async createTopic(topic) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.fetchTopicMetadata({ topics: [topic] });
      } finally {
        await admin.disconnect();
      }
    },
    async readAll(topic, timeoutMs = 30_000) {
      const admin = kafka.admin();
      await admin.connect();
      const ends = await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect());
      const want = new Map(ends.map((p) => [p.partition, BigInt(p.high)]));
      const out: MockKafkaMessage[] = [];
      const remaining = () => [...want.values()].some((high) => high > 0n);
      if (!remaining()) return out;
      const consumer = kafka.consumer({ groupId: `hc-test-read-${process.pid}-${Date.now()}` });
      await consumer.connect();
      try {
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`readAll(${topic}) timed out after ${timeoutMs} ms`)),
            timeoutMs,
          );
          void consumer.run({
            eachMessage: async ({ partition, message }) => {
              out.push({
                partition,
                offset: message.offset,
                key: message.key?.toString('utf8') ?? null,
                value: message.value?.toString('utf8') ?? '',
                headers: Object.fromEntries(
                  Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
                ),
              });
              const high = want.get(partition) ?? 0n;
              if (BigInt(message.offset) + 1n >= high) want.set(partition, 0n);
              if (!remaining()) {
                clearTimeout(timer);
                resolve();
              }
            },
          });
        });
      } finally {
        await consumer.disconnect();
      }
      return out;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
