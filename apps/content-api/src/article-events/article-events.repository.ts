import type { EntityManager } from 'typeorm';
import type { ArticleEventData } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';

/** What article events say of an article (spec 6 `data`), one row per article. */
export interface ArticleEventRow {
  id: number | string;
  published: number | boolean;
  visibility: ArticleEventData['visibility'];
  updated_at: Date;
  title: string | null;
  slug: string | null;
  n_categories: number | string;
  one_category: number | string | null;
}

/** The site's articles `articleIds` with title and slug in `lang`, in the caller's transaction. */
export function articleEventRows(
  siteId: SiteId,
  m: EntityManager,
  lang: string,
  articleIds: number[],
): Promise<ArticleEventRow[]> {
  return m.query(
    `SELECT a.id, a.published, a.visibility, a.updated_at, t.title, t.slug,
       (SELECT COUNT(*) FROM article_categories ac WHERE ac.article_id = a.id) AS n_categories,
       (SELECT MIN(ac.category_id) FROM article_categories ac WHERE ac.article_id = a.id) AS one_category
     FROM articles a
     LEFT JOIN article_translations t ON t.article_id = a.id AND t.lang = ?
     WHERE a.site_id = ? AND a.id IN (?)`,
    [lang, siteId, articleIds],
  );
}
