import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { CategoriesModule } from '../categories/categories.module';
import { VersionsModule } from '../versions/versions.module';
import { StagedController } from './staged.controller';
import { StagedPublisher } from './staged-publisher';
import { StagedRepository } from './staged.repository';
import { StagedService } from './staged.service';

@Module({
  imports: [ArticlesModule, CategoriesModule, VersionsModule],
  controllers: [StagedController],
  providers: [StagedRepository, StagedService, StagedPublisher],
  exports: [StagedRepository, StagedPublisher],
})
export class StagedModule {}
