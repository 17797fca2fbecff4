import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentSite, Scopes } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { Allow } from 'class-validator';
import { FeedbackService } from './feedback.service';

/** Body of POST /articles/{id}/feedback; checked in FeedbackService. */
export class FeedbackDto {
  /** `thumbs_up`, `thumbs_down` or `love`. */
  @Allow() rating?: unknown;
  /** The reader's language; one the site lacks is recorded as the default language. */
  @Allow() lang?: unknown;
  /** Optional words from the reader, up to 5,000 characters (never shown through the API). */
  @Allow() message?: unknown;
}

@Controller('articles/:id/feedback')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  /** Scope content.write (decisions.md): it changes the article's counters. */
  @Post()
  @HttpCode(200)
  @Scopes('content.write')
  record(@CurrentSite() site: SiteContext, @Param('id') id: string, @Body() body: FeedbackDto) {
    return this.feedback.record(site, id, body);
  }
}
