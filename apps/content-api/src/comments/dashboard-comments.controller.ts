import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { IdParam, wrapSuccess } from '@hc/http';
import { DashboardAdminRead, DashboardWrite } from '../http/content-routes';
import { CommentModerationService } from './comment-moderation.service';
import { COMMENT_NOT_FOUND } from './comments.service';
import { CommentActionsDto } from './dto/comment-actions.dto';

/** The dashboard's moderation queue (issue 38 item 7); the list is GET /comments. */
@Controller('dashboard/comments')
export class DashboardCommentsController {
  constructor(private readonly moderation: CommentModerationService) {}

  @DashboardWrite(Post('actions'), {
    summary: 'Approve, unpublish or delete several comments',
    description:
      'One request for up to 100 comments, each judged on its own; delete is only here ' +
      '(PATCH /comments cannot delete, spec 4.9). Reader comments send no webhook event (spec 6).',
  })
  @HttpCode(200)
  async act(@CurrentSite() site: SiteContext, @Body() body: CommentActionsDto) {
    return wrapSuccess(await this.moderation.act(site, body.action, body.ids));
  }

  @DashboardAdminRead(Get(':id/email'), {
    summary: 'The email address of a comment’s author',
    description:
      'Owners and Admins only, in the dashboard; recorded in the audit log. The API’s ' +
      '`include_email=1` keeps failing for every credential (spec 4.9).',
  })
  async email(
    @CurrentSite() site: SiteContext,
    @IdParam('id', () => notFound(COMMENT_NOT_FOUND)) id: number,
  ) {
    return wrapSuccess({ author: await this.moderation.authorEmail(site, id) });
  }
}
