import type { DataSource } from 'typeorm';
import { createDataSource } from '@hc/data';
import { fixtureDatabaseUrl } from './app-database-user';

/**
 * A jest worker's database holds what every earlier test file in that worker left: outbox events
 * never dispatched and deliveries still pending (webhooks of other tests, receivers long gone).
 * A dispatcher started on it would first work through that backlog, so a test's own event waits
 * behind hundreds of others. Call this before starting one: earlier events count as processed and
 * earlier deliveries are parked (no next attempt), so only the test's own work is due.
 */
export async function quietQueue(ds?: DataSource): Promise<void> {
  const own =
    ds ?? (await createDataSource({ url: fixtureDatabaseUrl(), poolSize: 1 }).initialize());
  try {
    await own.query('UPDATE outbox SET processed_at = ? WHERE processed_at IS NULL', [new Date()]);
    await own.query(
      'UPDATE webhook_deliveries SET next_attempt_at = NULL WHERE next_attempt_at IS NOT NULL',
    );
  } finally {
    if (!ds) await own.destroy();
  }
}
