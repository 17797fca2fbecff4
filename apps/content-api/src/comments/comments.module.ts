import { Module } from '@nestjs/common';
import { createEmailSender, EMAIL_SENDER } from '@hc/http';
import { CommentEmailsRepository } from './comment-emails.repository';
import { CommentEmailsWorker } from './comment-emails.worker';
import { CommentModerationService } from './comment-moderation.service';
import { ArticleCommentsController, CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';
import { DashboardCommentsController } from './dashboard-comments.controller';

@Module({
  controllers: [CommentsController, ArticleCommentsController, DashboardCommentsController],
  providers: [
    CommentsRepository,
    CommentsService,
    CommentModerationService,
    CommentEmailsRepository,
    CommentEmailsWorker,
    { provide: EMAIL_SENDER, useFactory: createEmailSender },
  ],
  exports: [CommentsService, CommentModerationService],
})
export class CommentsModule {}
