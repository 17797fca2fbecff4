import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ApiError,
  apiError,
  COMMENT_ACTIONS,
  ContentErrorCode,
  DASHBOARD_ACTION_MAX,
  messages,
  notFound,
  validationError,
} from '@hc/contracts';
import type { CommentStatus } from './comment-status';
import { findArticleRef, titleIn } from './article-ref';
import { CommentEmailsRepository } from './comment-emails.repository';
import { CommentEmailsWorker } from './comment-emails.worker';
import { toCommentResponse } from './comment.mapper';
import { CommentRow, CommentsRepository } from './comments.repository';
import { COMMENT_NOT_FOUND, CommentSite } from './comments.service';

export type ModerationAction = (typeof COMMENT_ACTIONS)[number];
/** The dashboard's moderation actions: the API's two, and delete (session only, issue 38). */
export const QUEUE_ACTIONS = [...COMMENT_ACTIONS, 'delete'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/**
 * A comment's state after it is posted (spec 4.9): approve and unpublish through the API (an
 * approved reply emails the parent's author), delete and the site's moderation setting for the
 * operator.
 */
@Injectable()
export class CommentModerationService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly emails: CommentEmailsRepository,
    private readonly worker: CommentEmailsWorker,
  ) {}

  /** PATCH /comments/{id}: approve (→ published) or unpublish (→ unpublished); never delete. */
  async moderate(site: CommentSite, id: number, action: ModerationAction) {
    let queued = false;
    const row = await this.comments.transaction(async (m) => {
      const current = await this.comments.find(site.id, id, m, true);
      if (!current) throw notFound(COMMENT_NOT_FOUND);
      if (current.status === 'deleted') {
        throw apiError(
          ContentErrorCode.CommentDeleted,
          'A deleted comment cannot be approved or unpublished.',
        );
      }
      const next: CommentStatus = action === 'approve' ? 'published' : 'unpublished';
      if (current.status !== next) await this.comments.setStatus(site.id, m, current.id, next);
      // Issue 24: moderation is recorded in its transaction.
      await writeAuditEvent(m, site, `comment.${action}`, { type: 'comment', id: current.id });
      if (action === 'approve' && current.parentId !== null) {
        queued = await this.notifyParentAuthor(m, site, current);
      }
      return (await this.comments.find(site.id, current.id, m))!;
    });
    if (queued) this.worker.wake();
    return {
      message: action === 'approve' ? 'Comment approved.' : 'Comment unpublished.',
      comment: toCommentResponse(row),
    };
  }

  /**
   * Spec 4.9: approving a reply emails the author of the parent, once per reply. The email is
   * queued in the approval's transaction; the reply remembers it, so approving again (after an
   * unpublish, say) sends nothing. Nobody is written to about their own reply.
   */
  private async notifyParentAuthor(
    m: EntityManager,
    site: CommentSite,
    reply: CommentRow,
  ): Promise<boolean> {
    if (await this.comments.parentNotified(site.id, m, reply.id)) return false;
    const parent = await this.comments.author(site.id, m, reply.parentId!);
    if (!parent?.email) return false;
    const replier = await this.comments.author(site.id, m, reply.id);
    if (replier?.email && replier.email.toLowerCase() === parent.email.toLowerCase()) return false;
    const article = await findArticleRef(m, site, reply.articleId);
    const title = article ? titleIn(article, reply.lang, site.defaultLanguage) : '';
    const body = [
      `Hello ${parent.name},`,
      '',
      `${reply.authorName} replied to your comment on "${title}":`,
      '',
      reply.body,
      '',
      article ? `Read the conversation: ${article.url}` : '',
    ]
      .join('\n')
      .trimEnd();
    await this.emails.enqueue(
      site.id,
      m,
      reply.id,
      'reply_approved',
      { name: parent.name, email: parent.email },
      `New reply to your comment on "${title}"`,
      body,
    );
    await this.comments.markParentNotified(site.id, m, reply.id);
    return true;
  }

  /**
   * The moderation queue's action on several comments in one request (issue 38 item 7): each
   * comment on its own (its transaction, its audit record, an approved reply's email); one that
   * is missing or refused fails alone with the API's message.
   */
  async act(site: CommentSite, action: QueueAction, idList: number[]) {
    const ids = [...new Set(idList)];
    if (ids.length === 0) throw validationError({ ids: [messages.required('ids')] });
    if (ids.length > DASHBOARD_ACTION_MAX)
      throw validationError({ ids: [messages.maxItems('ids', DASHBOARD_ACTION_MAX)] });
    const updated: number[] = [];
    const failed: { id: number; message: string }[] = [];
    for (const id of ids) {
      try {
        if (action === 'delete') await this.delete(site, id);
        else await this.moderate(site, id, action);
        updated.push(id);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        failed.push({ id, message: err.message });
      }
    }
    return { updated, failed };
  }

  /**
   * A comment author's email for an Owner or Admin in the dashboard (issue 38 item 7; the API's
   * `include_email` keeps failing, spec 4.9). Each reading is recorded in the audit log.
   */
  async authorEmail(site: CommentSite, id: number) {
    return this.comments.transaction(async (m) => {
      const author = await this.comments.author(site.id, m, id);
      if (!author) throw notFound(COMMENT_NOT_FOUND);
      await writeAuditEvent(m, site, 'comment.email_read', { type: 'comment', id });
      return { comment_id: id, name: author.name, email: author.email };
    });
  }

  /** Operator and dashboard: moves a comment to `deleted` (the API cannot, spec 4.9). */
  async delete(site: CommentSite, id: number) {
    const row = await this.comments.transaction(async (m) => {
      const current = await this.comments.find(site.id, id, m, true);
      if (!current) throw notFound(COMMENT_NOT_FOUND);
      await this.comments.setStatus(site.id, m, id, 'deleted');
      await writeAuditEvent(m, site, 'comment.delete', { type: 'comment', id });
      return (await this.comments.find(site.id, id, m))!;
    });
    return toCommentResponse(row);
  }

  /** Whether reader comments wait for approval on this site (spec 4.9; on by default). */
  async settings(site: CommentSite) {
    return { site_id: site.id, moderate: await this.comments.moderates(site.id) };
  }

  /** Operator and dashboard: whether reader comments wait for approval on this site. */
  async setModeration(site: CommentSite, moderate: boolean) {
    await this.comments.transaction(async (m) => {
      await this.comments.setModeration(site.id, m, moderate);
      await writeAuditEvent(m, site, 'comment_settings.update', { type: 'site', id: site.id });
    });
    return { site_id: site.id, moderate };
  }
}
