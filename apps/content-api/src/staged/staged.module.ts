import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { StagedController } from './staged.controller';
import { StagedPublisher } from './staged-publisher';
import { StagedRepository } from './staged.repository';
import { StagedService } from './staged.service';

@Module({
  imports: [ArticlesModule],
  controllers: [StagedController],
  providers: [StagedRepository, StagedService, StagedPublisher],
  exports: [StagedRepository, StagedPublisher],
})
export class StagedModule {}
