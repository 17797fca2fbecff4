import { Module } from '@nestjs/common';
import { ActionsService } from '../activity/actions.service';
import { ActivityRepository } from '../activity/activity.repository';
import { AgentDocumentsService } from '../agents/agent-documents.service';
import { GateService } from '../site/gate.service';
import { SiteRepository } from '../site/site.repository';
import { ContentRepository } from './content.repository';
import { DesignRepository } from './design.repository';
import { ReaderController, SiteDomainController } from './reader.controller';
import { PageCache } from './page-cache';
import { ReaderService } from './reader.service';

@Module({
  controllers: [ReaderController, SiteDomainController],
  providers: [
    SiteRepository,
    GateService,
    ContentRepository,
    DesignRepository,
    ActivityRepository,
    PageCache,
    ReaderService,
    ActionsService,
    AgentDocumentsService,
  ],
})
export class ReaderModule {}
