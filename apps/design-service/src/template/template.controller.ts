import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { IdParam } from '@hc/http';
import { DesignAccessGuard } from './design-access.guard';
import { designVersionNotFound, DesignWriteService } from './design-write.service';
import { TemplateService } from './template.service';

type QueryParams = Record<string, unknown>;

/** spec 4.12: the design API. Works on every plan with an API key or OAuth token. */
@Controller('template')
@UseGuards(DesignAccessGuard)
export class TemplateController {
  constructor(
    private readonly reads: TemplateService,
    private readonly writes: DesignWriteService,
  ) {}

  @Get()
  @Scopes('design.read')
  template(@CurrentSite() site: SiteContext) {
    return this.reads.template(site);
  }

  @Get('draft')
  @Scopes('design.read')
  draft(@CurrentSite() site: SiteContext, @Query() query: QueryParams) {
    return this.reads.draft(site, query);
  }

  @Patch('draft')
  @Scopes('design.write')
  patchDraft(@CurrentSite() site: SiteContext, @Body() body: unknown) {
    return this.writes.patch(site, body);
  }

  @Post('draft/discard')
  @HttpCode(200)
  @Scopes('design.write')
  discard(@CurrentSite() site: SiteContext, @Body() body: unknown) {
    return this.writes.discard(site, body);
  }

  @Get('schema')
  @Scopes('design.read')
  schema(@Query() query: QueryParams) {
    return this.reads.schema(query);
  }

  @Get('themes')
  @Scopes('design.read')
  themes(@CurrentSite() site: SiteContext) {
    return this.reads.themes(site);
  }

  @Get('themes/:themeKey')
  @Scopes('design.read')
  theme(@CurrentSite() site: SiteContext, @Param('themeKey') key: string) {
    return this.reads.theme(site, key);
  }

  @Post('themes/:themeKey/apply')
  @HttpCode(200)
  @Scopes('design.write')
  apply(@CurrentSite() site: SiteContext, @Param('themeKey') key: string, @Body() body: unknown) {
    return this.writes.applyTheme(site, key, body);
  }

  @Post('publish')
  @HttpCode(200)
  @Scopes('design.write')
  publish(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.writes.publish(site, ctx, body);
  }

  @Get('versions')
  @Scopes('design.read')
  versions(@CurrentSite() site: SiteContext) {
    return this.reads.versions(site);
  }

  @Post('versions/:versionId/restore')
  @HttpCode(200)
  @Scopes('design.write')
  restore(
    @CurrentSite() site: SiteContext,
    @IdParam('versionId', designVersionNotFound) versionId: number,
    @Body() body: unknown,
  ) {
    return this.writes.restore(site, versionId, body);
  }
}
