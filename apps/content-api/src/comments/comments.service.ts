import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { apiError, ContentErrorCode, fieldError, messages } from '@hc/contracts';
import type { RequestContext } from '@hc/auth';
import { pageMeta } from '@hc/http';
import { ArticleCommentsQuery, CommentsQuery, commentsPaging } from './dto/comments-query.dto';
import { ArticleSite, requireArticleRef } from './article-ref';
import { readEmail, readName, readOptionalId, readSiteLanguage, readText } from './comment-input';
import { toCommentResponse, toThreads } from './comment.mapper';
import { CommentFilter, CommentsRepository } from './comments.repository';

export type CommentSite = ArticleSite & { languages: string[] };

export const COMMENT_NOT_FOUND = 'Comment not found.';

/** A comment by the credential's person, as the edge read it (spec 4.9). */
export interface MemberCommentInput {
  text: string;
  parentId: number | null;
  /** Checked against the site's languages here. */
  lang?: string;
}

/** A reader's comment as the reader site (or `hc comment add`) sends it. */
export interface ReaderCommentInput {
  articleId: number;
  name: unknown;
  email: unknown;
  text: unknown;
  lang?: unknown;
  parentId?: unknown;
  ip?: string | null;
}

function siteLanguages(site: CommentSite): string[] {
  return [...new Set([site.defaultLanguage, ...site.languages])];
}

/** Spec 4.9: `include_email` = 1 fails whatever the credential (decisions.md). */
function refuseEmail(query: ArticleCommentsQuery): void {
  if (query.include_email) {
    throw apiError(
      ContentErrorCode.IncludeEmailUnavailable,
      'Commenter email addresses are not available through the API.',
    );
  }
}

/** Spec 4.9: the comment lists, and comments posted by a member (API) or a reader. */
@Injectable()
export class CommentsService {
  constructor(private readonly comments: CommentsRepository) {}

  /** The filters shared by both lists: state, language (a site language, else 422). */
  private readFilter(site: CommentSite, query: ArticleCommentsQuery): CommentFilter {
    const filter: CommentFilter = { status: query.status };
    const lang = query.lang;
    if (lang !== undefined) {
      if (!siteLanguages(site).includes(lang))
        throw fieldError('lang', messages.selectedInvalid('lang'));
      filter.lang = lang;
    }
    return filter;
  }

  /** GET /comments (spec 4.9, 4.2): newest first, 25 a page, at most 100. */
  async list(site: CommentSite, query: CommentsQuery) {
    refuseEmail(query);
    const filter = this.readFilter(site, query);
    filter.articleId = query.article_id;
    filter.search = query.search;
    const order = query.order ?? 'desc';
    const paging = commentsPaging(query);
    const [{ rows, total }, statusCounts] = await Promise.all([
      this.comments.page(site.id, filter, order, paging.perPage, paging.offset),
      this.comments.statusCounts(site.id, filter),
    ]);
    return {
      comments: rows.map(toCommentResponse),
      meta: { ...pageMeta(paging, total), status_counts: statusCounts },
    };
  }

  /** GET /articles/{id}/comments: threads with nested replies, no paging. */
  async articleThreads(site: CommentSite, articleId: number, query: ArticleCommentsQuery) {
    const article = await requireArticleRef(this.comments.manager, site, articleId);
    refuseEmail(query);
    const filter = this.readFilter(site, query);
    const rows = await this.comments.ofArticle(site.id, article.id, filter);
    const threads = toThreads(rows);
    return {
      article: {
        id: article.id,
        title: article.title,
        _links: { view: { method: 'GET', url: article.url } },
      },
      comments: threads,
      meta: { threads_count: threads.length, comments_count: rows.length },
    };
  }

  /** POST /articles/{id}/comments: as the credential's person, published at once (spec 4.9). */
  async postAsMember(
    site: CommentSite,
    ctx: RequestContext,
    articleId: number,
    input: MemberCommentInput,
  ) {
    const row = await this.comments.transaction(async (m) => {
      const article = await requireArticleRef(m, site, articleId, true);
      const { parentId, lang } = await this.placement(
        m,
        site,
        article.id,
        input.parentId,
        readSiteLanguage(input.lang, siteLanguages(site)),
      );
      const authorName = await this.comments.userName(m, ctx.principal.userId);
      const id = await this.comments.insert(site.id, m, {
        articleId: article.id,
        parentId,
        lang,
        status: 'published',
        body: input.text,
        authorUserId: ctx.principal.userId,
        authorName,
        authorEmail: null,
        authorIp: null,
      });
      await writeAuditEvent(m, site, 'comment.create', { type: 'comment', id });
      return (await this.comments.find(site.id, id, m))!;
    });
    return { message: 'Comment posted.', comment: toCommentResponse(row) };
  }

  /**
   * A reader's comment (the reader site, `hc comment add`): `pending` while the site moderates
   * comments (the default), else `published`. Name and email are required; the email and IP
   * are kept for moderation and replies and never shown.
   */
  async postAsReader(site: CommentSite, input: ReaderCommentInput) {
    return this.comments.transaction(async (m) => {
      const article = await requireArticleRef(m, site, input.articleId, true);
      const name = readName(input.name);
      const email = readEmail(input.email);
      const text = readText(input.text);
      const { parentId, lang } = await this.placement(
        m,
        site,
        article.id,
        readOptionalId(input.parentId, 'parent_id'),
        readSiteLanguage(input.lang, siteLanguages(site)),
      );
      const id = await this.comments.insert(site.id, m, {
        articleId: article.id,
        parentId,
        lang,
        status: (await this.comments.moderates(site.id, m)) ? 'pending' : 'published',
        body: text,
        authorUserId: null,
        authorName: name,
        authorEmail: email,
        authorIp: input.ip ?? null,
      });
      // Issue 24: recorded for the operator (`hc comment add`); a reader has no actor.
      await writeAuditEvent(m, site, 'comment.create', { type: 'comment', id });
      return toCommentResponse((await this.comments.find(site.id, id, m))!);
    });
  }

  /**
   * Parent and language: a parent must be a (not deleted) comment on the same article, else
   * 422; a reply takes its parent's language; a new thread takes `lang` (a site language, else
   * 422) or the site's default language.
   */
  private async placement(
    m: EntityManager,
    site: CommentSite,
    articleId: number,
    parentId: number | null,
    lang: string | undefined,
  ): Promise<{ parentId: number | null; lang: string }> {
    if (parentId === null) return { parentId: null, lang: lang ?? site.defaultLanguage };
    const parent = await this.comments.find(site.id, parentId, m);
    if (!parent || parent.articleId !== articleId || parent.status === 'deleted') {
      throw fieldError('parent_id', messages.selectedInvalid('parent_id'));
    }
    return { parentId, lang: parent.lang };
  }
}
