import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { ImagesModule } from '../images/images.module';
import { RehostService } from '../images/rehost.service';
import { replayDownloads, StagedDownloads } from '../images/staged-downloads';
import { ArticleQueryService } from './article-query.service';
import { VersionsRepository } from './article-versions.repository';
import { ArticleWriter } from './article-writer';
import { ArticlesController } from './articles.controller';
import { ArticlesRepository } from './articles.repository';
import { ArticlesService } from './articles.service';
import { BulkArticlesService } from './bulk.service';
import { IMAGE_REHOSTER, ImageRehoster, type StagedImages } from './image-rehoster';

@Module({
  imports: [CategoriesModule, ImagesModule],
  controllers: [ArticlesController],
  providers: [
    ArticlesRepository,
    ArticlesService,
    ArticleWriter,
    VersionsRepository,
    ArticleQueryService,
    BulkArticlesService,
    {
      // spec 2.3 rule 5: the images domain copies the article's images, all languages at once.
      provide: IMAGE_REHOSTER,
      inject: [RehostService],
      useFactory: (rehost: RehostService): ImageRehoster => ({
        rehost: (site, content) => rehost.rehostContent(site, content),
        stage: async (content) => (await rehost.stage(content)) as unknown as StagedImages,
        replay: (staged, work) => replayDownloads(staged as unknown as StagedDownloads, work),
      }),
    },
  ],
  exports: [ArticlesRepository, ArticlesService, ArticleWriter, VersionsRepository],
})
export class ArticlesModule {}
