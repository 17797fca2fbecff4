import type { EntityManager } from 'typeorm';
import { notFound, readerSiteUrl } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';
import { IdParam } from '@hc/http';
import { articleInPlace, articleTitles } from './article-ref.repository';

/** What comments, notes and feedback need of an article (read from the articles' own tables). */
export interface ArticleRef {
  id: number;
  /** Titles per language. */
  title: Record<string, string>;
  /** The reader URL (`{site url}/articles/<id>-<slug>`, default language's slug). */
  url: string;
}

export interface ArticleSite {
  id: SiteId;
  uuid: string;
  defaultLanguage: string;
  subdomain: string;
}

export const ARTICLE_NOT_FOUND = 'Article not found.';

/** `{id}` of /articles/{id}/comments, notes and feedback: anything else is `Article not found.` */
export const ArticleRefIdParam = () => IdParam('id', () => notFound(ARTICLE_NOT_FOUND));

/**
 * The site's article that is not in the Trash, or null; a foreign id reads as missing. With
 * `lock` the article row is locked for the caller's transaction.
 */
export async function findArticleRef(
  m: EntityManager,
  site: ArticleSite,
  articleId: number,
  lock = false,
): Promise<ArticleRef | null> {
  if (!(await articleInPlace(site.id, m, articleId, lock))) return null;
  const translations = await articleTitles(site.id, m, articleId);
  const title: Record<string, string> = {};
  for (const t of translations) title[t.lang] = t.title;
  const slug = (translations.find((t) => t.lang === site.defaultLanguage) ?? translations[0])?.slug;
  return {
    id: articleId,
    title,
    url: `${readerSiteUrl(site.subdomain)}/articles/${articleId}${slug ? `-${slug}` : ''}`,
  };
}

/** Like findArticleRef, but a missing article is 404 `Article not found.` (spec 7). */
export async function requireArticleRef(
  m: EntityManager,
  site: ArticleSite,
  articleId: number,
  lock = false,
): Promise<ArticleRef> {
  const found = await findArticleRef(m, site, articleId, lock);
  if (!found) throw notFound(ARTICLE_NOT_FOUND);
  return found;
}

/** The title in a language, else the default language's, else any. */
export function titleIn(ref: ArticleRef, lang: string, defaultLanguage: string): string {
  return ref.title[lang] ?? ref.title[defaultLanguage] ?? Object.values(ref.title)[0] ?? '';
}
