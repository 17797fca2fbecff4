import { IntersectionType } from '@nestjs/swagger';
import { COMMENT_STATUSES, type CommentStatus } from '../comment-status';
import {
  BodyFrom,
  PageQuery,
  pagingOf,
  QueryBoolean,
  QueryEnum,
  QueryInteger,
  QueryText,
  readQuery,
} from '@hc/http';
import type { Paging } from '@hc/http';

const SEARCH_MAX = 190;
const DEFAULT_PAGE_SIZE = 25;

/** GET /articles/{id}/comments (spec 4.9): `lang` is checked against the site's languages later. */
@BodyFrom(readQuery)
export class ArticleCommentsQuery {
  @QueryBoolean('1 always fails: commenter email addresses are not available')
  include_email?: boolean;

  @QueryEnum(COMMENT_STATUSES, 'One comment state')
  status?: CommentStatus;

  @QueryText('One of the site’s languages', 'en')
  lang?: string;
}

/** GET /comments (spec 4.9, 4.2): also by article, text and order; 25 a page, at most 100. */
@BodyFrom(readQuery)
export class CommentsQuery extends IntersectionType(ArticleCommentsQuery, PageQuery) {
  @QueryInteger('One article', { min: 1 })
  article_id?: number;

  @QueryText('Text the comment contains', undefined, SEARCH_MAX)
  search?: string;

  @QueryEnum(['asc', 'desc'], 'Oldest or newest first. Default desc.')
  order?: 'asc' | 'desc';
}

/** The typed paging of a checked `CommentsQuery`. */
export function commentsPaging(query: CommentsQuery): Paging {
  return pagingOf(query, DEFAULT_PAGE_SIZE);
}
