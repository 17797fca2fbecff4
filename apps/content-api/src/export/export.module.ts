import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { CategoriesModule } from '../categories/categories.module';
import { ExportController } from './export.controller';
import { ExportService } from './export.service';

@Module({
  imports: [ArticlesModule, CategoriesModule],
  controllers: [ExportController],
  providers: [ExportService],
})
export class ExportModule {}
