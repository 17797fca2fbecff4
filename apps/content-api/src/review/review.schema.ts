import type { ResponseSpec, ResponseTable } from '@hc/http';
import { agrees, answers, arr, bool, fails, formatB, id, int, nullable, obj, ok } from '@hc/http';
import { oneOfStr, pagedBody, str, success } from '@hc/http';
import type { ReviewController } from './review.controller';
import type { ReviewResponse } from './review.service';

const who = obj({ id, name: str });

/** A review request (issue 39 item 7), held against `toReviewResponse`. */
export const REVIEW_SCHEMA = agrees<ReviewResponse>()(
  obj({
    id,
    subject: oneOfStr('article', 'change_set'),
    article: nullable(obj({ id, title: str })),
    change_set_id: nullable(int),
    requester: who,
    reviewer: who,
    message: nullable(str),
    status: oneOfStr(
      'pending',
      'approved',
      'sent_back',
      'scheduled',
      'publishing',
      'published',
      'failed',
      'superseded',
    ),
    decided_by: nullable(who),
    decided_at: nullable(formatB),
    comment: nullable(str),
    publish_at: nullable(formatB),
    published_at: nullable(formatB),
    failure: nullable(str),
    created_at: formatB,
    updated_at: formatB,
  }),
  true,
);

const reviewAnswer = obj({ status: success, review: REVIEW_SCHEMA });
const settingsAnswer = obj({ status: success, settings: obj({ require_approval: bool }) });

const REVIEW_ANSWERS = {
  list: answers<ReviewController, 'list'>()(pagedBody('reviews', REVIEW_SCHEMA), true),
  reviewers: answers<ReviewController, 'reviewers'>()(
    obj({ status: success, reviewers: arr(obj({ id, name: str, role: str })) }),
    true,
  ),
  get: answers<ReviewController, 'get'>()(reviewAnswer, true),
  request: answers<ReviewController, 'request'>()(reviewAnswer, true),
  approve: answers<ReviewController, 'approve'>()(reviewAnswer, true),
  sendBack: answers<ReviewController, 'sendBack'>()(reviewAnswer, true),
  schedule: answers<ReviewController, 'schedule'>()(reviewAnswer, true),
  settings: answers<ReviewController, 'settings'>()(settingsAnswer, true),
  setSettings: answers<ReviewController, 'setSettings'>()(settingsAnswer, true),
};

/** The answers of the review routes; `validation`: the shared 422. */
export function reviewAnswers(validation: ResponseSpec): ResponseTable {
  const missing = fails('`not_found`: no such review on this site.');
  const decision = {
    200: ok('The review after the decision.', REVIEW_ANSWERS.approve),
    403: fails(
      '`review_forbidden`: the person asked for it themselves, or is neither the reviewer ' +
        'named nor an Owner or Admin; `session_required` for keys and tokens.',
    ),
    404: missing,
    409: fails('`review_closed`: the review was already decided, or nothing is left to approve.'),
    422: validation,
  };
  return {
    ReviewController_list: {
      200: ok('Review requests, most recently changed first.', REVIEW_ANSWERS.list),
      422: validation,
    },
    ReviewController_reviewers: {
      200: ok('Members whose role publishes, by name.', REVIEW_ANSWERS.reviewers),
    },
    ReviewController_get: {
      200: ok('The review request.', REVIEW_ANSWERS.get),
      404: missing,
    },
    ReviewController_request: {
      201: ok('The new review request.', REVIEW_ANSWERS.request),
      404: fails('`not_found`: no such article or change set on this site.'),
      422: validation,
    },
    ReviewController_approve: decision,
    ReviewController_sendBack: {
      ...decision,
      200: ok('The review after the decision.', REVIEW_ANSWERS.sendBack),
    },
    ReviewController_schedule: {
      ...decision,
      200: ok('The review with its publish time.', REVIEW_ANSWERS.schedule),
      403: fails(
        '`review_forbidden`: only the person who asked, the reviewer, an Owner or an Admin.',
      ),
      409: fails('`review_closed`: not approved, or the changes were edited since.'),
    },
    ReviewController_settings: {
      200: ok('Whether people need an approval to publish.', REVIEW_ANSWERS.settings),
    },
    ReviewController_setSettings: {
      200: ok('The setting after the change.', REVIEW_ANSWERS.setSettings),
      422: validation,
    },
  };
}
