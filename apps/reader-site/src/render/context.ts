import type { ReaderMember, ReaderSite } from '../data/site.repository';
import type {
  ArticleRow,
  ArticleSummary,
  CategoryRow,
  CommentRow,
  TranslationRow,
} from '../data/content.repository';
import type {
  Component,
  DesignDocument,
  DesignTranslations,
  PageKey,
} from '../data/design-document';
import type { Texts } from './text';

/** What the current page is about, loaded before rendering. */
export type Subject =
  | { kind: 'home' }
  | { kind: 'category'; category: CategoryRow; articles: ArticleSummary[] }
  | {
      kind: 'article';
      article: ArticleRow;
      translation: TranslationRow;
      comments: CommentRow[];
      /** Query string that keeps access (the share token of a link_only article). */
      accessQuery: string;
      notice: string | null;
      /** The published comment a reader chose to answer (`?reply_to=`). */
      replyTo: CommentRow | null;
    }
  | { kind: 'search'; query: string; results: ArticleSummary[] | null; didYouMean?: string | null }
  | { kind: 'contact'; sent: boolean; errors: string[]; values: Record<string, string> }
  | { kind: 'notFound' };

/** Lazily loaded lists shared by the components of one page. */
export interface PageData {
  categories(): Promise<CategoryRow[]>;
  counts(): Promise<Map<number, number>>;
  list(order: 'popular' | 'recent', limit: number): Promise<ArticleSummary[]>;
  related(limit: number): Promise<ArticleSummary[]>;
  imageUrls(ids: number[]): Promise<Map<number, string>>;
}

export interface RenderContext {
  site: ReaderSite;
  lang: string;
  /** `/hc/<subdomain>` */
  base: string;
  /** `base` plus `/<lang>` when the language is not the default. */
  langBase: string;
  /** The current page's path below langBase (`/articles/12-x`), for the language switcher. */
  path: string;
  page: PageKey;
  doc: DesignDocument;
  translations: DesignTranslations;
  texts: Texts;
  subject: Subject;
  data: PageData;
  member: ReaderMember | null;
  /** Languages the current page exists in (the article's released ones, else the site's). */
  languages: string[];
  preview: boolean;
  /** This response's CSP nonce: only the design's scripts carry it (issue #14). */
  nonce: string;
  /** This browser's reader-forms CSRF token. */
  csrf: string;
}

/** A setting of a component: its translation in the reader's language, the stored value, the default. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T;

export function setting<T>(
  ctx: RenderContext,
  comp: Component,
  key: string,
  fallback: T,
): Widen<T> {
  const value = comp.config?.[key];
  if (ctx.lang !== ctx.site.defaultLanguage && typeof value === 'string') {
    const translated = ctx.translations[ctx.lang]?.[`pages.${ctx.page}.${comp.id}.${key}`];
    if (translated) return translated as Widen<T>;
  }
  return (value === undefined || value === null ? fallback : value) as Widen<T>;
}

export function link(ctx: RenderContext, path: string): string {
  return path === '/' || path === '' ? ctx.langBase || '/' : `${ctx.langBase}${path}`;
}

/** A design href: site-relative paths are placed under the site (and language). */
export function designHref(ctx: RenderContext, href: unknown): string {
  if (typeof href !== 'string') return '#';
  const v = href.trim();
  if (v.startsWith('/') && !v.startsWith('//')) return link(ctx, v);
  return v;
}

export function categoryName(ctx: RenderContext, c: CategoryRow): string {
  return c.name[ctx.lang] ?? c.name[ctx.site.defaultLanguage] ?? Object.values(c.name)[0] ?? '';
}

export function articlePath(a: { id: number; slug: string }): string {
  return `/articles/${a.id}${a.slug ? `-${a.slug}` : ''}`;
}

export function categoryPath(
  ctx: RenderContext,
  c: CategoryRow,
  slug: (s: string) => string,
): string {
  const s = slug(categoryName(ctx, c));
  return `/categories/${c.id}${s ? `-${s}` : ''}`;
}
