import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, Observable } from 'rxjs';
import type { HcRequest } from '@hc/auth';
import { apiError, ContentErrorCode } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';
import { ArticlesRepository } from '../articles/articles.repository';
import { PUBLISH_PATH, PublishPath } from '../http/publish-gate';
import { REVIEW_REQUIRED, ReviewService } from './review.service';

type Body = Record<string, unknown>;
/** What a dashboard publish of a draft sends: the flag and the revision it started from. */
const PUBLISH_ONLY = new Set(['published', 'base_revision']);

const required = () => apiError(ContentErrorCode.ReviewRequired, REVIEW_REQUIRED);

/**
 * Issue 39 item 7: on a site that requires review, a person's dashboard publish (the routes
 * marked `@PublishesArticles`) needs an approval of exactly what is published; the approvals
 * used are marked published once the route answered. Keys and tokens pass (spec rules).
 */
@Injectable()
export class ReviewGateInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly reviews: ReviewService,
    private readonly articles: ArticlesRepository,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const path = this.reflector.get<PublishPath | undefined>(PUBLISH_PATH, context.getHandler());
    const req = context.switchToHttp().getRequest<HcRequest & { body?: unknown; params: Body }>();
    const ctx = req.hc;
    if (!path || !ctx?.site || !(await this.reviews.gateApplies(ctx.site, ctx)))
      return next.handle();
    const site = ctx.site;
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Body;
    const ids = await this.published(path, site.id, req.params, body);
    // A new article cannot have been reviewed: it is created as a draft first.
    if (ids === 'new') throw required();
    if (ids.length === 0) return next.handle();
    // A publish of a draft that also changes it would publish what nobody approved.
    if (path === 'update' && Object.keys(body).some((k) => !PUBLISH_ONLY.has(k))) throw required();
    const used = await this.reviews.approvalsFor(site, ids);
    return next
      .handle()
      .pipe(mergeMap((answer) => from(this.reviews.markPublished(site, used).then(() => answer))));
  }

  /** The articles this call would publish ('new': a create that publishes at once). */
  private async published(
    path: PublishPath,
    siteId: SiteId,
    params: Body,
    body: Body,
  ): Promise<number[] | 'new'> {
    if (path === 'staged') return [Number(params.articleId)].filter(Number.isInteger);
    if (path === 'create') return body.published === true ? 'new' : [];
    const ids =
      path === 'bulk'
        ? body.action === 'publish' && Array.isArray(body.ids)
          ? body.ids.filter((v): v is number => Number.isInteger(v))
          : []
        : body.published === true
          ? [Number(params.id)].filter(Number.isInteger)
          : [];
    // Only drafts are published by these; an article already live is left as it is.
    const drafts: number[] = [];
    for (const id of ids.slice(0, 100)) {
      const view = await this.articles.loadOne(siteId, id);
      if (view && !view.deletedAt && !view.published) drafts.push(id);
    }
    return drafts;
  }
}
