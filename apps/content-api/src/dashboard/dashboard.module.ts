import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { CategoriesModule } from '../categories/categories.module';
import { DashboardArticlesController, TrashController } from './dashboard-articles.controller';
import { DashboardArticlesService } from './dashboard-articles.service';

/** The dashboard's own article operations: multi-select actions, the Trash, releases (issue 37). */
@Module({
  imports: [ArticlesModule, CategoriesModule],
  controllers: [DashboardArticlesController, TrashController],
  providers: [DashboardArticlesService],
})
export class DashboardModule {}
