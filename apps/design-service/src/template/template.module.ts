import { Module } from '@nestjs/common';
import { ThemePreviewController } from '../themes/theme-preview.controller';
import { DesignAccessGuard } from './design-access.guard';
import { DesignWriteService } from './design-write.service';
import { DraftStore } from './draft.store';
import { TemplateReadsController } from './template-reads.controller';
import { TemplateController } from './template.controller';
import { TemplateRepository } from './template.repository';
import { TemplateService } from './template.service';

@Module({
  controllers: [TemplateReadsController, TemplateController, ThemePreviewController],
  providers: [
    TemplateRepository,
    DraftStore,
    TemplateService,
    DesignWriteService,
    DesignAccessGuard,
  ],
})
export class TemplateModule {}
