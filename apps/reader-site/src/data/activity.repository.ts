import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivityBuffer, bumpArticleCounter, searchTexts, touchReaderPages } from '@hc/data';
import type { FeedbackRating } from '@hc/data';
import { writeOutbox } from '@hc/events';
import type { SiteId } from '@hc/contracts';

export interface NewReaderComment {
  articleId: number;
  parentId: number | null;
  lang: string;
  name: string;
  email: string;
  text: string;
  ip: string | null;
}

export interface NewContactMessage {
  lang: string;
  name: string | null;
  email: string;
  subject: string | null;
  message: string;
}

/** The event a contact form message is delivered as (outbox; not a webhook event of spec 6). */
export const CONTACT_EVENT = 'contact.submitted';

/**
 * Reader activity. The reader site owns reader_views, reader_searches and contact_messages; it
 * writes comments and article_feedback with content-api's rules (decisions.md "Reader site and
 * analytics": the same statements, the site's moderation setting, article_stats in the same
 * transaction).
 */
@Injectable()
export class ActivityRepository {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    private readonly buffer: ActivityBuffer,
  ) {}

  /**
   * Records a view (issue #28: buffered, written within a second in a batch with its own time);
   * it counts unless this reader already viewed the article that day (UTC), and a counted view
   * adds one to the article's `views` (`writeViews`).
   */
  async recordView(
    siteId: SiteId,
    articleId: number,
    lang: string,
    readerKey: string,
    now = new Date(),
  ): Promise<void> {
    await this.buffer.view({ siteId, articleId, lang, readerKey, at: now.getTime() });
  }

  /** Records a search (buffered like views; normalized, then cut to the columns: `searchTexts`). */
  async recordSearch(
    siteId: SiteId,
    lang: string,
    query: string,
    resultsCount: number,
    readerKey: string,
  ): Promise<void> {
    await this.buffer.search({
      siteId,
      lang,
      ...searchTexts(query),
      resultsCount,
      readerKey,
      at: Date.now(),
    });
  }

  /** POST /articles/{id}/feedback's rule: one article_feedback row and +1 on article_stats. */
  async recordFeedback(
    siteId: SiteId,
    articleId: number,
    lang: string,
    rating: FeedbackRating,
    message: string | null,
  ): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(
        'INSERT INTO article_feedback (site_id, article_id, lang, rating, message, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [siteId, articleId, lang, rating, message, new Date()],
      );
      await bumpArticleCounter(m, siteId, articleId, rating);
    });
  }

  /** The parent comment a reply may hang on: same article, not deleted. */
  async parentComment(
    siteId: SiteId,
    articleId: number,
    parentId: number,
  ): Promise<{ id: number; lang: string } | null> {
    const rows = await this.ds.query(
      `SELECT id, lang FROM comments WHERE site_id = ? AND article_id = ? AND id = ? AND status <> 'deleted'`,
      [siteId, articleId, parentId],
    );
    return rows[0] ? { id: Number(rows[0].id), lang: rows[0].lang } : null;
  }

  /**
   * A reader comment into the moderation flow: `pending` while the site moderates comments
   * (the default without a comment_settings row), else `published`. Returns its status.
   */
  async insertComment(siteId: SiteId, c: NewReaderComment): Promise<'pending' | 'published'> {
    return this.ds.transaction(async (m) => {
      const settings = await m.query('SELECT moderate FROM comment_settings WHERE site_id = ?', [
        siteId,
      ]);
      const status = settings[0] && !settings[0].moderate ? 'published' : 'pending';
      const now = new Date();
      await m.query(
        `INSERT INTO comments (site_id, article_id, parent_id, lang, status, body, author_user_id, author_name,
           author_email, author_ip, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
        [siteId, c.articleId, c.parentId, c.lang, status, c.text, c.name, c.email, c.ip, now, now],
      );
      if (status === 'published') await touchReaderPages(m, siteId);
      return status;
    });
  }

  /** Stores a contact message and announces it as an event in the same transaction. */
  async insertContact(site: { id: SiteId; uuid: string }, msg: NewContactMessage): Promise<number> {
    return this.ds.transaction(async (m) => {
      const now = new Date();
      const result = await m.query(
        `INSERT INTO contact_messages (site_id, lang, name, email, subject, message, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [site.id, msg.lang, msg.name, msg.email, msg.subject, msg.message, now],
      );
      const id = Number((result as { insertId: number }).insertId);
      await writeOutbox(
        m,
        site.id,
        CONTACT_EVENT,
        {
          helpcenter_id: site.uuid,
          data: {
            type: 'contact_message',
            id,
            lang: msg.lang,
            name: msg.name,
            email: msg.email,
            subject: msg.subject,
            message: msg.message,
          },
        },
        now,
      );
      return id;
    });
  }
}
