import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { ArticleQueryService } from './article-query.service';
import { ArticlesController } from './articles.controller';
import { ArticlesRepository } from './articles.repository';
import { ArticlesService } from './articles.service';
import { BulkArticlesService } from './bulk.service';

@Module({
  imports: [CategoriesModule],
  controllers: [ArticlesController],
  providers: [ArticlesRepository, ArticlesService, ArticleQueryService, BulkArticlesService],
  exports: [ArticlesRepository, ArticlesService],
})
export class ArticlesModule {}
