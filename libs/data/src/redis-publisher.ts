import type Redis from 'ioredis';
import { createRedis } from './redis-client';

/**
 * The process's one publishing connection to Redis (issue #28: the outbox wake-up and the reader
 * pages' version feed). A publish never waits long (one retry, 500 ms): what it announces is
 * already committed, and every listener has a slower way to learn of it.
 */
let publisher: Redis | null = null;
let publisherUrl: string | null = null;

export function redisPublisher(url: string): Redis {
  if (publisher && publisherUrl === url && publisher.status !== 'end') return publisher;
  void publisher?.quit().catch(() => undefined);
  publisherUrl = url;
  const client = createRedis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    // An unreachable Redis is given up after about 20 s of retries instead of forever: a
    // reconnect timer keeps a process (a test runner, the CLI) alive. The next publish opens a
    // new connection.
    retryStrategy: (times) => (times > 20 ? null : Math.min(times * 100, 1_000)),
  });
  client.on('error', () => undefined);
  // Never what keeps a process alive.
  client.on('connect', () =>
    (client as unknown as { stream?: { unref?: () => void } }).stream?.unref?.(),
  );
  publisher = client;
  return client;
}

/** Closes the publishing connection (a process that is done with Redis, a test that cut it). */
export async function closeRedisPublisher(): Promise<void> {
  const client = publisher;
  publisher = null;
  publisherUrl = null;
  await client?.quit().catch(() => client.disconnect());
}

/** The database a DataSource, EntityManager or QueryRunner talks to: the scope of a channel. */
export function databaseOf(source: unknown): string {
  const s = source as {
    options?: { database?: unknown };
    connection?: { options?: { database?: unknown } };
  };
  return String(s.connection?.options?.database ?? s.options?.database ?? '');
}
