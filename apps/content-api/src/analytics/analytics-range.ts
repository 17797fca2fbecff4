import { fieldError, messages } from '@hc/contracts';
import { queryString } from '@hc/http';

/** Spec 4.10 / 8: a range covers at most 92 days; the default is the last 7 days. */
export const MAX_RANGE_DAYS = 92;
export const DEFAULT_RANGE_DAYS = 7;
const DAY_MS = 86_400_000;

export interface DateRange {
  /** `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  days: number;
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** The UTC instants [start, end) a range covers, for tables with timestamps. */
export function instants(range: { from: string; to: string }): [Date, Date] {
  return [
    new Date(`${range.from}T00:00:00.000Z`),
    new Date(`${addDays(range.to, 1)}T00:00:00.000Z`),
  ];
}

function readDay(query: Record<string, unknown>, field: string): string | undefined {
  const v = queryString(query, field);
  if (v === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m || isoDay(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))) !== v) {
    throw fieldError(field, messages.date(field));
  }
  return v;
}

/**
 * `from` and `to` (both included). Without `to`: today (UTC); without `from`: six days before
 * `to`. `to` before `from`, or a range over 92 days, is 422 on `to`.
 */
export function readRange(query: Record<string, unknown>, today = new Date()): DateRange {
  const to = readDay(query, 'to') ?? isoDay(today);
  const from = readDay(query, 'from') ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days < 1) throw fieldError('to', 'The to field must be a date after or equal to from.');
  if (days > MAX_RANGE_DAYS) {
    throw fieldError(
      'to',
      `The range from from to to must not be longer than ${MAX_RANGE_DAYS} days.`,
    );
  }
  return { from, to, days };
}

/** The period of the same length just before a range ("compared with the preceding period"). */
export function previousRange(range: DateRange): DateRange {
  return { from: addDays(range.from, -range.days), to: addDays(range.from, -1), days: range.days };
}
