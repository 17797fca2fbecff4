import { Module } from '@nestjs/common';
import { CommentEmailsRepository } from '../comments/comment-emails.repository';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { KeysController } from './keys.controller';
import { TeamDashboardRepository } from './team-dashboard.repository';
import { TeamDashboardService } from './team-dashboard.service';
import { TeamController } from './team.controller';
import { TeamModule } from './team.module';

/** The team, its invitations and its API keys in the dashboard (issue 38). */
@Module({
  imports: [TeamModule],
  controllers: [TeamController, KeysController, InvitationsController],
  providers: [
    TeamDashboardRepository,
    TeamDashboardService,
    InvitationsService,
    CommentEmailsRepository,
  ],
})
export class TeamDashboardModule {}
