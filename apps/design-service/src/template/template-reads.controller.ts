import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { CurrentSite, Scopes } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { DesignAccessGuard } from './design-access.guard';
import { TemplateService } from './template.service';
import { DraftQuery, SchemaQuery } from './dto/template-query.dto';
import { templateOperation } from './template-operation';

/**
 * spec 4.12: the design API's reads; the writes are `TemplateController`, whose operation ids
 * (`TemplateController_<method>`) these keep. Works on every plan with an API key or OAuth token.
 */
@Controller('template')
@UseGuards(DesignAccessGuard)
export class TemplateReadsController {
  constructor(private readonly reads: TemplateService) {}

  @templateOperation('The design: draft and live state', 'template')
  @Get()
  @Scopes('design.read')
  template(@CurrentSite() site: SiteContext) {
    return this.reads.template(site);
  }

  @templateOperation('Read the design draft', 'draft')
  @Get('draft')
  @Scopes('design.read')
  draft(@CurrentSite() site: SiteContext, @Query() query: DraftQuery) {
    return this.reads.draft(site, query);
  }

  @templateOperation('The schema of the design document', 'schema')
  @Get('schema')
  @Scopes('design.read')
  schema(@Query() query: SchemaQuery) {
    return this.reads.schema(query);
  }

  @templateOperation('List themes', 'themes')
  @Get('themes')
  @Scopes('design.read')
  themes(@CurrentSite() site: SiteContext) {
    return this.reads.themes(site);
  }

  @templateOperation('Read one theme', 'theme')
  @Get('themes/:themeKey')
  @Scopes('design.read')
  theme(@CurrentSite() site: SiteContext, @Param('themeKey') key: string) {
    return this.reads.theme(site, key);
  }

  @templateOperation('List published design versions', 'versions')
  @Get('versions')
  @Scopes('design.read')
  versions(@CurrentSite() site: SiteContext) {
    return this.reads.versions(site);
  }
}
