import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import { CountsAsWrite, CurrentSite } from '@hc/auth';
import type { SiteContext } from '@hc/auth';
import { IdParam, wrapSuccess } from '@hc/http';
import { ArticleIdParam } from '../staged/staged.controller';
import { VersionsQuery } from '../staged/dto/staged-query.dto';
import { VERSION_NOT_FOUND, VersionsService } from './versions.service';
import { CompareVersionsQuery } from './dto/compare-query.dto';
import { ContentRead, ContentWrite } from '../http/content-routes';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const VersionIdParam = () => IdParam('versionId', () => notFound(VERSION_NOT_FOUND));

/** Spec 4.5 versions; every call counts toward the 120 writes per minute. Not plan-gated. */
@Controller('articles/:articleId/versions')
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  /** `limit` outside 1 to 100 is brought into range; default 20 across languages. */
  @ContentRead(Get(), 'List the versions of an article')
  @CountsAsWrite()
  async list(
    @CurrentSite() site: SiteContext,
    @ArticleIdParam() id: number,
    @Query() query: VersionsQuery,
  ) {
    const limit = Math.min(MAX_LIMIT, Math.max(1, Number(query.limit ?? DEFAULT_LIMIT)));
    return wrapSuccess(await this.versions.list(site, id, limit, query.locale));
  }

  /** `to` (#25): another version of the same article to compare with instead of the live one. */
  @ContentRead(
    Get(':versionId/compare'),
    'Compare a version with the live article or another version',
  )
  @CountsAsWrite()
  async compare(
    @CurrentSite() site: SiteContext,
    @ArticleIdParam() id: number,
    @VersionIdParam() version: number,
    @Query() query: CompareVersionsQuery,
  ) {
    return wrapSuccess(await this.versions.compare(site, id, version, query.to));
  }

  @ContentWrite(Post(':versionId/restore'), 'Restore a version of an article')
  @HttpCode(200)
  async restore(
    @CurrentSite() site: SiteContext,
    @ArticleIdParam() id: number,
    @VersionIdParam() version: number,
  ) {
    return wrapSuccess(await this.versions.restore(site, id, version));
  }
}
