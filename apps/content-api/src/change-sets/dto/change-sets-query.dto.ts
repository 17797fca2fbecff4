import { BodyFrom, MAX_PAGE_SIZE, pagingOf, QueryInteger, readQuery } from '@hc/http';
import type { Paging } from '@hc/http';

const DEFAULT_PER_PAGE = 25;

/** GET /change-sets (spec 4.2): `page` from 1; `per_page` from 1, over 100 lowered to 100. */
@BodyFrom(readQuery)
export class ChangeSetsQuery {
  @QueryInteger('Page number, from 1. Default 1.', { min: 1, example: 1 })
  page?: number;

  @QueryInteger('Page size; over 100 is lowered to 100. Default 25.', { min: 1 })
  per_page?: number;
}

/** The typed paging of a checked `ChangeSetsQuery`. */
export function changeSetsPaging(query: ChangeSetsQuery): Paging {
  const limit = Math.min(query.per_page ?? DEFAULT_PER_PAGE, MAX_PAGE_SIZE);
  return pagingOf({ page: query.page, limit }, DEFAULT_PER_PAGE);
}
