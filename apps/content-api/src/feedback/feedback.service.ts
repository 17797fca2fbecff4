import { Injectable } from '@nestjs/common';
import { fieldError, messages } from '@hc/contracts';
import { FEEDBACK_RATINGS } from '@hc/data';
import type { FeedbackRating } from '@hc/data';
import { ArticleSite, requireArticleRef } from '../comments/article-ref';
import { TEXT_MAX } from '../comments/comment-input';
import { FeedbackRepository } from './feedback.repository';

export interface FeedbackInput {
  rating?: unknown;
  lang?: unknown;
  message?: unknown;
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
    const rating = readRating(input.rating);
    const message = readMessage(input.message);
    // spec 4.4: feedback in a language the site lacks is recorded in the default language.
    const lang =
      typeof input.lang === 'string' &&
      [site.defaultLanguage, ...site.languages].includes(input.lang.trim())
        ? input.lang.trim()
        : site.defaultLanguage;
    const ratings = await this.feedback.transaction(async (m) => {
      const article = await requireArticleRef(m, site, articleId);
      await this.feedback.record(m, site.id, article.id, lang, rating, message);
      return this.feedback.ratings(m, site.id, article.id);
    });
    return {
      status: 'success',
      message: 'Thank you for your feedback.',
      feedback: { article_id: articleId, rating, lang },
      ratings,
    };
  }
}

function readRating(value: unknown): FeedbackRating {
  if (value === undefined || value === null || value === '')
    throw fieldError('rating', messages.required('rating'));
  if (typeof value !== 'string' || !(FEEDBACK_RATINGS as readonly string[]).includes(value)) {
    throw fieldError('rating', messages.selectedInvalid('rating'));
  }
  return value as FeedbackRating;
}

function readMessage(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw fieldError('message', messages.string('message'));
  if ([...value].length > TEXT_MAX)
    throw fieldError('message', messages.maxString('message', TEXT_MAX));
  return value.trim() || null;
}
