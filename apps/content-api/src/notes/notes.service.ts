import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { fieldError, notFound } from '@hc/contracts';
import type { RequestContext } from '@hc/auth';
import { ArticleRef, ArticleSite, requireArticleRef, titleIn } from '../comments/article-ref';
import { readText } from '../comments/comment-input';
import { CommentEmailsRepository } from '../comments/comment-emails.repository';
import { highlightQuote, newMarkId } from './note-anchor';
import {
  MENTION_MAILS_PER_HOUR,
  mentionEmail,
  mentionKind,
  mentionedMembers,
} from './note-mentions';
import { toNoteThreadResponse } from './note.mapper';
import { NotesRepository } from './notes.repository';

export const NOTE_NOT_FOUND = 'Note not found.';

export interface NewNoteInput {
  articleId: number;
  userId: number;
  lang?: string;
  quote: unknown;
  text: unknown;
  /** Which repetition of the quote to anchor (0-based; the dashboard's selection), default 0. */
  occurrence?: number;
}

/** Team notes (spec 4.9, 2.10). Access is decided by NotesAccessGuard before these run. */
@Injectable()
export class NotesService {
  constructor(
    private readonly notes: NotesRepository,
    private readonly emails: CommentEmailsRepository,
  ) {}

  /** GET /articles/{id}/notes: open threads; `include_resolved`=1 adds resolved; `lang` unchecked. */
  async list(
    site: ArticleSite,
    articleId: number,
    filter: { lang?: string; includeResolved: boolean },
  ) {
    const article = await requireArticleRef(this.notes.manager, site, articleId);
    const { includeResolved } = filter;
    // spec 4.9: `lang` is not checked; a language with no notes (a typo) is an empty list.
    const lang = filter.lang;
    const [threads, open] = await Promise.all([
      this.notes.threads(site.id, article.id, { lang, includeResolved }),
      this.notes.openCount(site.id, article.id, lang),
    ]);
    return {
      article: { id: article.id, title: article.title },
      notes: threads.map(toNoteThreadResponse),
      meta: { threads_count: threads.length, open_count: open, includes_resolved: includeResolved },
    };
  }

  /** POST /articles/{id}/notes/{noteId}/replies: plain text 1–5,000; not idempotent. */
  async reply(
    site: ArticleSite,
    ctx: RequestContext,
    articleId: number,
    noteId: number,
    text: string,
  ) {
    const thread = await this.notes.transaction(async (m) => {
      const article = await requireArticleRef(m, site, articleId);
      if (!(await this.notes.lockThread(site.id, m, article.id, noteId))) {
        throw notFound(NOTE_NOT_FOUND);
      }
      const replyId = await this.notes.insertReply(site.id, m, noteId, ctx.principal.userId, text);
      await writeAuditEvent(m, site, 'note.reply', { type: 'note', id: noteId });
      await this.mention(site, m, article, ctx.principal.userId, text, {
        threadId: noteId,
        replyId,
      });
      return (
        await this.notes.threads(
          site.id,
          article.id,
          { includeResolved: true, threadId: noteId },
          m,
        )
      )[0];
    });
    return { message: 'Reply added.', note: toNoteThreadResponse(thread) };
  }

  /** POST /articles/{id}/notes/{noteId}/resolve: {status, message, id}; resolving again is a no-op. */
  async resolve(site: ArticleSite, ctx: RequestContext, articleId: number, noteId: number) {
    const id = await this.notes.transaction(async (m) => {
      const article = await requireArticleRef(m, site, articleId);
      if (!(await this.notes.lockThread(site.id, m, article.id, noteId))) {
        throw notFound(NOTE_NOT_FOUND);
      }
      await this.notes.resolve(site.id, m, noteId, ctx.principal.userId);
      await writeAuditEvent(m, site, 'note.resolve', { type: 'note', id: noteId });
      return noteId;
    });
    return { message: 'Note resolved.', id };
  }

  /**
   * Operator (`hc note add`, as the dashboard does): a new thread anchored on `quote`, which
   * must occur in the article's content in that language; the highlight markup of @hc/content
   * is written around it. The person must be a member with team-notes access.
   */
  async add(site: ArticleSite & { languages: string[] }, input: NewNoteInput) {
    const member = await this.notes.notesMember(site.id, input.userId);
    if (!member.exists)
      throw fieldError('user', `User ${input.userId} is not a member of site ${site.id}.`);
    if (!member.notesAccess) {
      throw fieldError('user', `User ${input.userId} has no team-notes access on site ${site.id}.`);
    }
    const lang = input.lang ?? site.defaultLanguage;
    const text = readText(input.text);
    const quote = readText(input.quote, 'quote');
    const thread = await this.notes.transaction(async (m) => {
      const article = await requireArticleRef(m, site, input.articleId, true);
      const content = await this.notes.lockContent(site.id, m, article.id, lang);
      if (content === null) {
        throw fieldError('lang', `Article ${article.id} has no content in "${lang}".`);
      }
      const markId = newMarkId();
      const highlighted = highlightQuote(content, quote, markId, input.occurrence ?? 0);
      if (highlighted === null) {
        throw fieldError('quote', `The quote was not found in the article's "${lang}" content.`);
      }
      await this.notes.writeContent(site.id, m, article.id, lang, highlighted);
      const id = await this.notes.insertThread(site.id, m, {
        articleId: article.id,
        lang,
        markId,
        quote,
        body: text,
        authorUserId: input.userId,
      });
      await writeAuditEvent(m, site, 'note.create', { type: 'note', id });
      await this.mention(site, m, article, input.userId, text, { threadId: id });
      return (
        await this.notes.threads(site.id, article.id, { includeResolved: true, threadId: id }, m)
      )[0];
    });
    return toNoteThreadResponse(thread);
  }

  /**
   * Issue 38: the members a note mentions (`@Name`, members with team-notes access, never the
   * author) get an email through the comment email outbox, queued in the note's transaction;
   * at most MENTION_MAILS_PER_HOUR per recipient an hour, beyond which the mention sends none.
   */
  private async mention(
    site: ArticleSite,
    m: EntityManager,
    article: ArticleRef,
    authorId: number,
    text: string,
    where: { threadId: number; replyId?: number },
  ): Promise<void> {
    if (!text.includes('@')) return;
    const members = await this.notes.notesMembers(site.id, m);
    const mentioned = mentionedMembers(text, members, authorId);
    if (mentioned.length === 0) return;
    const email = mentionEmail({
      siteId: site.id,
      articleId: article.id,
      articleTitle: titleIn(article, site.defaultLanguage, site.defaultLanguage),
      authorName: members.find((p) => p.id === authorId)?.name || 'A team member',
      text,
    });
    for (const person of mentioned) {
      if ((await this.notes.recentMentionMails(m, person.email)) >= MENTION_MAILS_PER_HOUR)
        continue;
      await this.emails.enqueue(
        site.id,
        m,
        where.threadId,
        mentionKind(where, person.id),
        { name: person.name, email: person.email },
        email.subject,
        email.body,
      );
    }
  }
}
