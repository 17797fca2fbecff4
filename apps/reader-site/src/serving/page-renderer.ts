import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { formToken } from '../http/access';
import { Admitted, send } from '../site/gate.service';
import type { Subject } from '../render/context';
import type { PageKey } from '../data/design-document';
import { composePage, PageExtra, pageData, pageLanguage } from '../render/reader-page';
import { ContentRepository } from '../data/content.repository';
import { DesignRepository } from '../data/design.repository';
import { PageCache, sendShared, strongEtag } from './page-cache';

/** Where a page that may be shared (`shareable`) waits to be kept once rendered. */
export interface SharedPage {
  key: string;
  stamp: string;
}

/**
 * Renders a reader page of the live design (the draft for a preview), sends it, and keeps a
 * page every reader shares in the page cache. Each page kind assembles its `Subject` and calls
 * `render`.
 */
@Injectable()
export class PageRenderer {
  constructor(
    private readonly content: ContentRepository,
    private readonly design: DesignRepository,
    private readonly cache: PageCache,
  ) {}

  /** The site's 404 page. */
  notFound(req: Request, res: Response, admitted: Admitted, preview: boolean): Promise<void> {
    return this.render(req, res, admitted, 'notFound', { kind: 'notFound' }, 404, preview);
  }

  async render(
    req: Request,
    res: Response,
    admitted: Admitted,
    page: PageKey,
    subject: Subject,
    status: number,
    preview: boolean,
    extra: PageExtra = {},
  ): Promise<void> {
    const { site, path } = admitted;
    const lang = pageLanguage(site, path);
    const [stored, overrides] = await Promise.all([
      this.design.version(site.id, preview ? 'draft' : 'live'),
      this.content.textOverrides(site.id, lang),
    ]);
    const { html, csp } = await composePage({
      site,
      path,
      page,
      subject,
      preview,
      stored,
      overrides,
      data: pageData(this.content, site, lang, subject),
      member: admitted.session?.member ?? null,
      nonce: randomBytes(16).toString('base64'),
      // Anonymous readers' forms carry no token (the page is the same for all of them, and
      // `validForm` checks their origin); a session's forms carry this browser's token.
      csrf: admitted.session ? formToken(req, res) : '',
      extra,
    });
    const shared = res.locals.sharedPage as SharedPage | undefined;
    if (shared && status === 200 && keepable(subject)) {
      const kept = { status, html, csp, etag: strongEtag(html) };
      if (sendShared(req, res, site, kept))
        this.cache.put(shared.key, { ...kept, stamp: shared.stamp });
      return;
    }
    res.setHeader('Content-Security-Policy', csp);
    send(res, status, html);
  }
}

/**
 * Pages kept for everyone: home, category, contact and public articles. Not search (each search
 * is recorded), not share-token or member-only articles, not error pages.
 */
function keepable(subject: Subject): boolean {
  if (subject.kind === 'article') return subject.article.visibility === 'public';
  return subject.kind === 'home' || subject.kind === 'category' || subject.kind === 'contact';
}
