import {
  Body,
  Controller,
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
import {
  ApplyThemeDto,
  DesignWriteDto,
  PatchDraftDto,
  PublishDesignDto,
} from './dto/design-write.dto';

/** `{themeKey}` of apply: an unknown key answers 404 `Theme not found.` before the body is read. */
@Injectable()
class ThemePipe implements PipeTransform<string, ThemeDef> {
  transform(key: string): ThemeDef {
    const theme = findTheme(key);
    if (!theme) throw notFound('Theme not found.');
    return theme;
  }
}

/**
 * spec 4.12: the design API's writes (the draft, themes, publishing, restoring); the reads are
 * `TemplateReadsController`. Works on every plan with an API key or OAuth token.
 */
@Controller('template')
@UseGuards(DesignAccessGuard)
export class TemplateController {
  constructor(private readonly writes: DesignWriteService) {}

  @ApiOperation({ summary: 'Change the design draft with a batch of operations' })
  @Patch('draft')
  @Scopes('design.write')
  patchDraft(
    @CurrentSite() site: SiteContext,
    @Body() body: PatchDraftDto,
    @Query() query: DryRunQuery,
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
