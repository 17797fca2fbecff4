import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { CategoriesModule } from '../categories/categories.module';
import { ImagesModule } from '../images/images.module';
import { ExportJobsController } from './export-jobs.controller';
import { ExportJobsRepository } from './export-jobs.repository';
import { ExportJobsService } from './export-jobs.service';
import { ExportJobsWorker } from './export-jobs.worker';

@Module({
  imports: [ArticlesModule, CategoriesModule, ImagesModule],
  controllers: [ExportJobsController],
  providers: [ExportJobsRepository, ExportJobsService, ExportJobsWorker],
  exports: [ExportJobsWorker],
})
export class ExportJobsModule {}
