import { Module } from '@nestjs/common';
import { CategoriesController } from './categories.controller';
import { CategoriesRepository } from './categories.repository';
import { CategoriesService } from './categories.service';
import { CategoryOrderService } from './category-order.service';
import { CategoryArticlesRepository } from './category-articles.repository';

@Module({
  controllers: [CategoriesController],
  providers: [
    CategoriesRepository,
    CategoryArticlesRepository,
    CategoriesService,
    CategoryOrderService,
  ],
  exports: [CategoriesRepository, CategoriesService],
})
export class CategoriesModule {}
