import type { EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

/** The reader counters of `article_stats`, one column each. */
export const ARTICLE_COUNTERS = ['views', 'thumbs_up', 'thumbs_down', 'love'] as const;
export type ArticleCounter = (typeof ARTICLE_COUNTERS)[number];

/** A reader's rating of an article (`article_feedback.rating`), each also a counter. */
export const FEEDBACK_RATINGS = ['thumbs_up', 'thumbs_down', 'love'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/**
 * Adds to one of an article's reader counters (a view, a rating). Used by whatever records
 * them (reader site, tests); never changes the article's `updated_at` and sends no event
 * (spec 6: not sent for view counting).
 */
export async function bumpArticleCounter(
  manager: EntityManager,
  siteId: SiteId,
  articleId: number,
  counter: ArticleCounter,
  by = 1,
): Promise<void> {
  if (!ARTICLE_COUNTERS.includes(counter)) throw new Error(`unknown article counter ${counter}`);
  await manager.query(
    `INSERT INTO article_stats (article_id, site_id, ${counter})
     SELECT a.id, a.site_id, ? FROM articles a WHERE a.id = ? AND a.site_id = ?
     ON DUPLICATE KEY UPDATE ${counter} = ${counter} + VALUES(${counter})`,
    [by, articleId, siteId],
  );
}
