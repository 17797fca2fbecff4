import { pagingSearch, type PagingSearch } from '../ui/paging';

export const COMMENT_STATES = ['pending', 'published', 'unpublished', 'deleted'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];

/** The queue's URL: `?status=` (a state, or `all`; absent: the site's default view) and `?page=`. */
export interface ModerationSearch extends PagingSearch {
  status?: CommentState | 'all';
}

export function moderationSearch(search: Record<string, unknown>): ModerationSearch {
  const status = search.status;
  const known = status === 'all' || COMMENT_STATES.includes(status as CommentState);
  return {
    ...pagingSearch(search),
    ...(known ? { status: status as ModerationSearch['status'] } : {}),
  };
}
