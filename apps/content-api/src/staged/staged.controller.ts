import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { notFound } from '@hc/contracts';
import {
  checkTranslatorWrite,
  CountsAsWrite,
  Ctx,
  CurrentSite,
  isDashboardSession,
  TranslatorMay,
} from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { IdParam, wrapSuccess } from '@hc/http';
import { toStageInput } from './staged-input';
import { StageDto } from './dto/stage.dto';
import { StagedLocaleQuery } from './dto/staged-query.dto';
import { StagingPlanGuard } from './staging-plan.guard';
import { SHARED_FIELDS } from './staged-model';
import { StagedPublisher } from './staged-publisher';
import { StagedPublishDto } from './dto/staged-publish.dto';
import { ARTICLE_NOT_FOUND, StagedService } from './staged.service';
import { ContentRead, ContentWrite } from '../http/content-routes';
import { PublishesArticles } from '../http/publish-gate';

/** The `{articleId}` of the staged and versions routes; anything else is an unknown article. */
export const ArticleIdParam = () => IdParam('articleId', () => notFound(ARTICLE_NOT_FOUND));

/** Issue 37: a Translator stages, discards and publishes one language other than the default. */
function translatorLanguage(ctx: RequestContext, site: SiteContext, locale: string | undefined) {
  checkTranslatorWrite(ctx, site, {
    languages: [locale ?? site.defaultLanguage],
    articleWide: false,
  });
}

/** Spec 4.5 staged changes. Every call counts toward the 120 writes per minute (reads included). */
@Controller('articles/:articleId/staged')
@CountsAsWrite()
export class StagedController {
  constructor(
    private readonly staged: StagedService,
    private readonly publisher: StagedPublisher,
  ) {}

  @ContentRead(Get(), 'Read the staged changes of an article')
  async get(
    @CurrentSite() site: SiteContext,
    @ArticleIdParam() id: number,
    @Query() query: StagedLocaleQuery,
  ) {
    return wrapSuccess(await this.staged.get(site, id, query.locale));
  }

  /** Field-by-field differences between the staged copies and the live article. */
  @ContentRead(Get('compare'), 'Compare staged changes with the live article')
  async compare(
    @CurrentSite() site: SiteContext,
    @ArticleIdParam() id: number,
    @Query() query: StagedLocaleQuery,
  ) {
    return wrapSuccess(await this.staged.compare(site, id, query.locale));
  }

  @ContentWrite(Patch(), 'Stage changes to one language of an article')
  @UseGuards(StagingPlanGuard)
  @TranslatorMay()
  async stage(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleIdParam() id: number,
    @Body() body: StageDto,
  ) {
    const metadata = [body.metadata?.title, body.metadata?.description].flatMap((map) =>
      map && !Array.isArray(map) ? Object.keys(map) : [],
    );
    checkTranslatorWrite(ctx, site, {
      languages: [body.locale, ...metadata],
      articleWide: SHARED_FIELDS.some((field) => body[field] !== undefined),
    });
    return wrapSuccess(await this.staged.stage(site, id, toStageInput(body, site)));
  }

  @ContentWrite(Delete(), 'Discard staged changes')
  @TranslatorMay()
  async discard(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleIdParam() id: number,
    @Query() query: StagedLocaleQuery,
  ) {
    translatorLanguage(ctx, site, query.locale);
    return wrapSuccess(await this.staged.discard(site, id, query.locale));
  }

  /** Body `locale` (or the `locale` of the publish link's query) and `force`. */
  @ContentWrite(Post('publish'), 'Publish staged changes')
  @ApiBody({ type: StagedPublishDto, required: false })
  @HttpCode(200)
  @TranslatorMay()
  @PublishesArticles('staged')
  async publish(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @ArticleIdParam() id: number,
    @Body() body: StagedPublishDto,
    @Query() query: StagedLocaleQuery,
  ) {
    // The body's locale (checked by its DTO) wins; absent, null or empty: the query's.
    const locale = body.locale || query.locale;
    translatorLanguage(ctx, site, locale);
    // A Translator publishes their language only, never others' article-wide changes (issue 37).
    const languageOnly = isDashboardSession(ctx) && ctx.principal.role === 'translator';
    return wrapSuccess(
      await this.publisher.publish(site, id, { locale, force: body.force === true, languageOnly }),
    );
  }
}
