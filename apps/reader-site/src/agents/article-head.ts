import type { Request } from 'express';
import type { ArticleRow, CategoryRow, TranslationRow } from '../data/content.repository';
import { articlePath } from '../render/context';
import { articleHtml } from '../render/article-html';
import type { Admitted } from '../site/gate.service';
import { articleStructuredData, originOf } from './structured-data';

/**
 * The canonical link of an article page (its address in that language, without a share token),
 * and its JSON-LD (issue #26) when anyone may read it: a public article on a public site.
 */
export async function articleHead(
  req: Request,
  admitted: Admitted,
  article: ArticleRow,
  translation: TranslationRow,
  categories: () => Promise<CategoryRow[]>,
): Promise<{ canonical: string; structuredData?: string }> {
  const { site, path } = admitted;
  const origin = originOf(req, path.base);
  const home = `${origin}${path.langPrefix}`;
  const canonical = `${home}${articlePath({ id: article.id, slug: translation.slug })}`;
  if (site.visibility !== 'public' || article.visibility !== 'public') return { canonical };
  const category = (await categories()).find((c) => c.id === article.categoryId);
  const name = (c: CategoryRow) => c.name[translation.lang] ?? c.name[site.defaultLanguage] ?? '';
  const breadcrumbs = [
    { name: site.name, url: `${home}/` },
    ...(category ? [{ name: name(category), url: `${home}/categories/${category.id}` }] : []),
    { name: translation.title, url: canonical },
  ];
  const structuredData = articleStructuredData({
    url: canonical,
    title: translation.title,
    description: translation.metaDescription,
    lang: translation.lang,
    updated: article.updatedAt,
    author: article.authorName,
    siteName: site.name,
    faq: article.type === 'faq',
    // The page's own conversion (once per content); nothing for an article too large to show.
    html: articleHtml(translation.content) ?? '',
    breadcrumbs,
  });
  return { canonical, structuredData };
}
