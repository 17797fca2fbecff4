import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GateService } from '../site/gate.service';
import { SessionFormsService } from '../site/session-forms.service';
import type { Subject } from '../render/context';
import { ArticlePageService } from './article-page.service';
import { InstantSearchService } from './instant-search.service';
import { ListingPagesService } from './listing-pages.service';
import { PageCache, sendShared, shareable, siteStamp } from '../serving/page-cache';
import { PageRenderer, SharedPage } from '../serving/page-renderer';
import { queryString } from '../http/reader-request';
import { RenderBudget } from '../serving/render-budget';

/**
 * GET pages of the reader site: admits the reader, answers from the page cache when it can, and
 * hands the route to the page that assembles it.
 */
@Injectable()
export class ReaderService {
  constructor(
    private readonly gate: GateService,
    private readonly cache: PageCache,
    private readonly renderer: PageRenderer,
    private readonly articles: ArticlePageService,
    private readonly listings: ListingPagesService,
    private readonly budget: RenderBudget,
    private readonly instant: InstantSearchService,
    private readonly sessions: SessionFormsService,
  ) {}

  async get(req: Request, res: Response): Promise<void> {
    // The sign-in page is open on every site (the password page and members link to it).
    const signIn = /\/signin(\/complete)?$/.test(req.path);
    const admitted = await this.gate.admit(req, res, { open: signIn });
    if (!admitted) return;
    const { site, path } = admitted;
    if (signIn && path.segments.length === 1 && path.segments[0] === 'signin') {
      this.gate.sendForm('signIn', req, res, site, path, null, 200);
      return;
    }
    // Issue 38: back from auth-server's second-factor page.
    if (signIn && path.segments.join('/') === 'signin/complete')
      return this.sessions.completeSecondFactor(req, res, admitted);
    const preview = queryString(req, 'preview') === 'draft';
    if (preview && !admitted.session?.member) {
      // decisions.md: the draft preview is for signed-in team members only.
      this.gate.sendForm('signIn', req, res, site, path, null, 401);
      return;
    }
    const [route, ref, ...rest] = path.segments;
    if (
      path.lang !== null &&
      route === 'articles' &&
      ref &&
      rest.length === 1 &&
      rest[0] === 'view'
    )
      return this.articles.view(req, res, admitted, ref, preview);
    // Issue 40: instant results, under the gate above, never from or into the page cache.
    if (path.lang !== null && route === 'search' && ref === 'instant' && rest.length === 0)
      return this.instant.answer(req, res, admitted);
    if (shareable(req, admitted, preview)) {
      const key = this.cache.key(req, site);
      const stamp = siteStamp(site);
      const hit = this.cache.get(key, stamp);
      if (hit) {
        sendShared(req, res, site, hit);
        return;
      }
      res.locals.sharedPage = { key, stamp } satisfies SharedPage;
    }
    // Issue 34: what the cache did not answer is rendered within the client's budget.
    if (!(await this.budget.admit(req, res))) return;
    if (path.lang === null) return this.renderer.notFound(req, res, admitted, preview);
    if (route === undefined)
      return this.renderer.render(req, res, admitted, 'home', { kind: 'home' }, 200, preview);
    if (route === 'articles' && ref && rest.length === 0)
      return this.articles.article(req, res, admitted, ref, preview, null, 200);
    if (route === 'categories' && ref && rest.length === 0)
      return this.listings.category(req, res, admitted, ref, preview);
    if (route === 'search' && !ref) return this.listings.search(req, res, admitted, preview);
    if (route === 'contact' && !ref) {
      const subject: Subject = {
        kind: 'contact',
        sent: queryString(req, 'sent') === '1',
        errors: [],
        values: {},
      };
      return this.renderer.render(req, res, admitted, 'contact', subject, 200, preview);
    }
    return this.renderer.notFound(req, res, admitted, preview);
  }
}
