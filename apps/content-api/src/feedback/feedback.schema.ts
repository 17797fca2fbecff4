import type { ResponseTable } from '@hc/http';
import { answers, confirmation, int, nullable, obj, ok, str } from '@hc/http';
import { RATINGS } from '../articles/article.schema';
import { validation } from '../http/answers.schema';
import type { FeedbackController } from './feedback.controller';

export const FEEDBACK_RESPONSES: ResponseTable = {
  FeedbackController_record: {
    200: ok(
      'Feedback recorded (body fields "not shown" in spec 4.4: `rating`, `lang`, `message`).',
      answers<FeedbackController, 'record'>()(
        confirmation({
          feedback: obj({ article_id: int, rating: nullable(str), lang: str }),
          ratings: RATINGS,
        }),
        true,
      ),
    ),
    422: validation,
  },
};
