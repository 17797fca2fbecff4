import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { AuditModule } from '../audit/audit.module';
import { CategoriesModule } from '../categories/categories.module';
import { LiveWriter } from './live-writer';
import { VersionsController } from './versions.controller';
import { VersionsRepository } from './versions.repository';
import { VersionsService } from './versions.service';

@Module({
  imports: [ArticlesModule, AuditModule, CategoriesModule],
  controllers: [VersionsController],
  providers: [VersionsRepository, VersionsService, LiveWriter],
  exports: [VersionsRepository, LiveWriter],
})
export class VersionsModule {}
