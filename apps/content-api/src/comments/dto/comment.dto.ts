import { Allow } from 'class-validator';

/**
 * POST /articles/{id}/comments. The fields are checked in CommentsService (comment-input.ts)
 * so each failure has exactly one message in the spec's wording; other fields are dropped.
 */
export class CommentBodyDto {
  /** Plain text, 1 to 5,000 characters. */
  @Allow() text?: unknown;
  /** A comment on the same article; top-level when absent. */
  @Allow() parent_id?: unknown;
  /** A site language; a reply always takes its parent's. */
  @Allow() lang?: unknown;
}

/** PATCH /comments/{id}: `action` = `approve` or `unpublish`. */
export class ModerateCommentDto {
  @Allow() action?: unknown;
}
