import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository } from '@hc/data';
import type { FeedbackRating } from '@hc/data';
import type { SiteId } from '@hc/contracts';

export interface Ratings {
  thumbs_up: number;
  thumbs_down: number;
  love: number;
}

/** Reader ratings: one row per rating (analytics over time) plus the article's counters. */
@Injectable()
export class FeedbackRepository extends DataRepository {
  async record(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    lang: string,
    rating: FeedbackRating,
    message: string | null,
  ): Promise<void> {
    await m.query(
      'INSERT INTO article_feedback (site_id, article_id, lang, rating, message, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [siteId, articleId, lang, rating, message, new Date()],
    );
    // The article's `ratings` (spec 2.3) read article_stats; the row is made on first use.
    await m.query(
      `INSERT INTO article_stats (article_id, site_id, ${rating}) VALUES (?, ?, 1)
       ON DUPLICATE KEY UPDATE ${rating} = ${rating} + 1`,
      [articleId, siteId],
    );
  }

  async ratings(siteId: SiteId, m: EntityManager, articleId: number): Promise<Ratings> {
    const rows = await m.query(
      'SELECT thumbs_up, thumbs_down, love FROM article_stats WHERE site_id = ? AND article_id = ?',
      [siteId, articleId],
    );
    const r = rows[0] ?? {};
    return {
      thumbs_up: Number(r.thumbs_up ?? 0),
      thumbs_down: Number(r.thumbs_down ?? 0),
      love: Number(r.love ?? 0),
    };
  }
}
