import {
  Body,
  Controller,
  Injectable,
  Param,
  Patch,
  PipeTransform,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiOperation, ApiParam } from '@nestjs/swagger';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { notFound } from '@hc/contracts';
import { dryRunRequested, DryRunQuery, IdParam, wrapSuccess } from '@hc/http';
import { findTheme, ThemeDef } from '../themes/themes';
import { DesignAccessGuard } from './design-access.guard';
import { designVersionNotFound, DesignWriteService } from './design-write.service';
import { designPost } from './template-operation';
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
  async patchDraft(
    @CurrentSite() site: SiteContext,
    @Body() body: PatchDraftDto,
    @Query() query: DryRunQuery,
  ) {
    return wrapSuccess(await this.writes.patch(site, body, dryRunRequested(query, body.dry_run)));
  }

  @designPost('Discard the design draft', 'draft/discard', DesignWriteDto)
  async discard(@CurrentSite() site: SiteContext, @Body() body: DesignWriteDto) {
    return wrapSuccess(await this.writes.discard(site, body));
  }

  @designPost('Apply a theme to the draft', 'themes/:themeKey/apply', ApplyThemeDto)
  @ApiParam({ name: 'themeKey', type: 'string', example: 'classic' })
  async apply(
    @CurrentSite() site: SiteContext,
    @Param('themeKey', ThemePipe) theme: ThemeDef,
    @Body() body: ApplyThemeDto,
  ) {
    return wrapSuccess(await this.writes.applyTheme(site, theme, body));
  }

  @designPost('Publish the design draft', 'publish', PublishDesignDto)
  async publish(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: PublishDesignDto,
  ) {
    return wrapSuccess(await this.writes.publish(site, ctx, body));
  }

  @designPost(
    'Restore a design version into the draft',
    'versions/:versionId/restore',
    DesignWriteDto,
  )
  async restore(
    @CurrentSite() site: SiteContext,
    @IdParam('versionId', designVersionNotFound) versionId: number,
    @Body() body: DesignWriteDto,
  ) {
    return wrapSuccess(await this.writes.restore(site, versionId, body));
  }
}
