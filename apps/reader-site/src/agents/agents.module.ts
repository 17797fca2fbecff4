import { Module } from '@nestjs/common';
import { DataModule } from '../data/data.module';
import { ServingModule } from '../serving/serving.module';
import { SiteModule } from '../site/site.module';
import { AgentDocumentsService } from './agent-documents.service';

/** Documents for agents and search engines: robots.txt, sitemaps, llms.txt, `.md` articles. */
@Module({
  imports: [DataModule, SiteModule, ServingModule],
  providers: [AgentDocumentsService],
  exports: [AgentDocumentsService],
})
export class AgentsModule {}
