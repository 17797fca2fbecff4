import { wrapSuccess } from '@hc/http';
import { Controller, Get, Query } from '@nestjs/common';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { TranslationsService } from './translations.service';
import { TranslationsQuery } from './dto/translations-query.dto';
import { ContentRead } from '../http/content-routes';

@Controller('translations')
export class TranslationsController {
  constructor(private readonly translations: TranslationsService) {}

  @ContentRead(Get(), 'Translation status of articles')
  async list(@CurrentSite() site: SiteContext, @Query() query: TranslationsQuery) {
    return wrapSuccess(await this.translations.list(site, query.lang));
  }
}
