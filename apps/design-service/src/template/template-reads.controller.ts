import { wrapSuccess } from '@hc/http';
import { Controller, Param, Query, UseGuards } from '@nestjs/common';
import { CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { DesignAccessGuard } from './design-access.guard';
import { TemplateService } from './template.service';
import { DraftQuery, SchemaQuery } from './dto/template-query.dto';
import { designRead } from './template-operation';

/**
 * spec 4.12: the design API's reads; the writes are `TemplateController`, whose operation ids
 * (`TemplateController_<method>`) these keep. Works on every plan with an API key or OAuth token.
 */
@Controller('template')
@UseGuards(DesignAccessGuard)
export class TemplateReadsController {
  constructor(private readonly reads: TemplateService) {}

  @designRead('The design: draft and live state', 'template')
  async template(@CurrentSite() site: SiteContext) {
    return wrapSuccess(await this.reads.template(site));
  }

  @designRead('Read the design draft', 'draft', 'draft')
  async draft(@CurrentSite() site: SiteContext, @Query() query: DraftQuery) {
    return wrapSuccess(await this.reads.draft(site, query));
  }

  @designRead('The schema of the design document', 'schema', 'schema')
  schema(@Query() query: SchemaQuery) {
    return wrapSuccess(this.reads.schema(query));
  }

  @designRead('List themes', 'themes', 'themes')
  async themes(@CurrentSite() site: SiteContext) {
    return wrapSuccess(await this.reads.themes(site));
  }

  @designRead('Read one theme', 'theme', 'themes/:themeKey')
  async theme(@CurrentSite() site: SiteContext, @Param('themeKey') key: string) {
    return wrapSuccess(await this.reads.theme(site, key));
  }

  @designRead('List published design versions', 'versions', 'versions')
  async versions(@CurrentSite() site: SiteContext) {
    return wrapSuccess(await this.reads.versions(site));
  }
}
