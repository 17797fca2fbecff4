import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { CommentBodyDto, ModerateCommentDto } from './dto/comment.dto';
import { CommentsService } from './comments.service';

/** Spec 4.9: the site's reader comments and their moderation. */
@Controller('comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @Scopes('content.read')
  list(@CurrentSite() site: SiteContext, @Query() query: Record<string, unknown>) {
    return this.comments.list(site, query);
  }

  @Patch(':id')
  @Scopes('content.write')
  moderate(
    @CurrentSite() site: SiteContext,
    @Param('id') id: string,
    @Body() body: ModerateCommentDto,
  ) {
    return this.comments.moderate(site, id, body);
  }
}

/** Spec 4.9: one article's comment threads, and posting as the credential's person. */
@Controller('articles/:id/comments')
export class ArticleCommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @Scopes('content.read')
  threads(
    @CurrentSite() site: SiteContext,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.comments.articleThreads(site, id, query);
  }

  @Post()
  @HttpCode(201)
  @Scopes('content.write')
  post(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Body() body: CommentBodyDto,
  ) {
    return this.comments.postAsMember(site, ctx, id, { ...body });
  }
}
