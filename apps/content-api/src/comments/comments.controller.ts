import { Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import { IdParam, wrapSuccess } from '@hc/http';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { CommentBodyDto, ModerateCommentDto } from './dto/comment.dto';
import { CommentModerationService } from './comment-moderation.service';
import { COMMENT_NOT_FOUND, CommentsService } from './comments.service';
import { ArticleRefIdParam } from './article-ref';
import { ArticleCommentsQuery, CommentsQuery } from './dto/comments-query.dto';
import { ContentRead, ContentWrite } from '../http/content-routes';

/** Spec 4.9: the site's reader comments and their moderation. */
@Controller('comments')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly moderation: CommentModerationService,
  ) {}

  @ContentRead(Get(), 'List reader comments')
  async list(@CurrentSite() site: SiteContext, @Query() query: CommentsQuery) {
    return wrapSuccess(await this.comments.list(site, query));
  }

  @ContentWrite(Patch(':id'), 'Approve or unpublish a comment')
  async moderate(
    @CurrentSite() site: SiteContext,
    @IdParam('id', () => notFound(COMMENT_NOT_FOUND)) id: number,
    @Body() body: ModerateCommentDto,
  ) {
    return wrapSuccess(await this.moderation.moderate(site, id, body.action));
  }
}

/** Spec 4.9: one article's comment threads, and posting as the credential's person. */
@Controller('articles/:id/comments')
export class ArticleCommentsController {
  constructor(private readonly comments: CommentsService) {}

  @ContentRead(Get(), 'Comment threads of an article')
  async threads(
    @CurrentSite() site: SiteContext,
    @ArticleRefIdParam() id: number,
    @Query() query: ArticleCommentsQuery,
  ) {
    return wrapSuccess(await this.comments.articleThreads(site, id, query));
  }

  @ContentWrite(Post(), 'Comment on an article as the credential’s person')
  @HttpCode(201)
  async post(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleRefIdParam() id: number,
    @Body() body: CommentBodyDto,
  ) {
    return wrapSuccess(
      await this.comments.postAsMember(site, ctx, id, {
        text: body.text,
        parentId: body.parent_id ?? null,
        lang: body.lang ?? undefined,
      }),
    );
  }
}
