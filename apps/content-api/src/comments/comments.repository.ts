import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository } from '@hc/data';
import { COMMENT_STATUSES, type CommentStatus } from './comment-status';
import { touchReaderPages } from '@hc/data';
import type { SiteId } from '@hc/contracts';

/** Where a comment sits, what it says and who wrote it: as posted and as read back. */
interface CommentFields {
  articleId: number;
  parentId: number | null;
  lang: string;
  status: CommentStatus;
  body: string;
  authorUserId: number | null;
  authorName: string;
}

/** A comment as the service sees it; email and IP stay in the repository (spec 2.10). */
export interface CommentRow extends CommentFields {
  id: number;
  siteId: number;
  authorAvatar: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CommentFilter {
  /** One state, or every state but `deleted` when absent. */
  status?: CommentStatus;
  articleId?: number;
  lang?: string;
  /** Text contained (case-insensitive). */
  search?: string;
}

export interface NewComment extends CommentFields {
  authorEmail: string | null;
  authorIp: string | null;
}

/** Who to tell that a reply to their comment was approved. */
export interface ParentAuthor {
  commentId: number;
  name: string;
  email: string | null;
}

const COLUMNS = `c.id, c.site_id, c.article_id, c.parent_id, c.lang, c.status, c.body, c.author_user_id,
  c.author_name, c.created_at, c.updated_at, u.avatar_url AS author_avatar`;
const FROM = `FROM comments c
  JOIN articles a ON a.id = c.article_id AND a.site_id = c.site_id
  LEFT JOIN users u ON u.id = c.author_user_id`;

interface CommentDbRow {
  id: number;
  site_id: number;
  article_id: number;
  parent_id: number | null;
  lang: string;
  status: CommentStatus;
  body: string;
  author_user_id: number | null;
  author_name: string;
  author_avatar: string | null;
  created_at: Date;
  updated_at: Date;
}

function toRow(r: CommentDbRow): CommentRow {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    articleId: Number(r.article_id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    lang: r.lang,
    status: r.status,
    body: r.body,
    authorUserId: r.author_user_id === null ? null : Number(r.author_user_id),
    authorName: r.author_name,
    authorAvatar: r.author_avatar ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Reader comments of one site; every method takes the site id, so a foreign id reads as missing. */
@Injectable()
export class CommentsRepository extends DataRepository {
  private where(siteId: SiteId, filter: CommentFilter, withStatus: boolean): [string, unknown[]] {
    const parts = ['c.site_id = ?'];
    const params: unknown[] = [siteId];
    if (withStatus) {
      if (filter.status) {
        parts.push('c.status = ?');
        params.push(filter.status);
      } else {
        parts.push("c.status <> 'deleted'");
      }
    }
    if (filter.articleId !== undefined) {
      parts.push('c.article_id = ?');
      params.push(filter.articleId);
    }
    if (filter.lang !== undefined) {
      parts.push('c.lang = ?');
      params.push(filter.lang);
    }
    if (filter.search !== undefined) {
      parts.push("c.body LIKE ? ESCAPE '\\\\'");
      params.push(likePattern(filter.search));
    }
    return [parts.join(' AND '), params];
  }

  /** One page, newest first (or oldest first), with the total over all pages. */
  async page(
    siteId: SiteId,
    filter: CommentFilter,
    order: 'asc' | 'desc',
    limit: number,
    offset: number,
  ): Promise<{ rows: CommentRow[]; total: number }> {
    const [where, params] = this.where(siteId, filter, true);
    const dir = order === 'asc' ? 'ASC' : 'DESC';
    const { rows, total } = await this.readPage<CommentDbRow>(
      {
        columns: COLUMNS,
        from: `${FROM} WHERE ${where}`,
        params,
        orderBy: `c.created_at ${dir}, c.id ${dir}`,
      },
      offset,
      limit,
    );
    return { rows: rows.map(toRow), total };
  }

  /** Count per state under the same filters but the state (every state listed, zeros included). */
  async statusCounts(
    siteId: SiteId,
    filter: CommentFilter,
  ): Promise<Record<CommentStatus, number>> {
    const [where, params] = this.where(siteId, filter, false);
    const rows: { status: string; n: number }[] = await this.ds.query(
      `SELECT c.status, COUNT(*) AS n ${FROM} WHERE ${where} GROUP BY c.status`,
      params,
    );
    const counts = Object.fromEntries(COMMENT_STATUSES.map((s) => [s, 0])) as Record<
      CommentStatus,
      number
    >;
    for (const r of rows) if (r.status in counts) counts[r.status as CommentStatus] = Number(r.n);
    return counts;
  }

  /** Every comment of an article matching the filter, oldest first (threads are built by the caller). */
  async ofArticle(siteId: SiteId, articleId: number, filter: CommentFilter): Promise<CommentRow[]> {
    const [where, params] = this.where(siteId, { ...filter, articleId }, true);
    const rows = await this.ds.query(
      `SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY c.created_at, c.id`,
      params,
    );
    return rows.map(toRow);
  }

  async find(
    siteId: SiteId,
    id: number,
    m: EntityManager = this.ds.manager,
    lock = false,
  ): Promise<CommentRow | null> {
    const rows = await m.query(
      `SELECT ${COLUMNS} ${FROM} WHERE c.site_id = ? AND c.id = ?${lock ? ' FOR UPDATE' : ''}`,
      [siteId, id],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async insert(siteId: SiteId, m: EntityManager, c: NewComment): Promise<number> {
    await touchReaderPages(m, siteId);
    const now = new Date();
    const result = await m.query(
      `INSERT INTO comments (site_id, article_id, parent_id, lang, status, body, author_user_id, author_name,
         author_email, author_ip, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        siteId,
        c.articleId,
        c.parentId,
        c.lang,
        c.status,
        c.body,
        c.authorUserId,
        c.authorName,
        c.authorEmail,
        c.authorIp,
        now,
        now,
      ],
    );
    return Number(result.insertId);
  }

  async setStatus(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    status: CommentStatus,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query('UPDATE comments SET status = ?, updated_at = ? WHERE site_id = ? AND id = ?', [
      status,
      new Date(),
      siteId,
      id,
    ]);
  }

  /** The author of a comment and the address to write to (a reader's, or the team member's account email). */
  async author(siteId: SiteId, m: EntityManager, id: number): Promise<ParentAuthor | null> {
    const rows = await m.query(
      `SELECT c.id, c.author_name, COALESCE(c.author_email, u.email) AS email
         FROM comments c LEFT JOIN users u ON u.id = c.author_user_id
        WHERE c.site_id = ? AND c.id = ?`,
      [siteId, id],
    );
    return rows[0]
      ? { commentId: Number(rows[0].id), name: rows[0].author_name, email: rows[0].email ?? null }
      : null;
  }

  /** True when this reply has already told its parent's author (spec 4.9: once). */
  async parentNotified(siteId: SiteId, m: EntityManager, id: number): Promise<boolean> {
    const rows = await m.query(
      'SELECT parent_notified_at FROM comments WHERE site_id = ? AND id = ?',
      [siteId, id],
    );
    return Boolean(rows[0]?.parent_notified_at);
  }

  async markParentNotified(siteId: SiteId, m: EntityManager, id: number): Promise<void> {
    await m.query('UPDATE comments SET parent_notified_at = ? WHERE site_id = ? AND id = ?', [
      new Date(),
      siteId,
      id,
    ]);
  }

  /** Reader comments arrive `pending` unless the site turned moderation off. */
  async moderates(siteId: SiteId, m: EntityManager = this.ds.manager): Promise<boolean> {
    const rows = await m.query('SELECT moderate FROM comment_settings WHERE site_id = ?', [siteId]);
    return rows[0] ? Boolean(rows[0].moderate) : true;
  }

  async setModeration(siteId: SiteId, m: EntityManager, moderate: boolean): Promise<void> {
    await m.query(
      `INSERT INTO comment_settings (site_id, moderate, updated_at) VALUES (?, ?, ?)
       ON DUPLICATE KEY UPDATE moderate = VALUES(moderate), updated_at = VALUES(updated_at)`,
      [siteId, moderate, new Date()],
    );
  }

  /** The name a team member's comment is signed with ('' for a user without one). */
  async userName(m: EntityManager, userId: number): Promise<string> {
    const rows: { name: string }[] = await m.query('SELECT name FROM users WHERE id = ?', [userId]);
    return rows[0]?.name ?? '';
  }
}
