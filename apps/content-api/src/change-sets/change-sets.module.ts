import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { StagedModule } from '../staged/staged.module';
import { ChangeSetsController } from './change-sets.controller';
import { ChangeSetsRepository } from './change-sets.repository';
import { ChangeSetsService } from './change-sets.service';
import { ChangeSetsWorker } from './change-sets.worker';

@Module({
  imports: [ArticlesModule, StagedModule],
  controllers: [ChangeSetsController],
  providers: [ChangeSetsRepository, ChangeSetsService, ChangeSetsWorker],
})
export class ChangeSetsModule {}
