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
import { ApiOperation } from '@nestjs/swagger';
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

  @ApiOperation({ summary: 'The design: draft and live state' })
  @Get()
  @Scopes('design.read')
  template(@CurrentSite() site: SiteContext) {
    return this.reads.template(site);
  }

  @ApiOperation({ summary: 'Read the design draft' })
  @Get('draft')
  @Scopes('design.read')
  draft(@CurrentSite() site: SiteContext, @Query() query: QueryParams) {
    return this.reads.draft(site, query);
  }

  @ApiOperation({ summary: 'Change the design draft with a batch of operations' })
  @Patch('draft')
  @Scopes('design.write')
  patchDraft(@CurrentSite() site: SiteContext, @Body() body: unknown) {
    return this.writes.patch(site, body);
  }

  @ApiOperation({ summary: 'Discard the design draft' })
  @Post('draft/discard')
  @HttpCode(200)
  @Scopes('design.write')
  discard(@CurrentSite() site: SiteContext, @Body() body: unknown) {
    return this.writes.discard(site, body);
  }

  @ApiOperation({ summary: 'The schema of the design document' })
  @Get('schema')
  @Scopes('design.read')
  schema(@Query() query: QueryParams) {
    return this.reads.schema(query);
  }

  @ApiOperation({ summary: 'List themes' })
  @Get('themes')
  @Scopes('design.read')
  themes(@CurrentSite() site: SiteContext) {
    return this.reads.themes(site);
  }

  @ApiOperation({ summary: 'Read one theme' })
  @Get('themes/:themeKey')
  @Scopes('design.read')
  theme(@CurrentSite() site: SiteContext, @Param('themeKey') key: string) {
    return this.reads.theme(site, key);
  }

  @ApiOperation({ summary: 'Apply a theme to the draft' })
  @Post('themes/:themeKey/apply')
  @HttpCode(200)
  @Scopes('design.write')
  apply(@CurrentSite() site: SiteContext, @Param('themeKey') key: string, @Body() body: unknown) {
    return this.writes.applyTheme(site, key, body);
  }

  @ApiOperation({ summary: 'Publish the design draft' })
  @Post('publish')
  @HttpCode(200)
  @Scopes('design.write')
  publish(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.writes.publish(site, ctx, body);
  }

  @ApiOperation({ summary: 'List published design versions' })
  @Get('versions')
  @Scopes('design.read')
  versions(@CurrentSite() site: SiteContext) {
    return this.reads.versions(site);
  }

  @ApiOperation({ summary: 'Restore a design version into the draft' })
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
