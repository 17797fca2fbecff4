import { pagingSearch, type PagingSearch } from '../ui/paging';
import type { ReviewList } from './use-reviews';

const LISTS: ReviewList[] = ['waiting', 'mine', 'all'];

/** The Reviews screen's URL: `?list=waiting|mine|all` (default waiting) and `?page=`. */
export interface ReviewsSearch extends PagingSearch {
  list?: ReviewList;
}

export function reviewsSearch(search: Record<string, unknown>): ReviewsSearch {
  const list = LISTS.find((l) => l === search.list);
  return { ...pagingSearch(search), ...(list ? { list } : {}) };
}
