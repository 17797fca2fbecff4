import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, jsonColumn } from '@hc/data';
import type { AuditActor, SiteId } from '@hc/contracts';

export type ReviewStatus =
  | 'pending'
  | 'approved'
  | 'sent_back'
  | 'scheduled'
  | 'publishing'
  | 'published'
  | 'failed'
  | 'superseded';

export interface ReviewPerson {
  id: number;
  name: string;
  email: string;
  role: string;
}

export interface ReviewRow {
  id: number;
  siteId: number;
  subject: 'article' | 'change_set';
  articleId: number | null;
  /** The article's title in the site's default language (else another), for lists and emails. */
  articleTitle: string | null;
  changeSetId: number | null;
  requesterId: number;
  requesterName: string | null;
  reviewerId: number;
  reviewerName: string | null;
  message: string | null;
  status: ReviewStatus;
  decidedBy: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  comment: string | null;
  approvedSignature: string | null;
  publishAt: Date | null;
  publishActor: AuditActor | null;
  publishedAt: Date | null;
  failure: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Requests that are still waiting for something (a decision, a publish). */
export const OPEN: ReviewStatus[] = ['pending', 'approved', 'scheduled'];
/** The people who may review: those whose role publishes (issue 37's role table). */
export const PUBLISHING_ROLES = ['owner', 'admin', 'editor'];
/** A claim left `publishing` this long (its replica died) is taken again. */
const STALE_CLAIM_MS = 5 * 60_000;

const COLUMNS = `r.*, rq.name AS requester_name, rv.name AS reviewer_name, d.name AS decided_by_name,
  (SELECT t.title FROM article_translations t JOIN sites s ON s.id = r.site_id
    WHERE t.article_id = r.article_id ORDER BY t.lang = s.default_language DESC, t.lang LIMIT 1) AS article_title`;
const FROM = `FROM review_requests r
  LEFT JOIN users rq ON rq.id = r.requester_id
  LEFT JOIN users rv ON rv.id = r.reviewer_id
  LEFT JOIN users d ON d.id = r.decided_by`;
const SELECT = `SELECT ${COLUMNS} ${FROM}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const date = (v: unknown) => (v ?? null) as Date | null;

function toRow(r: Record<string, unknown>): ReviewRow {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    subject: r.subject as ReviewRow['subject'],
    articleId: num(r.article_id),
    articleTitle: text(r.article_title),
    changeSetId: num(r.change_set_id),
    requesterId: Number(r.requester_id),
    requesterName: text(r.requester_name),
    reviewerId: Number(r.reviewer_id),
    reviewerName: text(r.reviewer_name),
    message: text(r.message),
    status: r.status as ReviewStatus,
    decidedBy: num(r.decided_by),
    decidedByName: text(r.decided_by_name),
    decidedAt: date(r.decided_at),
    comment: text(r.comment),
    approvedSignature: text(r.approved_signature),
    publishAt: date(r.publish_at),
    publishActor: jsonColumn<AuditActor | null>(r.publish_actor, null),
    publishedAt: date(r.published_at),
    failure: text(r.failure),
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

export interface NewReview {
  subject: ReviewRow['subject'];
  articleId: number | null;
  changeSetId: number | null;
  requesterId: number;
  reviewerId: number;
  message: string | null;
}

export interface ReviewFilter {
  /** `waiting`: pending requests naming this person; `mine`: requests this person made. */
  reviewerId?: number;
  requesterId?: number;
  articleId?: number;
  statuses?: ReviewStatus[];
}

/** Review requests and the site's review setting; every method takes the site except the scheduler's claim. */
@Injectable()
export class ReviewRepository extends DataRepository {
  async find(
    siteId: SiteId,
    id: number,
    m: EntityManager = this.ds.manager,
    lock = false,
  ): Promise<ReviewRow | null> {
    if (lock)
      await m.query('SELECT id FROM review_requests WHERE site_id = ? AND id = ? FOR UPDATE', [
        siteId,
        id,
      ]);
    const rows = await m.query(`${SELECT} WHERE r.site_id = ? AND r.id = ?`, [siteId, id]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  async page(
    siteId: SiteId,
    filter: ReviewFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: ReviewRow[]; total: number }> {
    const where = ['r.site_id = ?'];
    const params: unknown[] = [siteId];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (filter.reviewerId !== undefined) add('r.reviewer_id = ?', filter.reviewerId);
    if (filter.requesterId !== undefined) add('r.requester_id = ?', filter.requesterId);
    if (filter.articleId !== undefined) add('r.article_id = ?', filter.articleId);
    if (filter.statuses?.length) add('r.status IN (?)', filter.statuses);
    const { rows, total } = await this.readPage<Record<string, unknown>>(
      {
        columns: COLUMNS,
        from: `${FROM} WHERE ${where.join(' AND ')}`,
        params,
        orderBy: 'r.updated_at DESC, r.id DESC',
      },
      offset,
      limit,
    );
    return { rows: rows.map(toRow), total };
  }

  async insert(siteId: SiteId, m: EntityManager, review: NewReview, now: Date): Promise<number> {
    const r = await m.query(
      `INSERT INTO review_requests (site_id, subject, article_id, change_set_id, requester_id, reviewer_id, message,
         status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      [
        siteId,
        review.subject,
        review.articleId,
        review.changeSetId,
        review.requesterId,
        review.reviewerId,
        review.message,
        now,
        now,
      ],
    );
    return Number(r.insertId);
  }

  /** A new request replaces the open ones on the same article or change set. */
  async supersede(
    siteId: SiteId,
    m: EntityManager,
    subject: Pick<NewReview, 'articleId' | 'changeSetId'>,
    now: Date,
  ): Promise<void> {
    const [column, value] =
      subject.articleId !== null
        ? ['article_id', subject.articleId]
        : ['change_set_id', subject.changeSetId];
    await m.query(
      `UPDATE review_requests SET status = 'superseded', updated_at = ?
        WHERE site_id = ? AND ${column} = ? AND status IN (?)`,
      [now, siteId, value, OPEN],
    );
  }

  async update(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    values: Partial<
      Pick<
        ReviewRow,
        | 'status'
        | 'decidedBy'
        | 'decidedAt'
        | 'comment'
        | 'approvedSignature'
        | 'publishAt'
        | 'publishActor'
        | 'publishedAt'
        | 'failure'
      >
    >,
    now: Date,
  ): Promise<void> {
    const columns: Record<keyof typeof values, string> = {
      status: 'status',
      decidedBy: 'decided_by',
      decidedAt: 'decided_at',
      comment: 'comment',
      approvedSignature: 'approved_signature',
      publishAt: 'publish_at',
      publishActor: 'publish_actor',
      publishedAt: 'published_at',
      failure: 'failure',
    };
    const sets = ['updated_at = ?'];
    const params: unknown[] = [now];
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      sets.push(`${columns[key as keyof typeof values]} = ?`);
      params.push(key === 'publishActor' && value !== null ? JSON.stringify(value) : value);
    }
    await m.query(`UPDATE review_requests SET ${sets.join(', ')} WHERE site_id = ? AND id = ?`, [
      ...params,
      siteId,
      id,
    ]);
  }

  /** The approved (or scheduled) requests of these articles, newest first. */
  async approvedFor(
    siteId: SiteId,
    articleIds: number[],
    m: EntityManager = this.ds.manager,
  ): Promise<ReviewRow[]> {
    if (articleIds.length === 0) return [];
    const rows = await m.query(
      `${SELECT} WHERE r.site_id = ? AND r.article_id IN (?) AND r.status IN ('approved', 'scheduled')
        ORDER BY r.id DESC`,
      [siteId, articleIds],
    );
    return rows.map(toRow);
  }

  /** After a person's publish: the approvals it used are done. */
  async markPublished(siteId: SiteId, ids: number[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.ds.query(
      `UPDATE review_requests SET status = 'published', published_at = ?, updated_at = ?
        WHERE site_id = ? AND id IN (?) AND status IN ('approved', 'scheduled')`,
      [now, now, siteId, ids],
    );
  }

  /**
   * The scheduler's claim (issue 39): one scheduled request whose time has come (or one left
   * `publishing` by a replica that died), moved to `publishing` in one conditional update, so
   * of several replicas polling at once exactly one takes it.
   */
  async claimDueAcrossSites(now: Date): Promise<ReviewRow | null> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query(
        `SELECT id FROM review_requests
          WHERE (status = 'scheduled' AND publish_at <= ?) OR (status = 'publishing' AND updated_at < ?)
          ORDER BY publish_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now, new Date(now.getTime() - STALE_CLAIM_MS)],
      );
      if (!rows[0]) return null;
      const id = Number(rows[0].id);
      const claimed = await m.query(
        `UPDATE review_requests SET status = 'publishing', updated_at = ?
          WHERE id = ? AND (status = 'scheduled' OR (status = 'publishing' AND updated_at < ?))`,
        [now, id, new Date(now.getTime() - STALE_CLAIM_MS)],
      );
      if (Number(claimed.affectedRows) !== 1) return null;
      const [row] = await m.query(`${SELECT} WHERE r.id = ?`, [id]);
      return toRow(row);
    });
  }

  /** A member of the site with their role, or null. */
  async member(siteId: SiteId, userId: number, m: EntityManager = this.ds.manager) {
    const rows = await m.query(
      `SELECT u.id, u.name, u.email, ms.role FROM memberships ms JOIN users u ON u.id = ms.user_id
        WHERE ms.site_id = ? AND ms.user_id = ?`,
      [siteId, userId],
    );
    return rows[0] ? toPerson(rows[0]) : null;
  }

  /** The members who may review (their role publishes), by name. */
  async reviewers(siteId: SiteId): Promise<ReviewPerson[]> {
    const rows = await this.ds.query(
      `SELECT u.id, u.name, u.email, ms.role FROM memberships ms JOIN users u ON u.id = ms.user_id
        WHERE ms.site_id = ? AND ms.role IN (?) ORDER BY u.name, u.id`,
      [siteId, PUBLISHING_ROLES],
    );
    return rows.map(toPerson);
  }

  async requireApproval(siteId: SiteId): Promise<boolean> {
    const rows = await this.ds.query(
      'SELECT require_approval FROM review_settings WHERE site_id = ?',
      [siteId],
    );
    return Boolean(rows[0]?.require_approval);
  }

  async setRequireApproval(
    siteId: SiteId,
    m: EntityManager,
    value: boolean,
    now: Date,
  ): Promise<void> {
    await m.query(
      `INSERT INTO review_settings (site_id, require_approval, updated_at) VALUES (?, ?, ?)
         ON DUPLICATE KEY UPDATE require_approval = VALUES(require_approval), updated_at = VALUES(updated_at)`,
      [siteId, value ? 1 : 0, now],
    );
  }

  /** Review emails queued for a recipient (any site) in the last hour: the budget's count. */
  async recentReviewMails(m: EntityManager, email: string, now: Date): Promise<number> {
    const rows: { n: number | string }[] = await m.query(
      `SELECT COUNT(*) AS n FROM comment_emails
        WHERE recipient_email = ? AND kind LIKE 'review:%' AND created_at > ?`,
      [email, new Date(now.getTime() - 3600_000)],
    );
    return Number(rows[0]?.n ?? 0);
  }
}

function toPerson(r: Record<string, unknown>): ReviewPerson {
  return { id: Number(r.id), name: String(r.name), email: String(r.email), role: String(r.role) };
}
