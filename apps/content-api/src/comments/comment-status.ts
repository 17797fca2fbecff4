/** `pending` (awaiting moderation), `published`, `unpublished` (hidden by a moderator), `deleted`. */
export const COMMENT_STATUSES = ['pending', 'published', 'unpublished', 'deleted'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
