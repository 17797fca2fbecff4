import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { htmlNotFound, notFound } from '@hc/contracts';
import { CountsAsWrite, Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import {
  dryRunRequested,
  DryRunQuery,
  IdParam,
  RedirectInvalidInput,
  SharedIpLimit,
} from '@hc/http';
import { ArticleInputError, articleHttpError, toArticleInput } from './article-input';
import { CreateArticleDto, UpdateArticleDto } from './dto/article.dto';
import { toArticleResponse } from './article.mapper';
import { ArticleQueryService } from './article-query.service';
import { ArticlesService } from './articles.service';
import { BulkArticlesService } from './bulk.service';
import { BulkArticlesDto } from './dto/bulk-articles.dto';
import { ArticlesQuery } from './dto/articles-query.dto';
import { ContentRead, ContentWrite } from '../content-routes';

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

@Controller('articles')
export class ArticlesController {
  constructor(
    private readonly articles: ArticlesService,
    private readonly query: ArticleQueryService,
    private readonly bulk: BulkArticlesService,
  ) {}

  /** 201 `created`, or 200 `updated` for a known `external_id` (spec 2.3 rule 2). */
  @ContentWrite(Post(), 'Create an article')
  async create(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: CreateArticleDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await guarded('create', () =>
      this.articles.createOrUpsert(site, ctx.principal.userId, toArticleInput(body, site)),
    );
    res.status(result.action === 'created' ? 201 : 200);
    return {
      status: 'success',
      action: result.action,
      article: toArticleResponse(result.view, site, { created: result.action === 'created' }),
      ...(result.images ? { images: result.images } : {}),
    };
  }

  /**
   * Spec 4.4 bulk: 207 with a result per item; shares the per-IP counter (spec 8), dry runs
   * included (issue 25).
   */
  @ContentWrite(Post('bulk'), 'Create or update up to 50 articles')
  @SharedIpLimit(60)
  @HttpCode(207)
  createMany(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @Body() body: BulkArticlesDto,
    @Query() query: DryRunQuery,
  ) {
    const dryRun = dryRunRequested(query, body.dry_run);
    return this.bulk.run(site, ctx.principal.userId, body.articles, dryRun);
  }

  @ContentRead(Get(), 'List articles')
  list(@CurrentSite() site: SiteContext, @Query() query: ArticlesQuery) {
    return this.query.list(site, query);
  }

  /** Counts toward the 120 writes per minute (spec 4.4). */
  @ContentRead(Get(':id'), 'Read one article')
  @CountsAsWrite()
  get(@CurrentSite() site: SiteContext, @IdParam('id', articleNotFound) id: number) {
    return this.articles.get(site, id);
  }

  /** Only the fields sent change; an unknown id is the HTML 404 (spec 4.1 rule 3). */
  @ContentWrite(Patch(':id'), 'Change an article (only the fields sent)')
  @RedirectInvalidInput()
  async update(
    @CurrentSite() site: SiteContext,
    @IdParam('id', htmlNotFound) id: number,
    @Body() body: UpdateArticleDto,
  ) {
    if (!(await this.articles.exists(site, id))) throw htmlNotFound();
    const result = await guarded('patch', () =>
      this.articles.update(site, id, toArticleInput(body, site)),
    );
    if (!result) throw htmlNotFound();
    return {
      status: 'success',
      article: toArticleResponse(result.view, site),
      ...(result.images ? { images: result.images } : {}),
    };
  }

  @ContentWrite(Delete(':id'), 'Move an article to the Trash')
  remove(@CurrentSite() site: SiteContext, @IdParam('id', htmlNotFound) id: number) {
    return this.articles.trash(site, id);
  }
}
