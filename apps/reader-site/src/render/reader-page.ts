// A whole reader page from what was read for it: the rendering context, the head texts, the page,
// its view beacon and its Content-Security-Policy. Pure (no request, no database): PageRenderer
// calls it for every page, and the reader benchmark's bare server (tools/bench) renders the very
// same page with it, so the two compare only what surrounds the rendering.
import type { ContentRepository } from '../data/content.repository';
import type { StoredDesign } from '../data/design.repository';
import type { ReaderPath } from '../http/reader-request';
import { designPagePolicy } from '../http/headers';
import type { ReaderMember, ReaderSite } from '../data/site.repository';
import type { PageData, RenderContext, Subject } from './context';
import { fallbackDocument } from '../data/design-document';
import type { PageKey } from '../data/design-document';
import { h } from './html';
import { renderPage } from './page';
import { Texts } from './text';
import { withInstantSearch } from './instant-search-script';

/** What a page kind adds to the page's head (title, language links, canonical address…). */
export interface PageExtra {
  title?: string;
  description?: string | null;
  path?: string;
  languages?: string[];
  canonical?: string;
  structuredData?: string;
}

export interface PageParts {
  site: ReaderSite;
  path: ReaderPath;
  page: PageKey;
  subject: Subject;
  preview: boolean;
  /** The live design (the draft for a preview); null: the fallback document. */
  stored: StoredDesign | null;
  /** The site's interface texts in the page's language. */
  overrides: Record<string, string>;
  data: PageData;
  member: ReaderMember | null;
  /** This response's CSP nonce. */
  nonce: string;
  /** The reader's form token ('' for anonymous readers, whose forms are checked by origin). */
  csrf: string;
  extra: PageExtra;
}

/** The language a page is shown in. */
export function pageLanguage(site: ReaderSite, path: ReaderPath): string {
  return path.lang ?? site.defaultLanguage;
}

export async function composePage(parts: PageParts): Promise<{ html: string; csp: string }> {
  const { site, path, page, subject, preview, stored, extra } = parts;
  const lang = pageLanguage(site, path);
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
    texts: new Texts(lang, parts.overrides),
    subject,
    data: parts.data,
    member: parts.member,
    languages: extra.languages ?? [...new Set([site.defaultLanguage, ...site.languages])],
    preview,
    nonce: parts.nonce,
    csrf: parts.csrf,
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
  html = withInstantSearch(html, ctx);
  return { html, csp: designPagePolicy(ctx.nonce, site.allowUnsafeHtml) };
}

/** The lists a page's components load, each read at most once per page. */
export function pageData(
  content: Pick<ContentRepository, 'categories' | 'articleCounts' | 'list' | 'imageUrls'>,
  site: ReaderSite,
  lang: string,
  subject: Subject,
): PageData {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, load());
    return memo.get(key) as Promise<T>;
  };
  return {
    categories: () => once('categories', () => content.categories(site.id)),
    counts: () => once('counts', () => content.articleCounts(site.id, lang)),
    list: (order, limit) =>
      once(`list:${order}:${limit}`, () => content.list(site.id, lang, { order, limit })),
    related: (limit) =>
      once(`related:${limit}`, async () => {
        if (subject.kind !== 'article') return [];
        const a = subject.article;
        if (a.categoryId === null)
          return content.list(site.id, lang, { order: 'popular', limit, excludeId: a.id });
        return content.list(site.id, lang, {
          categoryId: a.categoryId,
          order: 'popular',
          limit,
          excludeId: a.id,
        });
      }),
    imageUrls: (ids) => once(`images:${ids.join(',')}`, () => content.imageUrls(site.id, ids)),
  };
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
