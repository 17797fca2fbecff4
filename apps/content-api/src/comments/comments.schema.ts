import type { ResponseTable } from '@hc/http';
import {
  agrees,
  answers,
  arr,
  confirmation,
  formatB,
  id,
  ids,
  int,
  langMap,
  links,
} from '@hc/http';
import { map, more, nullable, obj, ok, oneOfStr, refTo, selfRef, str, success } from '@hc/http';
import { conflict, validation } from '../http/answers.schema';
import { API_EXAMPLE } from '../staged/staged.schema';
import type { CommentThreadResponse } from './comment.mapper';
import type { ArticleCommentsController, CommentsController } from './comments.controller';
import type { DashboardCommentsController } from './dashboard-comments.controller';

/**
 * The `Comment` component: what `toCommentResponse` returns, and in a thread (`toThreads`) its
 * `replies`, held against their type.
 */
export const COMMENT_SCHEMA = agrees<CommentThreadResponse>()(
  more(
    obj(
      {
        id,
        article_id: int,
        parent_id: nullable(int),
        lang: str,
        status: oneOfStr('pending', 'published', 'unpublished', 'deleted'),
        text: str,
        html: str,
        author: obj({ id: nullable(int), name: str, avatar: nullable(str), type: str }, ['id']),
        created_at: formatB,
        updated_at: formatB,
        _links: links('moderate', 'thread'),
        replies: arr(selfRef('Comment')),
      },
      ['replies'],
    ),
    {
      description:
        'A reader or team comment (spec 2.10 "fields: not shown": the product’s choice). ' +
        'Threads of GET /articles/{id}/comments nest `replies`.',
      examples: [
        {
          id: 3,
          article_id: 12,
          parent_id: null,
          lang: 'en',
          status: 'published',
          text: 'Worked for me.',
          html: 'Worked for me.',
          author: { id: null, name: 'Sam', avatar: null, type: 'reader' },
          created_at: '2026-01-31T09:30:00+00:00',
          updated_at: '2026-01-31T09:30:00+00:00',
          _links: {
            moderate: { method: 'PATCH', url: `${API_EXAMPLE}/comments/3` },
            thread: { method: 'GET', url: `${API_EXAMPLE}/articles/12/comments` },
          },
        },
      ],
    },
  ),
  true,
);
const comment = refTo('Comment', COMMENT_SCHEMA);

/** `{status, message, comment}`: a comment moderated or posted (`CommentAnswer`). */
const COMMENT_ANSWER = answers<CommentsController, 'moderate'>()(confirmation({ comment }), true);
answers<ArticleCommentsController, 'post'>()(COMMENT_ANSWER, true);

export const COMMENT_SCHEMAS = { Comment: COMMENT_SCHEMA, CommentAnswer: COMMENT_ANSWER };
const commentAnswer = refTo('CommentAnswer', COMMENT_ANSWER);

/** The answers of the comments' routes (spec 4.9) and the dashboard's queue (issue 38 item 7). */
export const COMMENT_RESPONSES: ResponseTable = {
  CommentsController_list: {
    200: ok(
      'Comments of the site, newest first (`order` = `asc` for oldest first).',
      answers<CommentsController, 'list'>()(
        obj({
          status: success,
          comments: arr(comment),
          meta: obj({
            page: int,
            per_page: int,
            total_pages: int,
            items_count: int,
            status_counts: map(int),
          }),
        }),
        true,
      ),
    ),
    422: validation,
  },
  CommentsController_moderate: {
    200: ok('`approve` or `unpublish` applied.', commentAnswer),
    409: conflict('The comment was deleted.'),
    422: validation,
  },
  ArticleCommentsController_threads: {
    200: ok(
      'Threads with nested replies.',
      answers<ArticleCommentsController, 'threads'>()(
        obj({
          status: success,
          article: obj({ id, title: langMap, _links: links('view') }),
          comments: arr(comment),
          meta: obj({ threads_count: int, comments_count: int }),
        }),
        true,
      ),
    ),
  },
  ArticleCommentsController_post: {
    201: ok('Comment posted.', commentAnswer),
    422: validation,
  },
  DashboardCommentsController_act: {
    200: ok(
      'The comments done and those that failed, each with the API’s message.',
      answers<DashboardCommentsController, 'act'>()(
        obj({ status: success, updated: ids, failed: arr(obj({ id: int, message: str })) }),
        true,
      ),
      { status: 'success', updated: [31], failed: [{ id: 99, message: 'Comment not found.' }] },
    ),
    422: validation,
  },
  DashboardCommentsController_email: {
    200: ok(
      'The author’s name and email (a team member’s: their account email).',
      answers<DashboardCommentsController, 'email'>()(
        obj({
          status: success,
          author: obj({ comment_id: int, name: str, email: nullable(str) }),
        }),
        true,
      ),
    ),
  },
};
