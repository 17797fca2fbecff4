import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy, ValidateIf } from 'class-validator';
import { fieldError, messages } from '@hc/contracts';
import { BodyFrom, pagingOf, QueryEnum, QueryInteger, QueryText, readQuery } from '@hc/http';
import type { Paging } from '@hc/http';
import { DateRange, isDay, MAX_RANGE_DAYS, rangeOf } from '../analytics-range';
import { CONTENT_SORTS } from '../analytics.repository';
import type { ContentSort } from '../analytics.repository';

/** Spec 4.10: 25 articles per page whatever `per_page` says (within its maximum, spec 4.2). */
const CONTENT_PAGE_SIZE = 25;
const CONTENT_MAX_PER_PAGE = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
const SEARCH_LIMIT_MAX = 50;

/** A `from`/`to` day of a range: `YYYY-MM-DD` naming a real day. */
const day = (description: string) =>
  ApiPropertyOptional({ type: 'string', format: 'date', example: '2026-03-01', description });

/**
 * The range of every GET /analytics/* (spec 4.10): `from` and `to` are days, both included;
 * `to` before `from`, or a range over 92 days, is 422 on `to`. `lang` is checked against the
 * site's languages later.
 */
@BodyFrom(readQuery)
export class AnalyticsQuery {
  @day('First day (UTC), included. Default: six days before to.')
  @IsOptional()
  @ValidateBy({
    name: 'isDay',
    validator: { validate: isDay, defaultMessage: () => messages.date('from') },
  })
  from?: string;

  @day(`Last day (UTC), included. Default: today. At most ${MAX_RANGE_DAYS} days after from.`)
  // Judged when absent too: today is then the end of the range that `from` starts.
  @ValidateIf((q: AnalyticsQuery) => q.to !== undefined || q.from !== undefined)
  @ValidateBy({
    name: 'isRangeEnd',
    validator: {
      validate: (_v, args) => toProblem(args?.object as AnalyticsQuery) === undefined,
      defaultMessage: (args) => toProblem(args?.object as AnalyticsQuery) ?? '',
    },
  })
  to?: string;

  @QueryText('One of the site’s languages; absent: all', 'en')
  lang?: string;
}

/** What is wrong with `to`: not a day, or the range it ends (a bad `from` speaks for itself). */
function toProblem(query: AnalyticsQuery): string | undefined {
  if (query.to !== undefined && !isDay(query.to)) return messages.date('to');
  if (query.from !== undefined && !isDay(query.from)) return undefined;
  const range = rangeOf(query);
  return 'problem' in range ? range.problem : undefined;
}

/** The range of a checked `AnalyticsQuery`. */
export function analyticsRange(query: AnalyticsQuery): DateRange {
  const range = rangeOf(query);
  // The pipe judged it a moment ago; only a day that ended in between could change the answer.
  if ('problem' in range) throw fieldError('to', range.problem);
  return range;
}

/** GET /analytics/content: the range, paging (25 a page; `per_page` over 100 is 422), filters. */
@BodyFrom(readQuery)
export class AnalyticsContentQuery extends AnalyticsQuery {
  @QueryInteger('Page number, from 1. Default 1.', { min: 1, example: 1 })
  page?: number;

  @QueryInteger('Accepted up to 100; a page holds 25 articles whatever it says.', {
    min: 1,
    max: CONTENT_MAX_PER_PAGE,
  })
  per_page?: number;

  @QueryInteger('One category', { min: 1 })
  category_id?: number;

  @QueryEnum(CONTENT_SORTS, 'The order of the articles. Default views.')
  sort?: ContentSort;
}

/** The paging of GET /analytics/content: 25 a page whatever `per_page` says (spec 4.14 rule 11). */
export function contentPaging(query: AnalyticsContentQuery): Paging {
  return pagingOf({ page: query.page }, CONTENT_PAGE_SIZE);
}

/** GET /analytics/searches: the range and how many entries each list holds. */
@BodyFrom(readQuery)
export class AnalyticsSearchesQuery extends AnalyticsQuery {
  @QueryInteger(`Entries per list, 1 to ${SEARCH_LIMIT_MAX}. Default ${SEARCH_LIMIT_DEFAULT}.`, {
    min: 1,
    max: SEARCH_LIMIT_MAX,
  })
  limit?: number;
}
