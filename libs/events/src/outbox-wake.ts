import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { settings } from '@hc/contracts';
import { afterCommit, createRedis, databaseOf, redisPublisher } from '@hc/data';

/**
 * Push, not poll (issue #28): with `HC_REDIS_URL`, a transaction that wrote outbox rows publishes
 * one message on the database's outbox channel right after its COMMIT, and whoever drains the
 * outbox (the dispatcher on the outbox transport, the event relay on the Kafka transport) wakes
 * at once instead of at its next poll. The poll stays as the safety net: a lost message (Redis
 * down, a subscriber reconnecting) costs at most one poll interval, never an event.
 */
export function outboxChannel(database: string): string {
  return `hc:outbox:${database}`;
}

/** Called by `writeOutbox`: after the commit, one wake-up message (nothing without Redis). */
export async function announceOutbox(manager: EntityManager): Promise<void> {
  const url = settings().redisUrl;
  if (!url) return;
  const database = databaseOf(manager);
  await afterCommit(manager, 'outbox-wake', async () => {
    await redisPublisher(url)
      .publish(outboxChannel(database), '1')
      .catch(() => undefined);
  });
}

/**
 * Subscribes to the database's outbox channel (nothing without Redis); `onWake` runs for every
 * message. Returns the function that unsubscribes.
 */
export function onOutboxWritten(database: string, onWake: () => void): () => Promise<void> {
  const url = settings().redisUrl;
  if (!url) return async () => undefined;
  const logger = new Logger('outbox-wake');
  const client = createRedis(url, { maxRetriesPerRequest: null });
  client.on('error', (err) => logger.warn(`redis: ${err.message} (polling meanwhile)`));
  client.on('message', () => onWake());
  void client.subscribe(outboxChannel(database)).catch(() => undefined);
  return async () => {
    await client.quit().catch(() => client.disconnect());
  };
}
