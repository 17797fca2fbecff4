import { BodyFrom } from './validation.pipe';
import { QueryInteger, readQuery } from './query';

export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}

/** `meta` of spec 4.2: {page, per_page, total_pages (at least 1), items_count}. */
export function pageMeta(paging: Paging, total: number) {
  return {
    page: paging.page,
    per_page: paging.perPage,
    total_pages: Math.max(1, Math.ceil(total / paging.perPage)),
    items_count: total,
  };
}

/** The largest page size any list takes (spec 4.2). */
export const MAX_PAGE_SIZE = 100;

/**
 * `page` and `limit` of a list's query (spec 4.2), read at the edge: whole numbers from 1, the
 * size at most 100 (422, or the status of the DTO's `@ValidationErrorShape`). A list DTO extends it.
 */
@BodyFrom(readQuery)
export class PageQuery {
  @QueryInteger('Page number, from 1. Default 1.', { min: 1, example: 1 })
  page?: number;

  @QueryInteger('Page size, 1 to 100.', { min: 1, max: MAX_PAGE_SIZE })
  limit?: number;
}

/** The typed paging of a checked `PageQuery`, with the list's own default size. */
export function pagingOf(query: PageQuery, defaultSize: number): Paging {
  const page = query.page ?? 1;
  const perPage = query.limit ?? defaultSize;
  // A page past the end is an empty list (spec 4.2), however far: the offset stays an integer
  // the database accepts (a float like 2.5e+21 would be an SQL syntax error).
  return { page, perPage, offset: Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER) };
}
