import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { formToken } from '../site/access';
import { Admitted, send } from '../site/gate.service';
import { designPagePolicy } from '../site/headers';
import type { ReaderSite } from '../site/site.repository';
import { RenderContext, Subject } from '../render/context';
import { fallbackDocument } from '../render/document';
import type { PageKey } from '../render/document';
import { h } from '../render/html';
import { renderPage } from '../render/page';
import { Texts } from '../render/text';
import { ContentRepository } from './content.repository';
import { DesignRepository } from './design.repository';
import { PageCache, sendShared, strongEtag } from './page-cache';

/** What a page kind adds to the page's head (title, language links, canonical address…). */
export interface PageExtra {
  title?: string;
  description?: string | null;
  path?: string;
  languages?: string[];
  canonical?: string;
  structuredData?: string;
}

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
    const lang = path.lang ?? site.defaultLanguage;
    const [stored, overrides] = await Promise.all([
      this.design.version(site.id, preview ? 'draft' : 'live'),
      this.content.textOverrides(site.id, lang),
    ]);
    const doc = stored?.document ?? fallbackDocument(site.name);
    const ctx: RenderContext = {
      site,
      lang,
      base: path.base,
      langBase: `${path.base}${path.langPrefix}`,
      path: extra.path ?? currentPath(path.segments, page),
      page,
      doc,
      translations: stored?.translations ?? {},
      texts: new Texts(lang, overrides),
      subject,
      data: this.pageData(site, lang, subject),
      member: admitted.session?.member ?? null,
      languages: extra.languages ?? [...new Set([site.defaultLanguage, ...site.languages])],
      preview,
      nonce: randomBytes(16).toString('base64'),
      // Anonymous readers' forms carry no token (the page is the same for all of them, and
      // `validForm` checks their origin); a session's forms carry this browser's token.
      csrf: admitted.session ? formToken(req, res) : '',
    };
    const brandTitle =
      (lang !== site.defaultLanguage && stored?.translations[lang]?.['meta.title']) ||
      doc.meta?.title ||
      doc.brand?.name ||
      site.name;
    const title = extra.title ? `${extra.title} · ${brandTitle}` : brandTitle;
    const description =
      extra.description ??
      ((lang !== site.defaultLanguage && stored?.translations[lang]?.['meta.description']) ||
        doc.meta?.description ||
        null);
    let html = await renderPage(ctx, {
      title,
      description,
      canonical: extra.canonical ?? null,
      structuredData: extra.structuredData,
    });
    if (subject.kind === 'article' && !preview) html = withViewBeacon(html, ctx, subject);
    const csp = designPagePolicy(ctx.nonce, site.allowUnsafeHtml);
    const shared = res.locals.sharedPage as SharedPage | undefined;
    if (shared && status === 200 && keepable(subject)) {
      const page = { status, html, csp, etag: strongEtag(html) };
      if (sendShared(req, res, site, page))
        this.cache.put(shared.key, { ...page, stamp: shared.stamp });
      return;
    }
    res.setHeader('Content-Security-Policy', csp);
    send(res, status, html);
  }

  private pageData(site: ReaderSite, lang: string, subject: Subject): RenderContext['data'] {
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
      if (!memo.has(key)) memo.set(key, load());
      return memo.get(key) as Promise<T>;
    };
    return {
      categories: () => once('categories', () => this.content.categories(site.id)),
      counts: () => once('counts', () => this.content.articleCounts(site.id, lang)),
      list: (order, limit) =>
        once(`list:${order}:${limit}`, () => this.content.list(site.id, lang, { order, limit })),
      related: (limit) =>
        once(`related:${limit}`, async () => {
          if (subject.kind !== 'article') return [];
          const a = subject.article;
          if (a.categoryId === null)
            return this.content.list(site.id, lang, { order: 'popular', limit, excludeId: a.id });
          return this.content.list(site.id, lang, {
            categoryId: a.categoryId,
            order: 'popular',
            limit,
            excludeId: a.id,
          });
        }),
      imageUrls: (ids) =>
        once(`images:${ids.join(',')}`, () => this.content.imageUrls(site.id, ids)),
    };
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

/** The article page's view beacon: an image request the reader's browser makes (`view`). */
function withViewBeacon(
  html: string,
  ctx: RenderContext,
  subject: Extract<Subject, { kind: 'article' }>,
): string {
  const src = `${ctx.langBase}/articles/${subject.article.id}/view${subject.accessQuery}`;
  const beacon = h('img', {
    src,
    alt: '',
    width: '1',
    height: '1',
    hidden: true,
    'data-hc-view': true,
  }).value;
  const at = html.lastIndexOf('</body>');
  return at < 0 ? html + beacon : html.slice(0, at) + beacon + html.slice(at);
}

function currentPath(segments: string[], page: PageKey): string {
  if (page === 'notFound' || segments.length === 0) return '/';
  return `/${segments.map(encodeURIComponent).join('/')}`;
}
