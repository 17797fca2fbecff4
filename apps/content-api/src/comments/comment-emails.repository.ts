import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

export interface QueuedEmail {
  id: string;
  siteId: number;
  commentId: number;
  attempts: number;
  recipientEmail: string;
  recipientName: string;
  subject: string;
  body: string;
}

interface EmailRow {
  id: string | number;
  site_id: number;
  comment_id: number;
  attempts: number;
  recipient_email: string;
  recipient_name: string;
  subject: string;
  body: string;
}

/** How long a claimed email is left to its sender before another worker may take it again. */
const LEASE_MS = 2 * 60_000;
/** Waits after failed attempts 1, 2, 3, 4; the fifth failure gives up. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];

/**
 * The comment email outbox: rows are written in the transaction that approves a reply and
 * sent by CommentEmailsWorker (at least once; claimed with SKIP LOCKED, so replicas share it).
 */
@Injectable()
export class CommentEmailsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Emails neither sent nor given up on: a metric, all sites. */
  async queueDepthAcrossSites(): Promise<number> {
    const [row]: { n: number | string }[] = await this.ds.query(
      'SELECT COUNT(*) AS n FROM comment_emails WHERE sent_at IS NULL AND failed_at IS NULL',
    );
    return Number(row?.n ?? 0);
  }

  /** Queues an email once per (comment, kind); false when one was already queued. */
  async enqueue(
    siteId: SiteId,
    m: EntityManager,
    commentId: number,
    kind: string,
    to: { name: string; email: string },
    subject: string,
    body: string,
  ): Promise<boolean> {
    const now = new Date();
    const result = await m.query(
      `INSERT IGNORE INTO comment_emails (site_id, comment_id, kind, recipient_email, recipient_name, subject, body,
         attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      [siteId, commentId, kind, to.email, to.name, subject.slice(0, 255), body, now, now],
    );
    return Number(result.affectedRows) > 0;
  }

  /** Takes up to `limit` due emails under a lease and counts the attempt. */
  async claimAcrossSites(limit: number, now = new Date()): Promise<QueuedEmail[]> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query(
        `SELECT id, site_id, comment_id, attempts, recipient_email, recipient_name, subject, body
           FROM comment_emails
          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
          ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED`,
        [now, limit],
      );
      if (rows.length === 0) return [];
      await m.query(
        'UPDATE comment_emails SET attempts = attempts + 1, next_attempt_at = ? WHERE id IN (?)',
        [new Date(now.getTime() + LEASE_MS), rows.map((r: { id: string }) => r.id)],
      );
      return (rows as EmailRow[]).map((r) => ({
        id: String(r.id),
        siteId: Number(r.site_id),
        commentId: Number(r.comment_id),
        attempts: Number(r.attempts) + 1,
        recipientEmail: r.recipient_email,
        recipientName: r.recipient_name,
        subject: r.subject,
        body: r.body,
      }));
    });
  }

  async markSent(id: string): Promise<void> {
    await this.ds.query('UPDATE comment_emails SET sent_at = ?, last_error = NULL WHERE id = ?', [
      new Date(),
      id,
    ]);
  }

  async markFailed(email: QueuedEmail, error: string): Promise<void> {
    const now = new Date();
    const delay = RETRY_DELAYS_MS[email.attempts - 1];
    await this.ds.query(
      'UPDATE comment_emails SET last_error = ?, next_attempt_at = ?, failed_at = ? WHERE id = ?',
      [
        error.slice(0, 500),
        new Date(now.getTime() + (delay ?? 0)),
        delay === undefined ? now : null,
        email.id,
      ],
    );
  }
}
