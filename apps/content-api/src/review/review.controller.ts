import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { notFound } from '@hc/contracts';
import { IdParam, pagingOf, wrapSuccess } from '@hc/http';
import { DashboardAdminWrite, DashboardRead, DashboardWrite } from '../http/content-routes';
import {
  ApproveReviewDto,
  NewReviewDto,
  ReviewSettingsDto,
  ReviewsQuery,
  ScheduleReviewDto,
  SendBackReviewDto,
} from './dto/review.dto';
import { REVIEW_NOT_FOUND, ReviewService } from './review.service';

const ReviewIdParam = () => IdParam('id', () => notFound(REVIEW_NOT_FOUND));

/**
 * Review before publishing (issue 39 item 7), dashboard sessions only: a person asks a named
 * reviewer; the reviewer approves or sends back (the discussion is the article's team notes);
 * an approved article change can be scheduled. Keys and tokens get 403 `session_required`.
 */
@Controller()
export class ReviewController {
  constructor(private readonly reviews: ReviewService) {}

  @DashboardRead(Get('reviews'), {
    summary: 'List review requests',
    description: '`list=waiting`: pending requests naming me; `list=mine`: those I made.',
  })
  async list(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Query() query: ReviewsQuery,
  ) {
    return wrapSuccess(await this.reviews.list(site, ctx, query, pagingOf(query, 25)));
  }

  @DashboardRead(Get('reviews/reviewers'), 'The members who may review (their role publishes)')
  async reviewers(@CurrentSite() site: SiteContext) {
    return wrapSuccess(await this.reviews.reviewers(site));
  }

  @DashboardRead(Get('reviews/:id'), 'Read a review request')
  async get(@CurrentSite() site: SiteContext, @ReviewIdParam() id: number) {
    return wrapSuccess(await this.reviews.get(site, id));
  }

  @DashboardWrite(Post('reviews'), {
    summary: 'Ask for review of an article’s changes or a change set',
    description:
      'The reviewer is a member whose role publishes, never the person asking; they get an ' +
      'email. A new request replaces the open ones on the same article or change set. Sends ' +
      'no event.',
  })
  @HttpCode(201)
  async request(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: NewReviewDto,
  ) {
    return wrapSuccess(await this.reviews.request(site, ctx, body));
  }

  @DashboardWrite(Post('reviews/:id/approve'), {
    summary: 'Approve a review request',
    description:
      'By the reviewer named, an Owner or an Admin; never by the person who asked (403 ' +
      '`review_forbidden`). The approval covers the changes as they are now.',
  })
  @HttpCode(200)
  async approve(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ReviewIdParam() id: number,
    @Body() body: ApproveReviewDto,
  ) {
    return wrapSuccess(await this.reviews.decide(site, ctx, id, 'approve', body.comment ?? null));
  }

  @DashboardWrite(Post('reviews/:id/send-back'), {
    summary: 'Send a review request back with a comment',
    description: 'By the reviewer named, an Owner or an Admin; never by the person who asked.',
  })
  @HttpCode(200)
  async sendBack(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ReviewIdParam() id: number,
    @Body() body: SendBackReviewDto,
  ) {
    return wrapSuccess(await this.reviews.decide(site, ctx, id, 'send_back', body.comment));
  }

  @DashboardWrite(Post('reviews/:id/schedule'), {
    summary: 'Schedule the publish of an approved change',
    description:
      'At `publish_at` the change is published as a person’s publish would be (events and ' +
      'webhooks included), recorded as the write of whoever scheduled it; null unschedules.',
  })
  @HttpCode(200)
  async schedule(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ReviewIdParam() id: number,
    @Body() body: ScheduleReviewDto,
  ) {
    return wrapSuccess(await this.reviews.schedule(site, ctx, id, body.publish_at));
  }

  /** Every member reads it: the editor shows "ask for review" when it is on. */
  @DashboardRead(Get('review-settings'), 'Whether people need an approval to publish')
  async settings(@CurrentSite() site: SiteContext) {
    return wrapSuccess(await this.reviews.requirement(site));
  }

  @DashboardAdminWrite(Put('review-settings'), {
    summary: 'Require an approved review before people publish in the dashboard',
    description:
      'Owners and Admins publish without one; API keys and OAuth tokens keep the spec’s rules. ' +
      'Sends no event.',
  })
  async setSettings(@CurrentSite() site: SiteContext, @Body() body: ReviewSettingsDto) {
    return wrapSuccess(await this.reviews.setRequirement(site, body.require_approval));
  }
}
