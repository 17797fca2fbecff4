import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { settings, WEBHOOK_TEST_EVENT } from '@hc/contracts';
import { unseal } from '@hc/data';
import { isWebhookEvent, retryTransaction, webhookBody } from '@hc/events';
import type { DomainEvent, WebhookEventPayload } from '@hc/events';
import { recordAuditEntriesAcrossSites } from './audit-entries.repository';
import { DISPATCHER } from './dispatcher.options';

/** A delivery claimed for one attempt, with what the attempt needs. */
export interface DeliveryClaim {
  id: string;
  eventId: string;
  webhookId: number;
  siteId: number;
  /** Attempts made before this one. */
  attempts: number;
  event: string;
  body: string;
  /** Null when the webhook was deleted after the claim. */
  url: string | null;
  secret: string | null;
  /** Issue 23: `standard` adds the Standard Webhooks headers; null when the webhook was deleted. */
  scheme: 'service' | 'standard' | null;
  /** The request that caused the event (issue 18), for the delivery's log line only. */
  requestId: string | null;
  /** The write's span (issue 36): each attempt is a span of its trace; null untraced. */
  traceparent: string | null;
}

/** Issue 23: one attempt as the delivery log shows it. */
export interface AttemptLog {
  /** The attempt's `X-Service-Delivery`. */
  deliveryUuid: string;
  startedAt: Date;
  durationMs: number;
  status: number | null;
  /** `timeout`, `connection_refused`, `address_refused`, … when no answer came. */
  errorKind: string | null;
  /** The first 2 KB of the answer. */
  responseBody: string | null;
  /** The headers sent, signature included (never the secret). */
  requestHeaders: Record<string, string>;
}

/** An attempt's outcome; `log` is absent when no request was made (webhook deleted). */
export type AttemptOutcome = (
  | { kind: 'delivered'; status: number }
  | { kind: 'failed'; status: number | null; error: string }
  | { kind: 'skipped'; error: string }
) & { log?: AttemptLog };

interface DeliveryUpdate {
  id: string;
  state: 'pending' | 'delivered' | 'dropped' | 'skipped';
  attempts: number;
  next: Date | null;
  lastAttemptAt: Date;
  status: number | null;
  error: string | null;
}

export interface AttemptResult {
  claim: DeliveryClaim;
  outcome: AttemptOutcome;
  at: Date;
}

function isWebhookPayload(payload: unknown): payload is WebhookEventPayload {
  const p = payload as Partial<WebhookEventPayload> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.helpcenter_id === 'string' &&
    typeof p.data === 'object'
  );
}

/**
 * The webhooks of the event's site that receive it: all of them, except `webhook.test` (issue
 * 39), which goes to the one webhook its `data` names, and to none if that one is gone.
 */
function recipients(e: DomainEvent<WebhookEventPayload>, siteWebhookIds: number[]): number[] {
  if (e.event !== WEBHOOK_TEST_EVENT) return siteWebhookIds;
  return siteWebhookIds.filter((id) => id === e.payload.data.id);
}

/** A due delivery as the fair claim sees it. */
export interface DueRow {
  id: string;
  site_id: number;
  next_attempt_at: Date;
}

/**
 * The round-robin of the fair claim, on rows already read (each site's oldest due first): each
 * next slot goes to the site with the fewest attempts in flight plus taken so far, ties to the
 * earlier due row (then the lower id); a site stops at `perSite`. Returns the ids taken, at most
 * `limit`.
 */
export function fairShares(
  rows: readonly DueRow[],
  limit: number,
  inFlight: ReadonlyMap<number, number>,
  perSite: number,
): string[] {
  const queues = new Map<number, DueRow[]>();
  for (const r of rows) queues.set(r.site_id, [...(queues.get(r.site_id) ?? []), r]);
  const load = new Map([...queues.keys()].map((site) => [site, inFlight.get(site) ?? 0]));
  const taken: string[] = [];
  while (taken.length < limit) {
    let best: number | null = null;
    for (const [site, queue] of queues) {
      if (queue.length === 0 || load.get(site)! >= perSite) continue;
      if (best === null) best = site;
      else {
        const [a, b] = [queues.get(best)![0], queue[0]];
        const order =
          load.get(site)! - load.get(best)! ||
          b.next_attempt_at.getTime() - a.next_attempt_at.getTime() ||
          Number(b.id) - Number(a.id);
        if (order < 0) best = site;
      }
    }
    if (best === null) break;
    taken.push(queues.get(best)!.shift()!.id);
    load.set(best, load.get(best)! + 1);
  }
  return taken;
}

/**
 * Reads what the fair claim chooses from: the sites with due deliveries (a loose scan of
 * `ix_webhook_deliveries_site_due`, one look per site, however long a site's backlog), then
 * the oldest due rows of each site that could get a slot (a short range per site).
 */
async function pickFairShares(
  m: EntityManager,
  limit: number,
  now: Date,
  inFlight: ReadonlyMap<number, number>,
): Promise<string[]> {
  const perSite = DISPATCHER.perSiteSlots;
  const sites: { site_id: number; due: Date }[] = await m.query(
    `SELECT site_id, MIN(next_attempt_at) AS due FROM webhook_deliveries
      WHERE next_attempt_at <= ? GROUP BY site_id`,
    [now],
  );
  const room = (site: number) => Math.min(limit, perSite - (inFlight.get(site) ?? 0));
  // The sites first in line: fewest in flight, then the longest waiting.
  const line = sites
    .filter((s) => room(s.site_id) > 0)
    .sort(
      (a, b) =>
        (inFlight.get(a.site_id) ?? 0) - (inFlight.get(b.site_id) ?? 0) ||
        a.due.getTime() - b.due.getTime() ||
        a.site_id - b.site_id,
    )
    .slice(0, limit);
  if (line.length === 0) return [];
  const rows: DueRow[] = await m.query(
    line
      .map(
        () => `(SELECT id, site_id, next_attempt_at FROM webhook_deliveries
          WHERE site_id = ? AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?)`,
      )
      .join(' UNION ALL '),
    line.flatMap((s) => [s.site_id, now, room(s.site_id)]),
  );
  return fairShares(
    rows.map((r) => ({ ...r, id: String(r.id) })),
    limit,
    inFlight,
    perSite,
  );
}

/**
 * The dispatcher's queue. A worker of every site at once: each method works on a batch that
 * spans sites, so each is named `…AcrossSites` (issue 22, docs/architecture.md "Site scope");
 * the rows keep their own `site_id`, which every statement carries.
 */
@Injectable()
export class DeliveriesRepository {
  private readonly logger = new Logger('webhook-dispatcher');

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Turns events into one delivery per webhook of their site, due now, inside the caller's
   * transaction. Idempotent on (event id, webhook id): an event handed over twice (a replayed
   * Kafka batch, a crash before the outbox row was marked) adds nothing the second time.
   * Events that are not webhook events (spec 6) are passed over. Returns deliveries added.
   */
  async fanOutAcrossSites(
    manager: EntityManager,
    events: DomainEvent[],
    now: Date,
  ): Promise<number> {
    // Issue 24: audit events become audit rows in the same transaction, never deliveries.
    await recordAuditEntriesAcrossSites(manager, events);
    const usable = events.filter((e) => {
      if (!isWebhookEvent(e.event)) return false;
      if (isWebhookPayload(e.payload)) return true;
      this.logger.warn(`event ${e.id} (${e.event}) has no webhook payload; not delivered`);
      return false;
    }) as DomainEvent<WebhookEventPayload>[];
    if (usable.length === 0) return 0;
    const siteIds = [...new Set(usable.map((e) => e.siteId))];
    const hooks: { id: number; site_id: number }[] = await manager.query(
      'SELECT id, site_id FROM webhooks WHERE site_id IN (?) ORDER BY id',
      [siteIds],
    );
    if (hooks.length === 0) return 0;
    const bySite = new Map<number, number[]>();
    for (const h of hooks) bySite.set(h.site_id, [...(bySite.get(h.site_id) ?? []), h.id]);

    const eventRows: unknown[][] = [];
    const deliveryRows: unknown[][] = [];
    for (const e of usable) {
      const webhookIds = bySite.get(e.siteId);
      if (!webhookIds) continue;
      eventRows.push([
        e.id,
        e.siteId,
        e.event,
        webhookBody(e),
        now,
        e.requestId ?? null,
        e.traceparent ?? null,
      ]);
      for (const webhookId of recipients(e, webhookIds))
        deliveryRows.push([e.id, webhookId, e.siteId, 'pending', 0, now, now]);
    }
    if (deliveryRows.length === 0) return 0;
    await manager.query(
      `INSERT INTO webhook_events (id, site_id, event, body, created_at, request_id, traceparent) VALUES ?
       ON DUPLICATE KEY UPDATE id = id`,
      [eventRows],
    );
    const result = await manager.query(
      `INSERT INTO webhook_deliveries (event_id, webhook_id, site_id, state, attempts, next_attempt_at, created_at)
       VALUES ? ON DUPLICATE KEY UPDATE id = id`,
      [deliveryRows],
    );
    return Number((result as { affectedRows?: number }).affectedRows ?? 0);
  }

  /** Deliveries waiting for a retry (failed at least once, not yet delivered or dropped). */
  async retryQueueSizeAcrossSites(): Promise<number> {
    const [row]: { n: number | string }[] = await this.ds.query(
      "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'pending' AND attempts > 0",
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Claims up to `limit` due deliveries by moving their due time to the end of a lease. A
   * dispatcher that dies mid-attempt leaves the delivery due again when the lease runs out: a
   * retry, never a loss. Rows are locked `FOR UPDATE SKIP LOCKED`, so replicas never claim the
   * same one.
   *
   * Fair shares (issue 34, docs/webhooks.md "Fair shares"): `inFlight` is this process's attempts
   * under way per site. The slots go round-robin, each to the site with the fewest attempts in
   * flight plus claimed so far (ties: the earlier due row), and no site gets more than
   * `DISPATCHER.perSiteSlots`; within a site its oldest due deliveries come first, as before.
   */
  async claimDueAcrossSites(
    limit: number,
    now: Date,
    leaseUntil: Date,
    inFlight: ReadonlyMap<number, number> = new Map(),
  ): Promise<DeliveryClaim[]> {
    const ids = await retryTransaction(() =>
      this.ds.transaction('READ COMMITTED', async (m) => {
        const picked = await pickFairShares(m, limit, now, inFlight);
        if (picked.length === 0) return [];
        const rows: { id: string }[] = await m.query(
          `SELECT id FROM webhook_deliveries WHERE id IN (?) AND next_attempt_at <= ?
            ORDER BY id FOR UPDATE SKIP LOCKED`,
          [picked, now],
        );
        if (rows.length === 0) return [];
        const claimed = rows.map((r) => r.id);
        await m.query('UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id IN (?)', [
          leaseUntil,
          claimed,
        ]);
        return claimed;
      }),
    );
    if (ids.length === 0) return [];
    const rows: {
      id: string | number;
      event_id: string | number;
      webhook_id: number;
      site_id: number;
      attempts: number;
      event: string;
      body: string;
      url: string | null;
      secret: string | null;
      signature_scheme: 'service' | 'standard' | null;
      request_id: string | null;
      traceparent: string | null;
    }[] = await this.ds.query(
      `SELECT d.id, d.event_id, d.webhook_id, d.site_id, d.attempts, e.event, e.body, w.url, w.secret,
              w.signature_scheme, e.request_id, e.traceparent
         FROM webhook_deliveries d
         JOIN webhook_events e ON e.id = d.event_id
         LEFT JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.id IN (?) ORDER BY d.id`,
      [ids],
    );
    return rows.map((r) => ({
      id: String(r.id),
      eventId: String(r.event_id),
      webhookId: r.webhook_id,
      siteId: r.site_id,
      attempts: r.attempts,
      event: r.event,
      body: r.body,
      url: r.url,
      // Issue 34: sealed at rest; a key HC_DATA_KEYS lacks fails the claim (retried, not lost).
      secret: r.secret === null ? null : unseal(r.secret, 'webhooks.secret'),
      scheme: r.signature_scheme,
      requestId: r.request_id,
      traceparent: r.traceparent,
    }));
  }

  /**
   * Records attempts and each delivery's next schedule in one transaction (spec 6: retries
   * after the configured delays; dropped after the last). A delivery whose webhook is gone is
   * removed.
   */
  async recordOutcomesAcrossSites(
    results: AttemptResult[],
    delaysMs: readonly number[],
  ): Promise<void> {
    if (results.length === 0) return;
    const maxAttempts = delaysMs.length + 1;
    const gone: string[] = [];
    const rows: DeliveryUpdate[] = [];
    const lastDelivered = new Map<number, Date>();
    const logRows: unknown[][] = [];
    const logging = settings().webhookLog;
    for (const { claim, outcome, at } of results) {
      if (claim.url === null) {
        gone.push(claim.id);
        continue;
      }
      const attempts = claim.attempts + 1;
      const log = outcome.log;
      if (log && logging)
        logRows.push([
          claim.id,
          attempts,
          log.deliveryUuid,
          log.startedAt,
          log.durationMs,
          log.status,
          log.errorKind,
          log.responseBody,
          JSON.stringify(log.requestHeaders),
        ]);
      const base = { id: claim.id, attempts, lastAttemptAt: at };
      switch (outcome.kind) {
        case 'delivered': {
          rows.push({
            ...base,
            state: 'delivered',
            next: null,
            status: outcome.status,
            error: null,
          });
          const before = lastDelivered.get(claim.webhookId);
          if (!before || before < at) lastDelivered.set(claim.webhookId, at);
          break;
        }
        case 'failed': {
          const last = attempts >= maxAttempts;
          const next = last ? null : new Date(at.getTime() + delaysMs[attempts - 1]);
          const state = last ? 'dropped' : 'pending';
          rows.push({
            ...base,
            state,
            next,
            status: outcome.status,
            error: outcome.error.slice(0, 191),
          });
          break;
        }
        case 'skipped':
          rows.push({
            ...base,
            state: 'skipped',
            next: null,
            status: null,
            error: outcome.error.slice(0, 191),
          });
          break;
      }
    }
    // One statement per table, whatever the batch size; rows are locked in primary-key order.
    await retryTransaction(() =>
      this.ds.transaction('READ COMMITTED', async (m) => {
        if (gone.length) await m.query('DELETE FROM webhook_deliveries WHERE id IN (?)', [gone]);
        // Issue 23: the attempt log commits with the outcome it explains.
        if (logRows.length)
          await m.query(
            `INSERT INTO webhook_attempts (delivery_id, attempt, delivery_uuid, started_at, duration_ms,
               response_status, error_kind, response_body, request_headers) VALUES ?`,
            [logRows],
          );
        if (rows.length) {
          const column = (value: (r: DeliveryUpdate) => unknown, cast = '') => {
            const params: unknown[] = [];
            const cases = rows.map((r) => {
              params.push(r.id, value(r));
              return cast ? `WHEN ? THEN CAST(? AS ${cast})` : 'WHEN ? THEN ?';
            });
            return { sql: `CASE id ${cases.join(' ')} END`, params };
          };
          const sets = [
            ['state', column((r) => r.state)],
            ['attempts', column((r) => r.attempts)],
            ['next_attempt_at', column((r) => r.next, 'DATETIME(3)')],
            ['last_attempt_at', column((r) => r.lastAttemptAt, 'DATETIME(3)')],
            ['last_status', column((r) => r.status)],
            ['last_error', column((r) => r.error)],
          ] as const;
          await m.query(
            `UPDATE webhook_deliveries SET ${sets.map(([name, c]) => `${name} = ${c.sql}`).join(', ')}
              WHERE id IN (?)`,
            [...sets.flatMap(([, c]) => c.params), rows.map((r) => r.id)],
          );
        }
        if (lastDelivered.size) {
          const entries = [...lastDelivered].sort(([a], [b]) => a - b);
          // Never moves back: an older success recorded late keeps the newer time.
          await m.query(
            `UPDATE webhooks SET last_delivered_at = GREATEST(
               COALESCE(last_delivered_at, CAST('1970-01-01' AS DATETIME(3))),
               CASE id ${entries.map(() => 'WHEN ? THEN CAST(? AS DATETIME(3))').join(' ')} END)
             WHERE id IN (?)`,
            [...entries.flat(), entries.map(([id]) => id)],
          );
        }
      }),
    );
  }

  /**
   * Retention: deletes, in chunks, finished deliveries last attempted before `before`, the logged
   * attempts and events no delivery refers to any more, and processed outbox rows. Pending deliveries are never touched.
   * Returns the rows deleted.
   */
  async purgeBeforeAcrossSites(before: Date, chunk = 1000): Promise<number> {
    let deleted = 0;
    const statements: [string, unknown[]][] = [
      [
        `DELETE FROM webhook_deliveries WHERE state <> 'pending' AND last_attempt_at < ? LIMIT ?`,
        [before, chunk],
      ],
      [
        `DELETE FROM webhook_attempts WHERE started_at < ?
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id = webhook_attempts.delivery_id) LIMIT ?`,
        [before, chunk],
      ],
      [
        `DELETE FROM webhook_events WHERE created_at < ?
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id) LIMIT ?`,
        [before, chunk],
      ],
      ['DELETE FROM outbox WHERE processed_at < ? LIMIT ?', [before, chunk]],
    ];
    for (const [sql, params] of statements) {
      for (;;) {
        const result = (await this.ds.query(sql, params)) as { affectedRows?: number };
        const n = Number(result.affectedRows ?? 0);
        deleted += n;
        if (n < chunk) break;
      }
    }
    return deleted;
  }

  /** Kafka transport: fan out a consumed batch in its own transaction. */
  /**
   * The consumer's fan-out (Kafka transport): events whose id already has a `webhook_events`
   * row were fanned out before (a replay after a crash or a rebalance) and make no second
   * delivery, even for a webhook registered since. Returns deliveries added and events passed over.
   */
  fanOutNowAcrossSites(events: DomainEvent[]): Promise<{ added: number; duplicates: number }> {
    return retryTransaction(() =>
      this.ds.transaction('READ COMMITTED', async (m) => {
        const ids = [...new Set(events.map((e) => e.id))];
        const seen: { id: string | number }[] = ids.length
          ? await m.query('SELECT id FROM webhook_events WHERE id IN (?)', [ids])
          : [];
        const known = new Set(seen.map((r) => String(r.id)));
        const fresh = new Map<string, DomainEvent>();
        for (const e of events) if (!known.has(e.id)) fresh.set(e.id, e);
        const added = await this.fanOutAcrossSites(m, [...fresh.values()], new Date());
        return { added, duplicates: events.length - fresh.size };
      }),
    );
  }
}
