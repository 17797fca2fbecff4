import { checkDto, fieldErrorsOf, readQuery } from '@hc/http';
import { addDays, isoDay } from '../analytics-range';
import {
  AnalyticsContentQuery,
  analyticsRange,
  AnalyticsQuery,
  contentPaging,
} from './analytics-query.dto';

const today = isoDay(new Date());

function errors<T extends object>(type: new () => T, query: Record<string, unknown>) {
  const r = checkDto(type, readQuery(query));
  return r.ok ? {} : fieldErrorsOf(r.failures);
}

describe('analytics query DTOs (spec 4.10)', () => {
  it('judges to with from: after or equal, at most 92 days, today when absent', () => {
    expect(errors(AnalyticsQuery, { from: addDays(today, -91) })).toEqual({});
    expect(errors(AnalyticsQuery, { from: addDays(today, -92) })).toEqual({
      to: ['The range from from to to must not be longer than 92 days.'],
    });
    expect(errors(AnalyticsQuery, { from: addDays(today, 1) })).toEqual({
      to: ['The to field must be a date after or equal to from.'],
    });
    expect(errors(AnalyticsQuery, { to: '2026-01-01', from: '2026-01-02' })).toEqual({
      to: ['The to field must be a date after or equal to from.'],
    });
  });

  it('a bad day speaks for itself, and a bad from leaves to alone', () => {
    expect(errors(AnalyticsQuery, { from: '2026-02-30' })).toEqual({
      from: ['The from field must be a valid date.'],
    });
    expect(errors(AnalyticsQuery, { to: 'yesterday', from: 'x' })).toEqual({
      from: ['The from field must be a valid date.'],
      to: ['The to field must be a valid date.'],
    });
    expect(errors(AnalyticsQuery, { from: ['2026-01-01'] })).toEqual({
      from: ['The from field must be a valid date.'],
    });
  });

  it('gives the checked range: seven days by default', () => {
    const r = checkDto(AnalyticsQuery, readQuery({ to: ' 2026-02-28 ' }));
    expect(r.ok && analyticsRange(r.value)).toEqual({
      from: '2026-02-22',
      to: '2026-02-28',
      days: 7,
    });
  });

  it('content pages hold 25 whatever per_page says, up to its maximum of 100', () => {
    const r = checkDto(AnalyticsContentQuery, readQuery({ page: '2', per_page: '100' }));
    expect(r.ok && contentPaging(r.value)).toEqual({ page: 2, perPage: 25, offset: 25 });
    expect(errors(AnalyticsContentQuery, { per_page: '101', category_id: '0' })).toEqual({
      per_page: ['The per page field must not be greater than 100.'],
      category_id: ['The category id field must be at least 1.'],
    });
  });
});
