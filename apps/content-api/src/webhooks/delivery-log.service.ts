import { Injectable } from '@nestjs/common';
import { formatB, notFound } from '@hc/contracts';
import type { RequestContext } from '@hc/auth';
import { pageMeta, type Paging } from '@hc/http';
import {
  AttemptLogRow,
  DeliveryLogRepository,
  DeliveryLogRow,
  LogStatus,
} from './delivery-log.repository';
import { reachableSites, WEBHOOK_NOT_FOUND } from './webhooks.service';
import type { SiteId } from '@hc/contracts';

export interface DeliveryLogFilter {
  event?: string;
  status?: LogStatus;
}

/** Issue 23: a webhook's deliveries with their attempts, as the dispatcher recorded them. */
@Injectable()
export class DeliveryLogService {
  constructor(private readonly log: DeliveryLogRepository) {}

  async list(ctx: RequestContext, webhookId: number, filter: DeliveryLogFilter, paging: Paging) {
    const siteId = await this.siteOf(ctx, webhookId);
    const { rows, total } = await this.log.list(
      siteId,
      webhookId,
      { event: filter.event, status: filter.status },
      paging.offset,
      paging.perPage,
    );
    const attempts = await this.log.attempts(rows.map((r) => r.id));
    return {
      deliveries: rows.map((r) => toDelivery(r, attempts, false)),
      meta: pageMeta(paging, total),
    };
  }

  async get(ctx: RequestContext, webhookId: number, deliveryId: number) {
    const siteId = await this.siteOf(ctx, webhookId);
    const row = await this.log.find(siteId, webhookId, deliveryId);
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    const attempts = await this.log.attempts([row.id]);
    return { delivery: toDelivery(row, attempts, true) };
  }

  /** Issue 23: one more attempt of that event to that webhook, now, whatever the original's state. */
  async redeliver(ctx: RequestContext, webhookId: number, deliveryId: number) {
    const siteId = await this.siteOf(ctx, webhookId);
    const id = await this.log.redeliver(siteId, webhookId, deliveryId);
    if (id === null) throw notFound(WEBHOOK_NOT_FOUND);
    return this.get(ctx, webhookId, id);
  }

  /** Issue 39: a `webhook.test` event for this webhook alone. */
  async sendTest(ctx: RequestContext, webhookId: number) {
    await this.log.queueTest(await this.siteOf(ctx, webhookId), webhookId);
    return { message: 'Test event queued.' };
  }

  /** Another site's webhook answers exactly like a missing one (spec 4.8's message). */
  private async siteOf(ctx: RequestContext, webhookId: number): Promise<SiteId> {
    const siteId = await this.log.webhookSite(reachableSites(ctx), webhookId);
    if (siteId === null) throw notFound(WEBHOOK_NOT_FOUND);
    return siteId;
  }
}

function logStatus(row: DeliveryLogRow): LogStatus {
  if (row.state === 'pending') return row.attempts > 0 ? 'failed' : 'pending';
  return row.state as LogStatus;
}

function occurredAt(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { occurred_at?: unknown };
    return typeof parsed.occurred_at === 'string' ? parsed.occurred_at : null;
  } catch {
    return null;
  }
}

function toDelivery(row: DeliveryLogRow, attempts: AttemptLogRow[], detail: boolean) {
  const id = String(row.id);
  const status = logStatus(row);
  return {
    id: Number(row.id),
    redelivery_of: row.redelivery_of === null ? null : Number(row.redelivery_of),
    event: row.event,
    occurred_at: occurredAt(row.body),
    status,
    next_attempt_at:
      status === 'pending' || status === 'failed' ? formatB(row.next_attempt_at) : null,
    created_at: formatB(row.created_at),
    attempts: attempts
      .filter((a) => String(a.delivery_id) === id)
      .map((a) => ({
        attempt: a.attempt,
        delivery_id: a.delivery_uuid,
        started_at: formatB(a.started_at),
        duration_ms: a.duration_ms,
        response_status: a.response_status,
        error_kind: a.error_kind,
        response_body: a.response_body,
        ...(detail
          ? { request_headers: JSON.parse(a.request_headers) as Record<string, string> }
          : {}),
      })),
    ...(detail ? { request_body: row.body } : {}),
  };
}
