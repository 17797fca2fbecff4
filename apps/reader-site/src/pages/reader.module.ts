import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { settings } from '@hc/contracts';
import { ActivityBuffer } from '@hc/data';
import { ActionsService } from '../activity/actions.service';
import { ActivityRepository } from '../activity/activity.repository';
import { SubmissionsService } from '../activity/submissions.service';
import { AgentDocumentsService } from '../agents/agent-documents.service';
import { GateService } from '../site/gate.service';
import { SessionFormsService } from '../site/session-forms.service';
import { SiteDirectory } from '../site/site-directory';
import { SiteRepository } from '../site/site.repository';
import { ArticlePageService } from './article-page.service';
import { ContentRepository } from './content.repository';
import { DesignRepository } from './design.repository';
import { ListingPagesService } from './listing-pages.service';
import { ReaderController, SiteDomainController } from './reader.controller';
import { PageCache } from './page-cache';
import { PageRenderer } from './page-renderer';
import { ReaderService } from './reader.service';
import { PreviewController } from '../preview/preview.controller';
import { PreviewRepository } from '../preview/preview.repository';
import { RenderBudget } from './render-budget';

@Module({
  // The dashboard's preview hand-off first: the reader routes take every other path.
  controllers: [PreviewController, ReaderController, SiteDomainController],
  providers: [
    SiteRepository,
    SiteDirectory,
    GateService,
    ContentRepository,
    DesignRepository,
    ActivityRepository,
    {
      // Views and searches, written in batches every second (issue #28, docs/caching.md).
      provide: ActivityBuffer,
      inject: [DataSource],
      useFactory: (ds: DataSource) => {
        const buffer = new ActivityBuffer(ds, settings().redisUrl);
        buffer.start();
        return buffer;
      },
    },
    PageCache,
    RenderBudget,
    PageRenderer,
    ArticlePageService,
    ListingPagesService,
    ReaderService,
    PreviewRepository,
    SubmissionsService,
    SessionFormsService,
    ActionsService,
    AgentDocumentsService,
  ],
})
export class ReaderModule {}
