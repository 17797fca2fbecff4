import { wrapSuccess } from '@hc/http';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { ArticleRefIdParam } from '../comments/article-ref';
import { FeedbackDto } from './dto/feedback.dto';
import { FeedbackService } from './feedback.service';
import { ContentWrite } from '../http/content-routes';

/** Spec 4.4: reader feedback on an article. */
@Controller('articles/:id/feedback')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  /** Scope content.write (decisions.md): it changes the article's counters. */
  @ContentWrite(Post(), 'Record reader feedback on an article')
  @HttpCode(200)
  async record(
    @CurrentSite() site: SiteContext,
    @ArticleRefIdParam() id: number,
    @Body() body: FeedbackDto,
  ) {
    return wrapSuccess(await this.feedback.record(site, id, body));
  }
}
