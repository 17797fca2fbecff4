import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { frontMatter } from '@hc/content';
import { forwardedHost } from '@hc/http';
import { ArticleSummary, ContentRepository } from '../data/content.repository';
import { DesignRepository } from '../data/design.repository';
import { PageCache, sendShared, siteStamp, strongEtag } from '../serving/page-cache';
import { parsePath, refId } from '../http/reader-request';
import { mayRead } from '../serving/may-read';
import { RenderBudget } from '../serving/render-budget';
import { articleMarkdown, TOO_LARGE_TO_DISPLAY } from '../render/article-html';
import { articlePath } from '../render/context';
import { Admitted, GateService } from '../site/gate.service';
import type { ReaderSite } from '../data/site.repository';
import { SitemapUrl, sitemapDocument } from './sitemap';
import { originOf } from './structured-data';

/** Articles per language a sitemap lists (sitemaps past 50,000 URLs are split into an index). */
const SITEMAP_ARTICLES_MAX = 100_000;
/** Articles listed in llms.txt, and written out whole in llms-full.txt (bounded work per request). */
const LLMS_LIST_MAX = 2_000;
const LLMS_FULL_MAX = 300;

type Route =
  | { kind: 'robots' | 'llms' | 'llms-full' }
  | { kind: 'sitemap'; page: number }
  | { kind: 'markdown' };

/** Which agent document a path (below the site's base) names, before the site is looked up. */
function routeOf(segments: string[]): Route | null {
  if (segments.length === 1) {
    const [name] = segments;
    if (name === 'robots.txt') return { kind: 'robots' };
    if (name === 'llms.txt') return { kind: 'llms' };
    if (name === 'llms-full.txt') return { kind: 'llms-full' };
    if (name === 'sitemap.xml') return { kind: 'sitemap', page: 0 };
    const m = /^sitemap-([1-9]\d{0,5})\.xml$/.exec(name!);
    if (m) return { kind: 'sitemap', page: Number(m[1]) };
  }
  const [articles, ref] = segments.slice(-2);
  if (segments.length <= 3 && articles === 'articles' && ref?.endsWith('.md'))
    return { kind: 'markdown' };
  return null;
}

/** An agent document as built: its status, media type and text. */
interface AgentDocument {
  status: number;
  type: string;
  body: string;
}

const NOT_FOUND: AgentDocument = { status: 404, type: 'text/plain', body: 'Not found\n' };

/**
 * Documents for AI agents and search engines on a site's reader origin (issue #26): robots.txt,
 * sitemap.xml, llms.txt, llms-full.txt and every article as Markdown at its address plus `.md`.
 * They show only what an anonymous reader may see: the gate's rules for the site (unknown 404,
 * suspended or outside the IP allow-list 403), nothing at all for private and password sites, and
 * of the content only what the reader pages list to anyone (ContentRepository's listing rules,
 * `mayRead` without a session or share token), released translations only.
 *
 * Issue 34: a document is built once per site version and kept with the pages (`PageCache`,
 * keyed by site, host and path, no query), so an anonymous GET of llms-full.txt costs what a
 * cached page costs; each article is converted once per content (`articleMarkdown`); a build
 * counts against the client's `RenderBudget`. They follow the pages' shared-cache rules
 * (`sharedCacheControl`, purge tags) on public sites and are `private` on the others.
 */
@Injectable()
export class AgentDocumentsService {
  private readonly building = new Map<string, Promise<AgentDocument>>();

  constructor(
    private readonly gate: GateService,
    private readonly content: ContentRepository,
    private readonly design: DesignRepository,
    private readonly cache: PageCache,
    private readonly budget: RenderBudget,
  ) {}

  /** Serves the request when it names an agent document; false leaves it to the reader pages. */
  async serve(req: Request, res: Response): Promise<boolean> {
    const parsed = parsePath(req);
    const route = parsed && routeOf(parsed.segments);
    if (!route) return false;
    const admitted = await this.gate.admit(req, res, { open: true });
    if (!admitted) return true;
    const { site } = admitted;
    const key = `${site.id} agents ${req.protocol}://${forwardedHost(req)}${req.path}`;
    const stamp = siteStamp(site);
    const kept = this.cache.get(key, stamp);
    if (kept) return sendDocument(req, res, site, kept);
    if (!(await this.budget.admit(req, res))) return true;
    // Concurrent misses of one document and version share one build.
    const flight = `${key} ${stamp}`;
    let building = this.building.get(flight);
    if (!building) {
      building = this.build(route, admitted, originOf(req, admitted.path.base)).finally(() =>
        this.building.delete(flight),
      );
      this.building.set(flight, building);
    }
    const doc = await building;
    if (doc.status !== 200) return sendDocument(req, res, site, doc);
    const entry = {
      status: 200,
      html: doc.body,
      csp: null,
      etag: strongEtag(doc.body),
      type: doc.type,
    };
    this.cache.put(key, { ...entry, stamp });
    return sendDocument(req, res, site, entry);
  }

  private async build(route: Route, admitted: Admitted, origin: string): Promise<AgentDocument> {
    const { site, path } = admitted;
    const anyoneMayRead = site.visibility === 'public';
    if (route.kind === 'robots') {
      const live = await this.design.version(site.id, 'live');
      const closed = !anyoneMayRead || Boolean(live?.document.meta?.noIndex);
      return {
        status: 200,
        type: 'text/plain',
        body: closed
          ? 'User-agent: *\nDisallow: /\n'
          : `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
      };
    }
    // Root documents have no language prefix; an article's Markdown may have one.
    const rootDocument = route.kind !== 'markdown';
    if (!anyoneMayRead || path.lang === null || (rootDocument && path.segments.length !== 1))
      return NOT_FOUND;
    const markdown = (body: string | null) =>
      body === null ? NOT_FOUND : { status: 200, type: 'text/markdown', body };
    switch (route.kind) {
      case 'sitemap': {
        const doc = sitemapDocument(await this.sitemapUrls(admitted, origin), route.page, origin);
        return doc === null ? NOT_FOUND : { status: 200, type: 'application/xml', body: doc };
      }
      case 'llms':
        return markdown(await this.llms(admitted, origin, false));
      case 'llms-full':
        return markdown(await this.llms(admitted, origin, true));
      case 'markdown':
        return markdown(
          await this.articleMarkdown(admitted, origin, path.segments[1]!.slice(0, -3)),
        );
    }
  }

  private languages(admitted: Admitted): string[] {
    const { site } = admitted;
    return [...new Set([site.defaultLanguage, ...site.languages])];
  }

  private langBase(admitted: Admitted, origin: string, lang: string): string {
    return lang === admitted.site.defaultLanguage ? origin : `${origin}/${lang}`;
  }

  /** Home and category pages in every language, then each listed article in each released one. */
  private async sitemapUrls(admitted: Admitted, origin: string): Promise<SitemapUrl[]> {
    const { site } = admitted;
    const langs = this.languages(admitted);
    const perLang = await Promise.all(
      langs.map((lang) =>
        this.content.list(site.id, lang, { order: 'recent', limit: SITEMAP_ARTICLES_MAX }),
      ),
    );
    const byArticle = new Map<number, Map<string, ArticleSummary>>();
    perLang.forEach((list, i) => {
      for (const a of list) {
        const entry = byArticle.get(a.id) ?? new Map<string, ArticleSummary>();
        entry.set(langs[i]!, a);
        byArticle.set(a.id, entry);
      }
    });
    const alternatesOf = (hrefs: [string, string][]) => Object.fromEntries(hrefs);
    const home = alternatesOf(langs.map((l) => [l, `${this.langBase(admitted, origin, l)}/`]));
    const urls: SitemapUrl[] = langs.map((l) => ({
      loc: home[l]!,
      lastmod: null,
      alternates: langs.length > 1 ? home : {},
    }));
    for (const translations of byArticle.values()) {
      const hrefs: [string, string][] = [...translations].map(([lang, a]) => [
        lang,
        `${this.langBase(admitted, origin, lang)}${articlePath({ id: a.id, slug: a.slug })}`,
      ]);
      const alternates = hrefs.length > 1 ? alternatesOf(hrefs) : {};
      for (const [lang, loc] of hrefs)
        urls.push({ loc, lastmod: translations.get(lang)!.updatedAt, alternates });
    }
    return urls;
  }

  /** llms.txt (llmstxt.org): title, summary, a link list of the articles' Markdown; or all of them. */
  private async llms(admitted: Admitted, origin: string, full: boolean): Promise<string> {
    const { site } = admitted;
    const lang = site.defaultLanguage;
    const [live, categories, list] = await Promise.all([
      this.design.version(site.id, 'live'),
      this.content.categories(site.id),
      this.content.list(site.id, lang, {
        order: 'alphabetical',
        limit: full ? LLMS_FULL_MAX : LLMS_LIST_MAX,
      }),
    ]);
    const title = live?.document.meta?.title || live?.document.brand?.name || site.name;
    const description = live?.document.meta?.description;
    const lines = [`# ${title}`, ''];
    if (description) lines.push(`> ${description.replace(/\s+/g, ' ')}`, '');
    if (!full) {
      if (categories.length) {
        lines.push('## Categories', '');
        for (const c of categories) {
          const name = c.name[lang] ?? Object.values(c.name)[0] ?? '';
          lines.push(`- [${mdText(name)}](${origin}/categories/${c.id})`);
        }
        lines.push('');
      }
      lines.push('## Articles', '');
      for (const a of list) {
        const href = `${origin}${articlePath({ id: a.id, slug: a.slug })}.md`;
        const summary = a.excerpt ? `: ${a.excerpt.replace(/\s+/g, ' ')}` : '';
        lines.push(`- [${mdText(a.title)}](${href})${summary}`);
      }
      return `${lines.join('\n')}\n`;
    }
    for (const a of list) {
      const body = await this.articleMarkdown(admitted, origin, String(a.id), lang);
      if (body) lines.push(body, '');
    }
    return `${lines.join('\n')}\n`;
  }

  /**
   * One article as Markdown with front matter, in the page's language (or `lang`); null when an
   * anonymous reader could not open it in that language.
   */
  private async articleMarkdown(
    admitted: Admitted,
    origin: string,
    ref: string,
    lang = admitted.path.lang!,
  ): Promise<string | null> {
    const id = refId(ref);
    const article = id === null ? null : await this.content.article(admitted.site.id, id);
    const anonymous: Admitted = { ...admitted, session: null };
    if (!article || !mayRead(article, anonymous, null) || article.visibility !== 'public')
      return null;
    const translation = article.translations.find((t) => t.released && t.lang === lang);
    if (!translation) return null;
    const url = `${this.langBase(admitted, origin, lang)}${articlePath({ id: article.id, slug: translation.slug })}`;
    // Converted once per content (issue 34); past the size cap a notice, nothing parsed.
    const body = articleMarkdown(translation.content) ?? TOO_LARGE_TO_DISPLAY;
    return (
      frontMatter({
        title: translation.title,
        url,
        lang,
        updated: article.updatedAt.toISOString(),
        ...(translation.metaDescription ? { description: translation.metaDescription } : {}),
      }) + `\n# ${mdText(translation.title)}\n\n${body}\n`
    );
  }
}

/** Markdown-significant characters of a title or link text escaped. */
function mdText(s: string): string {
  return s.replace(/[\\[\]*_`<>#]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/**
 * Sends an agent document: on a public site as the pages' shared entity (ETag, 304, the shared
 * cache rules and purge tags of docs/caching.md); on private and password sites (robots.txt) and
 * for refusals `private`.
 */
function sendDocument(
  req: Request,
  res: Response,
  site: ReaderSite,
  doc: AgentDocument | { status: number; type?: string; html: string; etag: string },
): true {
  const type = `${doc.type ?? 'text/plain'}; charset=utf-8`;
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if ('etag' in doc && site.visibility === 'public') {
    sendShared(req, res, site, { ...doc, csp: null, type });
    return true;
  }
  const body = 'body' in doc ? doc.body : doc.html;
  res
    .status(doc.status)
    .type(type)
    .setHeader('Cache-Control', doc.status === 200 ? 'private, no-cache' : 'private, no-store');
  res.send(body);
  return true;
}
