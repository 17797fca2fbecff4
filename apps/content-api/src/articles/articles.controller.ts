import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { htmlNotFound, notFound } from '@hc/contracts';
import { checkTranslatorWrite, CountsAsWrite, Ctx, CurrentSite, TranslatorMay } from '@hc/auth';
import { isDashboardSession } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import {
  dryRunRequested,
  DryRunQuery,
  IdParam,
  RedirectInvalidInput,
  SharedIpLimit,
  wrapSuccess,
} from '@hc/http';
import { ARTICLE_WIDE_FIELDS } from './article-change';
import { ArticleInputError, articleHttpError, fail, toArticleInput } from './article-input';
import { CreateArticleDto, UpdateArticleDto } from './dto/article.dto';
import { toArticleResponse } from './article.mapper';
import { ArticleQueryService } from './article-query.service';
import { ArticlesService } from './articles.service';
import { BulkArticlesService } from './bulk.service';
import { BulkArticlesDto } from './dto/bulk-articles.dto';
import { ArticlesQuery } from './dto/articles-query.dto';
import { ContentRead, ContentWrite } from '../http/content-routes';
import { PublishesArticles } from '../http/publish-gate';

/** Renders a refused write in the endpoint's shape (spec 4.4, 7). */
async function guarded<T>(mode: 'create' | 'patch', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ArticleInputError) throw articleHttpError(err.failure, mode);
    throw err;
  }
}

const articleNotFound = () => notFound('Article not found.');

/** Issue 37: a dashboard session reads the stored HTML and the revision. */
const viewFor = (ctx: RequestContext) => ({ stored: isDashboardSession(ctx) });

/** The per-language fields of an article write and whether it changes article-wide ones. */
function touchedByPatch(body: UpdateArticleDto) {
  const languages = new Set<string>();
  for (const map of [
    body.title,
    body.content,
    body.slug,
    body.metadata?.title,
    body.metadata?.description,
  ])
    if (map && !Array.isArray(map)) for (const lang of Object.keys(map)) languages.add(lang);
  const wide = [...ARTICLE_WIDE_FIELDS, 'published', 'external_id'] as const;
  return { languages, articleWide: wide.some((field) => body[field] !== undefined) };
}

@Controller('articles')
export class ArticlesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly query: ArticleQueryService,
    private readonly bulk: BulkArticlesService,
  ) {}

  /** 201 `created`, or 200 `updated` for a known `external_id` (spec 2.3 rule 2). */
  @ContentWrite(Post(), 'Create an article')
  @PublishesArticles('create')
  async create(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: CreateArticleDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const view = viewFor(ctx);
    const result = await guarded('create', () =>
      this.articles.createOrUpsert(site, ctx.principal.userId, toArticleInput(body, site), {
        keepMarkup: view.stored,
      }),
    );
    res.status(result.action === 'created' ? 201 : 200);
    return wrapSuccess({
      action: result.action,
      article: toArticleResponse(result.view, site, {
        ...view,
        created: result.action === 'created',
      }),
      ...(result.images ? { images: result.images } : {}),
    });
  }

  /**
   * Spec 4.4 bulk: 207 with a result per item; shares the per-IP counter (spec 8), dry runs
   * included (issue 25).
   */
  @ContentWrite(Post('bulk'), 'Create or update up to 50 articles')
  @SharedIpLimit(60)
  @HttpCode(207)
  async createMany(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: BulkArticlesDto,
    @Query() query: DryRunQuery,
  ) {
    const dryRun = dryRunRequested(query, body.dry_run);
    return wrapSuccess(await this.bulk.run(site, ctx.principal.userId, body.articles, dryRun));
  }

  @ContentRead(Get(), {
    summary: 'List articles',
    description:
      'With `team_search` (dashboard session only, issue 37): every status (the Trash ' +
      'included, with `deleted_at`) and language, paged, no 15-match cap; keys and tokens get ' +
      '403 `session_required`. With `order_by=position` (session only, with `category_id`): ' +
      'the category’s custom article order.',
  })
  async list(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Query() query: ArticlesQuery,
  ) {
    return wrapSuccess(await this.query.list(site, query, ctx));
  }

  /** Counts toward the 120 writes per minute (spec 4.4). */
  @ContentRead(Get(':id'), 'Read one article')
  @CountsAsWrite()
  async get(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', articleNotFound) id: number,
  ) {
    return wrapSuccess(await this.articles.get(site, id, viewFor(ctx)));
  }

  /**
   * Only the fields sent change; an unknown id is the HTML 404 (spec 4.1 rule 3). A dashboard
   * session names the revision it started from (`base_revision`, issue 37); a Translator's
   * session changes only other languages than the default.
   */
  @ContentWrite(Patch(':id'), 'Change an article (only the fields sent)')
  @RedirectInvalidInput()
  @TranslatorMay()
  @PublishesArticles('update')
  async update(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', htmlNotFound) id: number,
    @Body() body: UpdateArticleDto,
  ) {
    const view = viewFor(ctx);
    if (view.stored) checkTranslatorWrite(ctx, site, touchedByPatch(body));
    if (!(await this.articles.exists(site, id))) throw htmlNotFound();
    const result = await guarded('patch', () => {
      if (view.stored && (body.base_revision === undefined || body.base_revision === null)) {
        fail({
          kind: 'fields',
          errors: { base_revision: ['The base_revision field is required.'] },
        });
      }
      return this.articles.update(site, id, toArticleInput(body, site), {
        keepMarkup: view.stored,
        baseRevision: view.stored ? (body.base_revision ?? undefined) : undefined,
      });
    });
    if (!result) throw htmlNotFound();
    return wrapSuccess({
      article: toArticleResponse(result.view, site, view),
      ...(result.images ? { images: result.images } : {}),
    });
  }

  @ContentWrite(Delete(':id'), 'Move an article to the Trash')
  async remove(@CurrentSite() site: SiteContext, @IdParam('id', htmlNotFound) id: number) {
    return wrapSuccess(await this.articles.trash(site, id));
  }
}
