import type { EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

/**
 * Whether the site has this article outside the Trash; a foreign id reads as missing. With
 * `lock` the article row is locked for the caller's transaction.
 */
export async function articleInPlace(
  siteId: SiteId,
  m: EntityManager,
  articleId: number,
  lock: boolean,
): Promise<boolean> {
  const rows: { id: number }[] = await m.query(
    `SELECT id FROM articles WHERE site_id = ? AND id = ? AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [siteId, articleId],
  );
  return rows.length > 0;
}

/** The article's title and slug per language, languages in order. */
export function articleTitles(
  siteId: SiteId,
  m: EntityManager,
  articleId: number,
): Promise<{ lang: string; title: string; slug: string }[]> {
  return m.query(
    'SELECT lang, title, slug FROM article_translations WHERE site_id = ? AND article_id = ? ORDER BY lang',
    [siteId, articleId],
  );
}
