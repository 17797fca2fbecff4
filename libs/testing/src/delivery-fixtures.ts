// Rows of the webhook pipeline (subscriptions, events, deliveries, attempts, outbox) as the apps
// that own them store them, for the dispatcher's specs; and a few more rows tests need.
import { standardWebhookSecret } from '@hc/contracts';
import type { Db } from './rows';
import type { WebhookReceiver } from './webhook-receiver';

/**
 * A webhook as POST /webhooks stores it, at `path` of `receiver` (or at `url`), whose signatures
 * the receiver checks with `secret` (and the Standard Webhooks secret when `standard`); its id.
 */
export async function receiverWebhookRow(
  db: Db,
  siteId: number,
  receiver: WebhookReceiver,
  path: string,
  hook: { secret: string; standard?: boolean; url?: string },
): Promise<number> {
  const r = await db.query(
    'INSERT INTO webhooks (site_id, url, secret, signature_scheme, created_at) VALUES (?, ?, ?, ?, ?)',
    [
      siteId,
      hook.url ?? receiver.url(path),
      hook.secret,
      hook.standard ? 'standard' : 'service',
      new Date(),
    ],
  );
  receiver.secretFor(
    path,
    hook.secret,
    hook.standard ? standardWebhookSecret(hook.secret) : undefined,
  );
  return Number(r.insertId);
}

/** What POST /webhooks/{id}/deliveries/{deliveryId}/redeliver stores for a delivery row. */
export async function redeliveryRow(
  db: Db,
  original: { id: string; event_id: string; webhook_id: number; site_id: number },
): Promise<void> {
  const now = new Date();
  await db.query(
    `INSERT INTO webhook_deliveries (event_id, webhook_id, site_id, state, attempts, next_attempt_at,
       created_at, redelivery, redelivery_of) VALUES (?, ?, ?, 'pending', 0, ?, ?, 1, ?)`,
    [original.event_id, original.webhook_id, original.site_id, now, now, original.id],
  );
}

/** A `site.updated` event of the webhook stream written at `at`. */
export async function pastEventRow(db: Db, siteId: number, id: number, at: Date): Promise<void> {
  await db.query(
    'INSERT INTO webhook_events (id, site_id, event, body, created_at) VALUES (?, ?, ?, ?, ?)',
    [id, siteId, 'site.updated', '{}', at],
  );
}

/**
 * A delivery tried once at `at` (to a webhook that no longer exists), in `state`; a pending one
 * is due in an hour. Returns its id.
 */
export async function triedDeliveryRow(
  db: Db,
  siteId: number,
  row: { eventId: number; state: string; at: Date },
): Promise<number> {
  const due = row.state === 'pending' ? new Date(Date.now() + 3_600_000) : null;
  const r = await db.query(
    `INSERT INTO webhook_deliveries (event_id, webhook_id, site_id, state, attempts, next_attempt_at, last_attempt_at, created_at)
     VALUES (?, 999999, ?, ?, 1, ?, ?, ?)`,
    [row.eventId, siteId, row.state, due, row.at, row.at],
  );
  return Number(r.insertId);
}

/** A first attempt of a delivery, started at `at`, answered 200 in 5 ms. */
export async function answeredAttemptRow(db: Db, deliveryId: number, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO webhook_attempts (delivery_id, attempt, delivery_uuid, started_at, duration_ms,
       response_status, request_headers) VALUES (?, 1, UUID(), ?, 5, 200, '{}')`,
    [deliveryId, at],
  );
}

/** An outbox row of a `site.updated` event written and handed on at `at`; its id. */
export async function processedOutboxRow(db: Db, siteId: number, at: Date): Promise<number> {
  const r = await db.query(
    'INSERT INTO outbox (site_id, event, payload, occurred_at, processed_at) VALUES (?, ?, ?, ?, ?)',
    [siteId, 'site.updated', '{}', at, at],
  );
  return Number(r.insertId);
}

/** A site's comment settings as content-api stores them (spec 4.8). */
export async function commentSettingsRow(
  db: Db,
  siteId: number,
  settings: { moderate: boolean },
): Promise<void> {
  await db.query('INSERT INTO comment_settings (site_id, moderate, updated_at) VALUES (?, ?, ?)', [
    siteId,
    settings.moderate ? 1 : 0,
    new Date(),
  ]);
}

/** A row of the migrations table (to put back one a test removed). */
export async function migrationRow(
  db: Db,
  row: { id: number; timestamp: number | string; name: string },
): Promise<void> {
  await db.query('INSERT INTO migrations (id, timestamp, name) VALUES (?, ?, ?)', [
    row.id,
    row.timestamp,
    row.name,
  ]);
}
