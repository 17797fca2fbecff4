import { Module } from '@nestjs/common';
import { DataModule } from '../data/data.module';
import { ServingModule } from '../serving/serving.module';
import { SiteModule } from '../site/site.module';
import { ArticlePageService } from './article-page.service';
import { InstantSearchService } from './instant-search.service';
import { ListingPagesService } from './listing-pages.service';
import { ReaderService } from './reader.service';

/** The reader's pages: home, categories, articles, search. */
@Module({
  imports: [DataModule, SiteModule, ServingModule],
  providers: [ArticlePageService, InstantSearchService, ListingPagesService, ReaderService],
  exports: [ArticlePageService, ReaderService],
})
export class PagesModule {}
