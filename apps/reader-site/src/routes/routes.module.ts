import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { AgentsModule } from '../agents/agents.module';
import { PagesModule } from '../pages/pages.module';
import { ReaderController, SiteDomainController } from './reader.controller';

/** The reader's routes: every path of a site (GET, HEAD, POST), after the preview hand-off. */
@Module({
  imports: [AgentsModule, PagesModule, ActivityModule],
  controllers: [ReaderController, SiteDomainController],
})
export class RoutesModule {}
