import { Module } from '@nestjs/common';
import { DataModule } from '../data/data.module';
import { SiteModule } from '../site/site.module';
import { PageCache } from './page-cache';
import { PageRenderer } from './page-renderer';
import { RenderBudget } from './render-budget';

/** How a page is answered: the bounded page cache, the render budget, the renderer. */
@Module({
  imports: [DataModule, SiteModule],
  providers: [PageCache, RenderBudget, PageRenderer],
  exports: [PageCache, RenderBudget, PageRenderer],
})
export class ServingModule {}
