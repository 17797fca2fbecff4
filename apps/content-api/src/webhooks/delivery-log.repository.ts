import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { writeAuditEvent, writeWebhookEvent } from '@hc/events';
import { siteRef } from '../audit/site-ref.repository';
import { WEBHOOK_TEST_EVENT, type SiteId } from '@hc/contracts';

/** Issue 23: the states the delivery log shows (`failed` = failed at least once, retries left). */
export const LOG_STATUSES = ['pending', 'delivered', 'failed', 'dropped', 'skipped'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

export interface DeliveryLogRow {
  id: string | number;
  redelivery_of: string | number | null;
  state: string;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  event: string;
  body: string;
}

export interface AttemptLogRow {
  delivery_id: string | number;
  attempt: number;
  delivery_uuid: string;
  started_at: Date;
  duration_ms: number;
  response_status: number | null;
  error_kind: string | null;
  response_body: string | null;
  request_headers: string;
}

const STATUS_SQL: Record<LogStatus, string> = {
  pending: "d.state = 'pending' AND d.attempts = 0",
  failed: "d.state = 'pending' AND d.attempts > 0",
  delivered: "d.state = 'delivered'",
  dropped: "d.state = 'dropped'",
  skipped: "d.state = 'skipped'",
};

/** Reads the dispatcher's delivery and attempt rows for one webhook (issue 23). */
@Injectable()
export class DeliveryLogRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** The webhook's site when it belongs to one of the (live) sites, else null. */
  async webhookSite(siteIds: SiteId[], webhookId: number): Promise<SiteId | null> {
    if (siteIds.length === 0) return null;
    const rows: { site_id: number }[] = await this.ds.query(
      `SELECT w.site_id FROM webhooks w JOIN sites s ON s.id = w.site_id AND s.deleted_at IS NULL
        WHERE w.id = ? AND w.site_id IN (?)`,
      [webhookId, siteIds],
    );
    // One of the caller's own scopes, never a number read back.
    return siteIds.find((id) => id === Number(rows[0]?.site_id)) ?? null;
  }

  /** One page of a webhook's deliveries, newest first, with the total. */
  async list(
    siteId: SiteId,
    webhookId: number,
    filter: { event?: string; status?: LogStatus },
    offset: number,
    limit: number,
  ): Promise<{ rows: DeliveryLogRow[]; total: number }> {
    const where = ['d.webhook_id = ?', 'd.site_id = ?'];
    const params: unknown[] = [webhookId, siteId];
    if (filter.event !== undefined) {
      where.push('e.event = ?');
      params.push(filter.event);
    }
    if (filter.status !== undefined) where.push(STATUS_SQL[filter.status]);
    const from = `FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE ${where.join(' AND ')}`;
    const [count]: { n: number | string }[] = await this.ds.query(
      `SELECT COUNT(*) AS n ${from}`,
      params,
    );
    const rows: DeliveryLogRow[] = await this.ds.query(
      `SELECT d.id, d.redelivery_of, d.state, d.attempts, d.next_attempt_at, d.created_at, e.event, e.body
         ${from} ORDER BY d.id DESC LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  async find(
    siteId: SiteId,
    webhookId: number,
    deliveryId: number,
  ): Promise<DeliveryLogRow | null> {
    const rows: DeliveryLogRow[] = await this.ds.query(
      `SELECT d.id, d.redelivery_of, d.state, d.attempts, d.next_attempt_at, d.created_at, e.event, e.body
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE d.id = ? AND d.webhook_id = ? AND d.site_id = ?`,
      [deliveryId, webhookId, siteId],
    );
    return rows[0] ?? null;
  }

  /**
   * Issue 23: a new delivery of the same event to the same webhook, due now (the dispatcher
   * sends the stored body, so the signature is the original's). Null when the delivery is gone.
   */
  async redeliver(siteId: SiteId, webhookId: number, deliveryId: number): Promise<number | null> {
    return this.ds.transaction(async (m) => {
      const [original]: { event_id: string | number }[] = await m.query(
        `SELECT event_id FROM webhook_deliveries WHERE id = ? AND webhook_id = ? AND site_id = ?
          FOR UPDATE`,
        [deliveryId, webhookId, siteId],
      );
      if (!original) return null;
      const now = new Date();
      const result = await m.query(
        `INSERT INTO webhook_deliveries (event_id, webhook_id, site_id, state, attempts,
           next_attempt_at, created_at, redelivery, redelivery_of)
         SELECT ?, ?, ?, 'pending', 0, ?, ?, COALESCE(MAX(redelivery), 0) + 1, ?
           FROM webhook_deliveries WHERE event_id = ? AND webhook_id = ?`,
        [original.event_id, webhookId, siteId, now, now, deliveryId, original.event_id, webhookId],
      );
      await writeAuditEvent(m, await siteRef(m, siteId), 'webhook.redeliver', {
        type: 'webhook',
        id: webhookId,
      });
      return Number(result.insertId);
    });
  }

  /**
   * Issue 39: a `webhook.test` event in the outbox, with its audit entry, in one transaction; the
   * dispatcher fans it out to this webhook only and signs and logs it like any delivery.
   */
  async queueTest(siteId: SiteId, webhookId: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await writeWebhookEvent(m, await siteRef(m, siteId), WEBHOOK_TEST_EVENT, {
        type: 'webhook',
        id: webhookId,
      });
    });
  }

  /** The attempts of the deliveries, in attempt order. */
  async attempts(deliveryIds: (string | number)[]): Promise<AttemptLogRow[]> {
    if (deliveryIds.length === 0) return [];
    return this.ds.query(
      `SELECT delivery_id, attempt, delivery_uuid, started_at, duration_ms, response_status,
              error_kind, response_body, request_headers
         FROM webhook_attempts WHERE delivery_id IN (?) ORDER BY delivery_id, attempt, id`,
      [deliveryIds],
    );
  }
}
