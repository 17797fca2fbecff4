import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, touchReaderPages } from '@hc/data';
import type { SiteId } from '@hc/contracts';
import { setTranslationColumn } from '../articles/article-translations.repository';
import type { NotesMember } from './note-mentions';

export interface NoteAuthor {
  id: number;
  name: string;
  avatar: string | null;
}

export interface NoteReplyRow {
  id: number;
  threadId: number;
  body: string;
  author: NoteAuthor;
  createdAt: Date;
}

export interface NoteThreadRow {
  id: number;
  articleId: number;
  lang: string;
  markId: string;
  quote: string;
  body: string;
  author: NoteAuthor;
  resolvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  replies: NoteReplyRow[];
}

export interface NewThread {
  articleId: number;
  lang: string;
  markId: string;
  quote: string;
  body: string;
  authorUserId: number;
}

interface AuthorColumns {
  author_user_id: number;
  author_name: string | null;
  author_avatar: string | null;
}

interface ThreadDbRow extends AuthorColumns {
  id: number;
  article_id: number;
  lang: string;
  mark_id: string;
  quote: string;
  body: string;
  resolved_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface ReplyDbRow extends AuthorColumns {
  id: number;
  thread_id: number;
  body: string;
  created_at: Date;
}

function author(r: AuthorColumns): NoteAuthor {
  return {
    id: Number(r.author_user_id),
    name: r.author_name ?? '',
    avatar: r.author_avatar ?? null,
  };
}

/** Team-note threads and replies of one site; every method takes the site id. */
@Injectable()
export class NotesRepository extends DataRepository {
  /** Threads of an article (one language, or all), oldest first, with their replies. */
  async threads(
    siteId: SiteId,
    articleId: number,
    filter: { lang?: string; includeResolved: boolean; threadId?: number },
    m: EntityManager = this.ds.manager,
  ): Promise<NoteThreadRow[]> {
    const parts = ['t.site_id = ?', 't.article_id = ?'];
    const params: unknown[] = [siteId, articleId];
    if (filter.lang !== undefined) {
      parts.push('t.lang = ?');
      params.push(filter.lang);
    }
    if (!filter.includeResolved) parts.push('t.resolved_at IS NULL');
    if (filter.threadId !== undefined) {
      parts.push('t.id = ?');
      params.push(filter.threadId);
    }
    const rows: ThreadDbRow[] = await m.query(
      `SELECT t.id, t.article_id, t.lang, t.mark_id, t.quote, t.body, t.author_user_id, t.resolved_at,
              t.created_at, t.updated_at, u.name AS author_name, u.avatar_url AS author_avatar
         FROM note_threads t LEFT JOIN users u ON u.id = t.author_user_id
        WHERE ${parts.join(' AND ')} ORDER BY t.id`,
      params,
    );
    const threads: NoteThreadRow[] = rows.map((r) => ({
      id: Number(r.id),
      articleId: Number(r.article_id),
      lang: r.lang,
      markId: r.mark_id,
      quote: r.quote,
      body: r.body,
      author: author(r),
      resolvedAt: r.resolved_at ?? null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      replies: [],
    }));
    if (threads.length === 0) return threads;
    const byId = new Map(threads.map((t) => [t.id, t]));
    const replies: ReplyDbRow[] = await m.query(
      `SELECT r.id, r.thread_id, r.body, r.author_user_id, r.created_at, u.name AS author_name, u.avatar_url AS author_avatar
         FROM note_replies r LEFT JOIN users u ON u.id = r.author_user_id
        WHERE r.site_id = ? AND r.thread_id IN (?) ORDER BY r.id`,
      [siteId, [...byId.keys()]],
    );
    for (const r of replies) {
      byId.get(Number(r.thread_id))?.replies.push({
        id: Number(r.id),
        threadId: Number(r.thread_id),
        body: r.body,
        author: author(r),
        createdAt: r.created_at,
      });
    }
    return threads;
  }

  /** Open threads of an article (one language, or all). */
  async openCount(siteId: SiteId, articleId: number, lang?: string): Promise<number> {
    const rows = await this.ds.query(
      `SELECT COUNT(*) AS n FROM note_threads WHERE site_id = ? AND article_id = ? AND resolved_at IS NULL${
        lang !== undefined ? ' AND lang = ?' : ''
      }`,
      lang !== undefined ? [siteId, articleId, lang] : [siteId, articleId],
    );
    return Number(rows[0].n);
  }

  /** Locks a thread of the article; null when missing or on another article or site. */
  async lockThread(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    threadId: number,
  ): Promise<boolean> {
    const rows = await m.query(
      'SELECT id FROM note_threads WHERE site_id = ? AND article_id = ? AND id = ? FOR UPDATE',
      [siteId, articleId, threadId],
    );
    return rows.length > 0;
  }

  /** Adds a reply; answers its id. */
  async insertReply(
    siteId: SiteId,
    m: EntityManager,
    threadId: number,
    userId: number,
    body: string,
  ): Promise<number> {
    const now = new Date();
    const result = await m.query(
      'INSERT INTO note_replies (site_id, thread_id, author_user_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
      [siteId, threadId, userId, body, now],
    );
    await m.query('UPDATE note_threads SET updated_at = ? WHERE site_id = ? AND id = ?', [
      now,
      siteId,
      threadId,
    ]);
    return Number(result.insertId);
  }

  async resolve(siteId: SiteId, m: EntityManager, threadId: number, userId: number): Promise<void> {
    const now = new Date();
    await m.query(
      `UPDATE note_threads SET resolved_at = ?, resolved_by_user_id = ?, updated_at = ?
        WHERE site_id = ? AND id = ? AND resolved_at IS NULL`,
      [now, userId, now, siteId, threadId],
    );
  }

  async insertThread(siteId: SiteId, m: EntityManager, t: NewThread): Promise<number> {
    const now = new Date();
    const result = await m.query(
      `INSERT INTO note_threads (site_id, article_id, lang, mark_id, quote, body, author_user_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [siteId, t.articleId, t.lang, t.markId, t.quote, t.body, t.authorUserId, now, now],
    );
    return Number(result.insertId);
  }

  /** One language's stored content (internal markup included), locked; null when the article lacks it. */
  async lockContent(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    lang: string,
  ): Promise<string | null> {
    const rows = await m.query(
      'SELECT content FROM article_translations WHERE site_id = ? AND article_id = ? AND lang = ? FOR UPDATE',
      [siteId, articleId, lang],
    );
    return rows[0]?.content ?? null;
  }

  /**
   * Writes the highlight into the stored content. Not an edit readers see (reads strip the
   * markup), so `updated_at` and the search text stay and no event is sent (spec 6).
   */
  async writeContent(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    lang: string,
    content: string,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    await setTranslationColumn(m, siteId, articleId, lang, 'content', content);
  }

  /** The site's members with team-notes access (who may be mentioned in a note). */
  async notesMembers(siteId: SiteId, m: EntityManager): Promise<NotesMember[]> {
    const rows: { id: number; name: string; email: string }[] = await m.query(
      `SELECT u.id, u.name, u.email FROM memberships ms JOIN users u ON u.id = ms.user_id
        WHERE ms.site_id = ? AND ms.notes_access = 1`,
      [siteId],
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email }));
  }

  /** Mention emails queued for a recipient (any site) in the last hour: the budget's count. */
  async recentMentionMails(m: EntityManager, email: string): Promise<number> {
    const rows: { n: number | string }[] = await m.query(
      `SELECT COUNT(*) AS n FROM comment_emails
        WHERE recipient_email = ? AND kind LIKE 'mention:%' AND created_at > ?`,
      [email, new Date(Date.now() - 3600_000)],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The person's membership on the site: whether they may write team notes. */
  async notesMember(
    siteId: SiteId,
    userId: number,
  ): Promise<{ exists: boolean; notesAccess: boolean }> {
    const rows = await this.ds.query(
      `SELECT m.notes_access FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.site_id = ? AND m.user_id = ?`,
      [siteId, userId],
    );
    return { exists: rows.length > 0, notesAccess: Boolean(rows[0]?.notes_access) };
  }
}
