import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentSite, Scopes } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { TranslationsService } from './translations.service';
import { TranslationsQuery } from './dto/translations-query.dto';

@Controller('translations')
export class TranslationsController {
  constructor(private readonly translations: TranslationsService) {}

  @ApiOperation({ summary: 'Translation status of articles' })
  @Get()
  @Scopes('content.read')
  list(@CurrentSite() site: SiteContext, @Query() query: TranslationsQuery) {
    return this.translations.list(site, query.lang);
  }
}
