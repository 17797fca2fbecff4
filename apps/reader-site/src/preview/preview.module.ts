import { Module } from '@nestjs/common';
import { DataModule } from '../data/data.module';
import { PagesModule } from '../pages/pages.module';
import { ServingModule } from '../serving/serving.module';
import { SiteModule } from '../site/site.module';
import { PreviewController } from './preview.controller';
import { PreviewRepository } from './preview.repository';
import { PreviewService } from './preview.service';

/** The dashboard's preview hand-off (docs/dashboard.md): a draft as readers would see it. */
@Module({
  imports: [DataModule, SiteModule, ServingModule, PagesModule],
  controllers: [PreviewController],
  providers: [PreviewRepository, PreviewService],
})
export class PreviewModule {}
