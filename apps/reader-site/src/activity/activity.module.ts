import { Module } from '@nestjs/common';
import { DataModule } from '../data/data.module';
import { PagesModule } from '../pages/pages.module';
import { ServingModule } from '../serving/serving.module';
import { SiteModule } from '../site/site.module';
import { ActionsService } from './actions.service';
import { SubmissionsService } from './submissions.service';

/** What readers post: ratings, comments, contact messages, sign-in and password forms. */
@Module({
  imports: [DataModule, SiteModule, ServingModule, PagesModule],
  providers: [SubmissionsService, ActionsService],
  exports: [ActionsService],
})
export class ActivityModule {}
