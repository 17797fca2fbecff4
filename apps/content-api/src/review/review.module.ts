import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { ArticlesModule } from '../articles/articles.module';
import { ChangeSetsRepository } from '../change-sets/change-sets.repository';
import { CommentEmailsRepository } from '../comments/comment-emails.repository';
import { StagedModule } from '../staged/staged.module';
import { ReviewClock } from './review-clock';
import { ReviewController } from './review.controller';
import { ReviewGateInterceptor } from './review-gate.interceptor';
import { ReviewRepository } from './review.repository';
import { ReviewScheduler } from './review-scheduler.worker';
import { ReviewService } from './review.service';

/** Review before publishing (issue 39 item 7): requests, the publish gate, the scheduler. */
@Module({
  imports: [ArticlesModule, StagedModule],
  controllers: [ReviewController],
  providers: [
    ReviewRepository,
    ReviewService,
    ReviewClock,
    ReviewScheduler,
    ChangeSetsRepository,
    CommentEmailsRepository,
    { provide: APP_INTERCEPTOR, useClass: ReviewGateInterceptor },
  ],
})
export class ReviewModule {}
