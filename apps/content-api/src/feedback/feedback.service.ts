import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import type { FeedbackRating } from '@hc/data';
import { ArticleSite, requireArticleRef } from '../comments/article-ref';
import { FeedbackRepository } from './feedback.repository';

/** A reader's rating as the edge read it (`FeedbackDto`). */
export interface FeedbackInput {
  rating: FeedbackRating;
  lang?: string | null;
  message?: string | null;
}

/** POST /articles/{id}/feedback (spec 4.4): a reader's rating counted into the article's `ratings`. */
@Injectable()
export class FeedbackService {
  constructor(private readonly feedback: FeedbackRepository) {}

  async record(
    site: ArticleSite & { languages: string[] },
    articleId: number,
    input: FeedbackInput,
  ) {
    const { rating } = input;
    const message = input.message?.trim() || null;
    // spec 4.4: feedback in a language the site lacks is recorded in the default language.
    const lang =
      input.lang && [site.defaultLanguage, ...site.languages].includes(input.lang)
        ? input.lang
        : site.defaultLanguage;
    const ratings = await this.feedback.transaction(async (m) => {
      const article = await requireArticleRef(m, site, articleId);
      await this.feedback.record(site.id, m, article.id, lang, rating, message);
      await writeAuditEvent(m, site, 'feedback.create', { type: 'article', id: article.id });
      return this.feedback.ratings(site.id, m, article.id);
    });
    return {
      message: 'Thank you for your feedback.',
      feedback: { article_id: articleId, rating, lang },
      ratings,
    };
  }
}
