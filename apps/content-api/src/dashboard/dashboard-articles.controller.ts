import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { notFound } from '@hc/contracts';
import { checkTranslatorWrite, Ctx, CurrentSite, TranslatorMay } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { IdParam, PageQuery, pagingOf, wrapSuccess } from '@hc/http';
import { ArticlesService } from '../articles/articles.service';
import { DashboardRead, DashboardWrite } from '../http/content-routes';
import { PublishesArticles } from '../http/publish-gate';
import { DashboardArticlesService } from './dashboard-articles.service';
import { ArticleActionsDto } from './dto/article-actions.dto';

const articleNotFound = () => notFound('Article not found.');
const notInTrash = () => notFound('Article not found in the Trash.');

/**
 * The dashboard's article operations the spec reserves for it (issue 37): multi-select actions
 * and releasing a translation. Keys and tokens get 403 `session_required`.
 */
@Controller()
export class DashboardArticlesController {
  constructor(
    private readonly dashboard: DashboardArticlesService,
    private readonly articles: ArticlesService,
  ) {}

  @DashboardWrite(Post('dashboard/articles/actions'), {
    summary: 'Apply one multi-select action to several articles',
    description:
      'Trash, publish, unpublish or set the category of up to 100 articles, or restore or ' +
      'delete for good up to 100 trashed articles, in one request. Several to the Trash send no ' +
      'event, one sends `article.deleted` (spec 6); publish sends `article.published` per draft; ' +
      'unpublish and set_category `article.updated` per change; restore `article.updated` per ' +
      'article (back to its previous status, spec 3.1); delete for good of one article sends ' +
      '`article.deleted` again, of several none (like emptying the Trash).',
  })
  @HttpCode(200)
  @PublishesArticles('bulk')
  async act(@CurrentSite() site: SiteContext, @Body() body: ArticleActionsDto) {
    return wrapSuccess({ data: await this.dashboard.act(site, body) });
  }

  /** Spec 2.1: "released in the dashboard"; a Translator releases other languages than the default. */
  @DashboardWrite(Post('articles/:id/translations/:lang/release'), {
    summary: 'Release a translation to readers',
    description:
      'Spec 2.1: an unreleased language is shown to readers once released in the dashboard. ' +
      'Sends `article.updated`.',
  })
  @TranslatorMay()
  @HttpCode(200)
  async release(
    @CurrentSite() site: SiteContext,
    @Ctx() ctx: RequestContext,
    @IdParam('id', articleNotFound) id: number,
    @Param('lang') lang: string,
  ) {
    checkTranslatorWrite(ctx, site, { languages: [lang], articleWide: false });
    const article = await this.articles.releaseTranslation(site, id, lang, { stored: true });
    return wrapSuccess({ article });
  }
}

/** The Trash (spec 2.3 rule 6, 3.1): only in the dashboard (issue 37). */
@Controller('trash')
export class TrashController {
  constructor(private readonly dashboard: DashboardArticlesService) {}

  @DashboardRead(Get(), 'List the Trash (most recently trashed first)')
  async list(@CurrentSite() site: SiteContext, @Query() query: PageQuery) {
    return wrapSuccess(await this.dashboard.trash(site, pagingOf(query, 25)));
  }

  @DashboardWrite(Post(':id/restore'), {
    summary: 'Restore an article from the Trash',
    description: 'Back to its previous status; sends `article.updated` (spec 3.1).',
  })
  @HttpCode(200)
  async restore(@CurrentSite() site: SiteContext, @IdParam('id', notInTrash) id: number) {
    return wrapSuccess(await this.dashboard.restore(site, id));
  }

  @DashboardWrite(Delete(':id'), {
    summary: 'Delete a trashed article for good',
    description: 'Sends `article.deleted` again (spec 3.1, 6).',
  })
  async purge(@CurrentSite() site: SiteContext, @IdParam('id', notInTrash) id: number) {
    return wrapSuccess(await this.dashboard.purge(site, id));
  }

  @DashboardWrite(Delete(), {
    summary: 'Empty the Trash',
    description: 'Deletes every trashed article for good; sends no event (spec 6).',
  })
  async empty(@CurrentSite() site: SiteContext) {
    return wrapSuccess(await this.dashboard.empty(site));
  }
}
