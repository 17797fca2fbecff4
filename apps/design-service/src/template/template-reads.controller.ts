import {
  Body,
  Controller,
  Get,
  HttpCode,
  Injectable,
  Param,
  Patch,
  PipeTransform,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { notFound } from '@hc/contracts';
import { dryRunRequested, DryRunQuery, IdParam } from '@hc/http';
import { findTheme, ThemeDef } from '../themes/themes';
import { DesignAccessGuard } from './design-access.guard';
import { designVersionNotFound, DesignWriteService } from './design-write.service';
import { TemplateService } from './template.service';
import {
  ApplyThemeDto,
  DesignWriteDto,
  PatchDraftDto,
  PublishDesignDto,
} from './dto/design-write.dto';

type QueryParams = Record<string, unknown>;

/** `{themeKey}` of apply: an unknown key answers 404 `Theme not found.` before the body is read. */
@Injectable()
class ThemePipe implements PipeTransform<string, ThemeDef> {
  transform(key: string): ThemeDef {
    const theme = findTheme(key);
    if (!theme) throw notFound('Theme not found.');
    return theme;
  }
}

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
  @DryRunQuery()
  @Patch('draft')
  @Scopes('design.write')
  patchDraft(
    @CurrentSite() site: SiteContext,
    @Body() body: PatchDraftDto,
    @Query() query: QueryParams,
  ) {
    return this.writes.patch(site, body, dryRunRequested(query, body.dry_run));
  }

  @ApiOperation({ summary: 'Discard the design draft' })
  @ApiBody({ type: DesignWriteDto, required: false })
  @Post('draft/discard')
  @HttpCode(200)
  @Scopes('design.write')
  discard(@CurrentSite() site: SiteContext, @Body() body: DesignWriteDto) {
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
  @ApiBody({ type: ApplyThemeDto, required: false })
  @ApiParam({ name: 'themeKey', type: 'string', example: 'classic' })
  @Post('themes/:themeKey/apply')
  @HttpCode(200)
  @Scopes('design.write')
  apply(
    @CurrentSite() site: SiteContext,
    @Param('themeKey', ThemePipe) theme: ThemeDef,
    @Body() body: ApplyThemeDto,
  ) {
    return this.writes.applyTheme(site, theme, body);
  }

  @ApiOperation({ summary: 'Publish the design draft' })
  @ApiBody({ type: PublishDesignDto, required: false })
  @Post('publish')
  @HttpCode(200)
  @Scopes('design.write')
  publish(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: PublishDesignDto,
  ) {
    return this.writes.publish(site, ctx, body);
  }

  @ApiOperation({ summary: 'List published design versions' })
  @Get('versions')
  @Scopes('design.read')
  versions(@CurrentSite() site: SiteContext) {
    return this.reads.versions(site);
  }

  @ApiOperation({ summary: 'Restore a design version into the draft' })
  @ApiBody({ type: DesignWriteDto, required: false })
  @Post('versions/:versionId/restore')
  @HttpCode(200)
  @Scopes('design.write')
  restore(
    @CurrentSite() site: SiteContext,
    @IdParam('versionId', designVersionNotFound) versionId: number,
    @Body() body: DesignWriteDto,
  ) {
    return this.writes.restore(site, versionId, body);
  }
}
