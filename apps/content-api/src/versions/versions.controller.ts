import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { messages, notFound } from '@hc/contracts';
import { CountsAsWrite, CurrentSite, Scopes } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { queryInteger } from '@hc/http';
import { articleIdParam, readLocale } from '../staged/staged.controller';
import { stagedValidationError } from '../staged/staged-input';
import { VERSION_NOT_FOUND, VersionsService } from './versions.service';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

function versionIdParam(raw: string): number {
  if (/^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 4294967295) return Number(raw);
  throw notFound(VERSION_NOT_FOUND);
}

/** Spec 4.5 versions; every call counts toward the 120 writes per minute. Not plan-gated. */
@Controller('articles/:articleId/versions')
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  /** `limit` outside 1 to 100 is brought into range; default 20 across languages. */
  @Get()
  @Scopes('content.read')
  @CountsAsWrite()
  list(
    @CurrentSite() site: SiteContext,
    @Param('articleId') raw: string,
    @Query() query: Record<string, unknown>,
  ) {
    const id = articleIdParam(raw);
    let limit: number;
    try {
      limit = queryInteger(query, 'limit') ?? DEFAULT_LIMIT;
    } catch {
      throw stagedValidationError({ limit: [messages.integer('limit')] });
    }
    limit = Math.min(MAX_LIMIT, Math.max(1, limit));
    return this.versions.list(site, id, limit, readLocale(query.locale));
  }

  @Get(':versionId/compare')
  @Scopes('content.read')
  @CountsAsWrite()
  compare(
    @CurrentSite() site: SiteContext,
    @Param('articleId') raw: string,
    @Param('versionId') version: string,
  ) {
    return this.versions.compare(site, articleIdParam(raw), versionIdParam(version));
  }

  @Post(':versionId/restore')
  @Scopes('content.write')
  @HttpCode(200)
  restore(
    @CurrentSite() site: SiteContext,
    @Param('articleId') raw: string,
    @Param('versionId') version: string,
  ) {
    return this.versions.restore(site, articleIdParam(raw), versionIdParam(version));
  }
}
