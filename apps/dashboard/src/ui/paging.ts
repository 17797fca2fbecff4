/** `?page=` of a paged list, from 1 (anything else reads as 1). */
export interface PagingSearch {
  page?: number;
}

export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

export function pagingSearch(search: Record<string, unknown>): PagingSearch {
  const page = positiveInt(search.page);
  return page && page > 1 ? { page } : {};
}

/** Rows per page of the dashboard's lists (the API allows up to 100). */
export const PAGE_SIZE = 50;
