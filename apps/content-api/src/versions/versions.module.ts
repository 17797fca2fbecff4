import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/articles.module';
import { AuditModule } from '../audit/audit.module';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';

@Module({
  imports: [ArticlesModule, AuditModule],
  controllers: [VersionsController],
  providers: [VersionsService],
})
export class VersionsModule {}
