import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { messages, validationError } from '@hc/contracts';
import {
  BodyFrom,
  PageQuery,
  pagingOf,
  QueryEnum,
  QueryInteger,
  QueryText,
  readQuery,
  ValidationErrorShape,
} from '@hc/http';
import type { Paging } from '@hc/http';

export const ARTICLE_STATUSES = ['published', 'draft'] as const;
const SEARCH_MAX_LENGTH = 255;
const DEFAULT_PAGE_SIZE = 100;

/**
 * `updated_since` in UTC: `YYYY-MM-DD`, optionally with a time; a time offset is ignored
 * (spec 4.4), whether sent as `+02:00`, `Z`, or with its `+` decoded to a space.
 */
export function parseUpdatedSince(raw: string): Date | null {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(?:Z|[+\- ]\d{2}(?::?\d{2})?)?$/i.exec(
      raw,
    );
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(
    Number,
  );
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  return date;
}

/**
 * GET /articles (spec 4.4): the list's filters and search, read at the edge. Every input error
 * is a 400 (spec 4.2: the page size; spec 7); `lang` and `category_id` are checked against the
 * site later.
 */
@ValidationErrorShape((errors) => validationError(errors, undefined, 400))
@BodyFrom(readQuery)
export class ArticlesQuery extends PageQuery {
  @QueryText(
    'Full-text search; at most 15 matches, paged by page and limit',
    'refund',
    SEARCH_MAX_LENGTH,
  )
  search?: string;

  @QueryText(
    'Team search (dashboard session only, issue 37): titles and content in every status ' +
      '(the Trash included, each trashed article with its `deleted_at`, after the live ones) ' +
      'and language (`lang` narrows it), paged by page and limit, no 15-match cap',
    'refund',
    SEARCH_MAX_LENGTH,
  )
  team_search?: string;

  @QueryText('One of the site’s languages', 'en')
  lang?: string;

  @QueryEnum(ARTICLE_STATUSES, 'Published or draft articles only')
  status?: (typeof ARTICLE_STATUSES)[number];

  @ApiPropertyOptional({
    type: 'string',
    example: '2026-03-01 12:00:00',
    description: 'Changed at or after this UTC time: YYYY-MM-DD, optionally with a time',
  })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (parseUpdatedSince(value) ?? value) : value,
  )
  @IsOptional()
  @ValidateBy({
    name: 'isDate',
    validator: {
      validate: (v: unknown) => v instanceof Date,
      defaultMessage: () => messages.date('updated_since'),
    },
  })
  updated_since?: Date;

  @QueryEnum(
    ['views', 'updated_at', 'position'],
    'Sort by views or last change. Default updated_at. `position` (dashboard session only, ' +
      'issue 37; needs `category_id` > 0): the category’s custom article order as readers see it.',
  )
  order_by?: 'views' | 'updated_at' | 'position';

  @QueryEnum(['asc', 'desc'], 'Ascending or descending. Default desc.')
  order_type?: 'asc' | 'desc';

  @QueryInteger('One category; 0: articles without a category', { min: 0 })
  category_id?: number;

  @QueryEnum(['0', '1'], '1: only articles with an outdated translation (#25)')
  outdated?: '0' | '1';

  @QueryEnum(['0', '1'], '1: only articles with staged changes waiting (issue 39)')
  staged?: '0' | '1';
}

/** The typed paging of a checked `ArticlesQuery`: 100 a page. */
export function articlesPaging(query: ArticlesQuery): Paging {
  return pagingOf(query, DEFAULT_PAGE_SIZE);
}
