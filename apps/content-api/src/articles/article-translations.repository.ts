import type { EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

/** The columns of a translation that are written on their own, outside an edit of the article. */
type LoneColumn = 'audio_file' | 'content';

/** Sets one column of an article's translation in `lang`, in the caller's transaction. */
export async function setTranslationColumn(
  m: EntityManager,
  siteId: SiteId,
  articleId: number,
  lang: string,
  column: LoneColumn,
  value: string | null,
): Promise<void> {
  await m.query(
    `UPDATE article_translations SET ${column} = ? WHERE site_id = ? AND article_id = ? AND lang = ?`,
    [value, siteId, articleId, lang],
  );
}
