import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { fullTextQuery, slugify } from '@hc/content';
import { ActivityRepository } from '../activity/activity.repository';
import { formToken, isBot, readerKey, sameSecret } from '../site/access';
import { Admitted, GateService, send } from '../site/gate.service';
import { designPagePolicy } from '../site/headers';
import type { ReaderSite } from '../site/site.repository';
import { articlePath, RenderContext, Subject } from '../render/context';
import { fallbackDocument } from '../render/document';
import type { PageKey } from '../render/document';
import { renderPage } from '../render/page';
import { Texts } from '../render/text';
import {
  ArticleRow,
  ArticleSummary,
  CategoryRow,
  ContentRepository,
  ListOrder,
} from './content.repository';
import { DesignRepository } from './design.repository';
import { PageCache, sendShared, shareable, siteStamp, strongEtag } from './page-cache';
import { queryString, refId } from './reader-request';
import { articleHead } from '../agents/article-head';
import { h } from '../render/html';

/** Spec 4.4: search gives at most 15 matches. */
export const SEARCH_MAX = 15;
const QUERY_MAX = 190;
const CATEGORY_LIST_MAX = 200;

/** Which articles a reader may open (spec 2.3): the rules in one place. */
export function mayRead(article: ArticleRow, admitted: Admitted, token: string | null): boolean {
  if (article.deleted || !article.published || article.inPrivateCategory) return false;
  if (article.visibility === 'public') return true;
  if (article.visibility === 'link_only') return sameSecret(token, article.shareToken);
  const member = admitted.session?.member;
  return Boolean(member && article.sharedWith.includes(member.userId));
}

/** GET pages of the reader site. */
@Injectable()
export class ReaderService {
  constructor(
    private readonly gate: GateService,
    private readonly content: ContentRepository,
    private readonly design: DesignRepository,
    private readonly activity: ActivityRepository,
    private readonly cache: PageCache,
  ) {}

  async get(req: Request, res: Response): Promise<void> {
    // The sign-in page is open on every site (the password page and members link to it).
    const signIn = /\/signin$/.test(req.path);
    const admitted = await this.gate.admit(req, res, { open: signIn });
    if (!admitted) return;
    const { site, path } = admitted;
    if (signIn && path.segments.length === 1 && path.segments[0] === 'signin') {
      this.gate.signInPage(req, res, site, path, null, 200);
      return;
    }
    const preview = queryString(req, 'preview') === 'draft';
    if (preview && !admitted.session?.member) {
      // decisions.md: the draft preview is for signed-in team members only.
      this.gate.signInPage(req, res, site, path, null, 401);
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
      return this.view(req, res, admitted, ref, preview);
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
    if (path.lang === null)
      return this.render(req, res, admitted, 'notFound', { kind: 'notFound' }, 404, preview);
    if (route === undefined)
      return this.render(req, res, admitted, 'home', { kind: 'home' }, 200, preview);
    if (route === 'articles' && ref && rest.length === 0)
      return this.article(req, res, admitted, ref, preview, null, 200);
    if (route === 'categories' && ref && rest.length === 0)
      return this.category(req, res, admitted, ref, preview);
    if (route === 'search' && !ref) return this.search(req, res, admitted, preview);
    if (route === 'contact' && !ref) {
      const subject: Subject = {
        kind: 'contact',
        sent: queryString(req, 'sent') === '1',
        errors: [],
        values: {},
      };
      return this.render(req, res, admitted, 'contact', subject, 200, preview);
    }
    return this.render(req, res, admitted, 'notFound', { kind: 'notFound' }, 404, preview);
  }

  /** An article page (also re-rendered by a refused comment, with `status` 422). */
  async article(
    req: Request,
    res: Response,
    admitted: Admitted,
    ref: string,
    preview: boolean,
    notice: string | null,
    status: number,
  ): Promise<void> {
    const { site, path } = admitted;
    const id = refId(ref);
    const article = id === null ? null : await this.content.article(site.id, id);
    const token = queryString(req, 'token');
    if (!article || !mayRead(article, admitted, token)) {
      return this.render(req, res, admitted, 'notFound', { kind: 'notFound' }, 404, preview);
    }
    const released = article.translations.filter((t) => t.released);
    const translation = released.find((t) => t.lang === path.lang);
    const accessQuery =
      article.visibility === 'link_only' && token ? `?token=${encodeURIComponent(token)}` : '';
    if (!translation) {
      // Not released in this language: the reader goes to a language it is released in.
      const other = released.find((t) => t.lang === site.defaultLanguage) ?? released[0];
      if (!other)
        return this.render(req, res, admitted, 'notFound', { kind: 'notFound' }, 404, preview);
      const prefix = other.lang === site.defaultLanguage ? '' : `/${other.lang}`;
      res.redirect(
        302,
        `${path.base}${prefix}${articlePath({ id: article.id, slug: other.slug })}${accessQuery}`,
      );
      return;
    }
    const comments = await this.content.comments(site.id, article.id, translation.lang);
    const rated = queryString(req, 'rated');
    const comment = queryString(req, 'comment');
    const shown = notice ?? (rated ? 'rated' : comment === 'pending' ? 'comment-pending' : null);
    const subject: Subject = {
      kind: 'article',
      article,
      translation,
      comments,
      replyTo: comments.find((c) => String(c.id) === queryString(req, 'reply_to')) ?? null,
      accessQuery,
      notice: shown,
    };
    const languages = [...new Set([site.defaultLanguage, ...site.languages])].filter((l) =>
      released.some((t) => t.lang === l),
    );
    return this.render(req, res, admitted, 'article', subject, status, preview, {
      title: translation.metaTitle || translation.title,
      description: translation.metaDescription,
      path: articlePath({ id: article.id, slug: translation.slug }),
      languages,
      ...(await articleHead(req, admitted, article, translation, () =>
        this.content.categories(site.id),
      )),
    });
  }

  /**
   * The view beacon of an article page (issue #28): the page's own image request, never cached,
   * so a page served from a cache (this one's, a CDN's, the browser's after a 304) still counts
   * its view, once per reader, article and day (spec 4.10). It answers 204 whatever it is asked
   * about, so it tells nothing about articles a reader may not open.
   */
  private async view(
    req: Request,
    res: Response,
    admitted: Admitted,
    ref: string,
    preview: boolean,
  ): Promise<void> {
    const { site, path } = admitted;
    const id = refId(ref);
    if (id !== null && !preview && req.method === 'GET' && !isBot(req.headers['user-agent'])) {
      const article = await this.content.article(site.id, id);
      const readable = article && mayRead(article, admitted, queryString(req, 'token'));
      const translation = readable
        ? article.translations.find((t) => t.released && t.lang === path.lang)
        : undefined;
      if (article && translation)
        await this.activity.recordView(site.id, article.id, translation.lang, readerKey(req, res));
    }
    res.status(204).setHeader('Cache-Control', 'private, no-store');
    res.end();
  }

  private async category(
    req: Request,
    res: Response,
    admitted: Admitted,
    ref: string,
    preview: boolean,
  ) {
    const { site, path } = admitted;
    const categories = await this.content.categories(site.id);
    const id = refId(ref);
    const category =
      (id !== null ? categories.find((c) => c.id === id) : undefined) ??
      categories.find((c) =>
        Object.entries(c.name).some(
          ([lang, name]) => slugify(name, lang) === ref || slugify(name) === ref,
        ),
      );
    if (!category)
      return this.render(req, res, admitted, 'notFound', { kind: 'notFound' }, 404, preview);
    const articles = await this.content.list(site.id, path.lang!, {
      categoryId: category.id,
      order: categoryOrder(category),
      limit: CATEGORY_LIST_MAX,
    });
    const name = category.name[path.lang!] ?? category.name[site.defaultLanguage] ?? '';
    return this.render(
      req,
      res,
      admitted,
      'category',
      { kind: 'category', category, articles },
      200,
      preview,
      {
        title: name,
        path: `/categories/${category.id}-${slugify(name)}`,
      },
    );
  }

  private async search(req: Request, res: Response, admitted: Admitted, preview: boolean) {
    const { site, path } = admitted;
    const raw = queryString(req, 'q');
    const query = raw === null ? '' : [...raw.trim()].slice(0, QUERY_MAX).join('');
    let results: ArticleSummary[] | null = null;
    if (query) {
      const boolean = fullTextQuery(query);
      results = boolean
        ? await this.content.search(
            site.id,
            path.lang!,
            boolean,
            site.defaultLanguage !== 'en',
            SEARCH_MAX,
          )
        : [];
      if (!preview && req.method === 'GET' && !isBot(req.headers['user-agent'])) {
        await this.activity.recordSearch(
          site.id,
          path.lang!,
          query,
          results.length,
          readerKey(req, res),
        );
      }
    }
    return this.render(
      req,
      res,
      admitted,
      'search',
      { kind: 'search', query, results },
      200,
      preview,
      {
        path: `/search${query ? `?q=${encodeURIComponent(query)}` : ''}`,
      },
    );
  }

  /** Renders a page of the live design (the draft for a preview). */
  async render(
    req: Request,
    res: Response,
    admitted: Admitted,
    page: PageKey,
    subject: Subject,
    status: number,
    preview: boolean,
    extra: {
      title?: string;
      description?: string | null;
      path?: string;
      languages?: string[];
      canonical?: string;
      structuredData?: string;
    } = {},
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

/** Where a page that may be shared (`shareable`) waits to be kept once rendered. */
interface SharedPage {
  key: string;
  stamp: string;
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

function categoryOrder(category: CategoryRow): ListOrder {
  switch (category.articleSort ?? 'newest') {
    case 'custom':
      return 'custom';
    case 'alphabetical':
    case 'title':
      return 'alphabetical';
    case 'popular':
    case 'views':
      return 'popular';
    default:
      return 'recent';
  }
}

function currentPath(segments: string[], page: PageKey): string {
  if (page === 'notFound' || segments.length === 0) return '/';
  return `/${segments.map(encodeURIComponent).join('/')}`;
}
