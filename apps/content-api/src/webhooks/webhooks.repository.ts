import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { seal, unseal } from '@hc/data';
import { writeAuditEvent } from '@hc/events';
import type { SiteId } from '@hc/contracts';

export interface WebhookRow {
  id: number;
  site_id: number;
  url: string;
  secret: string;
  /** Issue 23: `standard` for webhooks registered through POST /webhooks/standard. */
  signature_scheme: SignatureScheme;
  created_at: Date;
  last_delivered_at: Date | null;
}

export const SIGNATURE_SCHEMES = ['service', 'standard'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

/** Spec 8: the columns hold 191 characters. */
const MAX_LENGTH = 191;

/**
 * Webhooks one site may hold (issue 34 item 6, an addition to spec 8, docs/webhooks.md): every
 * event is delivered to each of them, so the number bounds the work one write can cause.
 */
export const MAX_WEBHOOKS_PER_SITE = 100;

@Injectable()
export class WebhooksRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Stores a webhook; a url or secret over 191 characters fails here (spec 4.8: 500). */
  async insert(
    site: { id: SiteId; uuid: string },
    url: string,
    secret: string,
    scheme: SignatureScheme = 'service',
  ): Promise<WebhookRow | null> {
    const siteId = site.id;
    for (const [column, value] of [
      ['url', url],
      ['secret', secret],
    ] as const) {
      if ([...value].length > MAX_LENGTH) {
        throw new Error(`webhooks.${column} holds at most ${MAX_LENGTH} characters`);
      }
    }
    const now = new Date();
    const result = await this.ds.transaction(async (m) => {
      // Issue 34 item 6: at most MAX_WEBHOOKS_PER_SITE; the site row's lock makes parallel
      // registrations count one after another.
      await m.query('SELECT id FROM sites WHERE id = ? FOR UPDATE', [siteId]);
      const [held] = await m.query('SELECT COUNT(*) AS n FROM webhooks WHERE site_id = ?', [
        siteId,
      ]);
      if (Number(held.n) >= MAX_WEBHOOKS_PER_SITE) return null;
      const inserted = await m.query(
        'INSERT INTO webhooks (site_id, url, secret, signature_scheme, created_at) VALUES (?, ?, ?, ?, ?)',
        // Issue 34: sealed at rest under HC_DATA_KEYS (libs/data/src/data-keys.ts).
        [siteId, url, seal(secret, 'webhooks.secret'), scheme, now],
      );
      // Issue 24: recorded in the same transaction.
      await writeAuditEvent(m, site, 'webhook.create', { type: 'webhook', id: inserted.insertId });
      return inserted;
    });
    if (result === null) return null;
    return {
      id: result.insertId,
      site_id: siteId,
      url,
      secret,
      signature_scheme: scheme,
      created_at: now,
      last_delivered_at: null,
    };
  }

  /** Webhooks of the given (live) sites, oldest first. */
  async list(siteIds: SiteId[]): Promise<WebhookRow[]> {
    if (siteIds.length === 0) return [];
    const rows: WebhookRow[] = await this.ds.query(
      `SELECT w.id, w.site_id, w.url, w.secret, w.signature_scheme, w.created_at, w.last_delivered_at
         FROM webhooks w JOIN sites s ON s.id = w.site_id AND s.deleted_at IS NULL
        WHERE w.site_id IN (?) ORDER BY w.id`,
      [siteIds],
    );
    return rows.map((row) => ({ ...row, secret: unseal(row.secret, 'webhooks.secret') }));
  }

  /** Deletes a webhook of one of the sites with its deliveries (pending retries included). */
  async delete(siteIds: SiteId[], webhookId: number): Promise<boolean> {
    if (siteIds.length === 0) return false;
    return this.ds.transaction(async (m) => {
      const found = await m.query(
        `SELECT w.id, s.id AS site_id, s.uuid FROM webhooks w JOIN sites s ON s.id = w.site_id AND s.deleted_at IS NULL
          WHERE w.id = ? AND w.site_id IN (?) FOR UPDATE`,
        [webhookId, siteIds],
      );
      if (found.length === 0) return false;
      await m.query(
        `DELETE a FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE d.webhook_id = ?`,
        [webhookId],
      );
      await m.query('DELETE FROM webhook_deliveries WHERE webhook_id = ?', [webhookId]);
      await m.query('DELETE FROM webhooks WHERE id = ?', [webhookId]);
      // The row's site is one of the caller's (the query is scoped by them).
      const siteId = siteIds.find((id) => id === Number(found[0].site_id)) as SiteId;
      const site = { id: siteId, uuid: String(found[0].uuid) };
      await writeAuditEvent(m, site, 'webhook.delete', { type: 'webhook', id: webhookId });
      return true;
    });
  }
}
