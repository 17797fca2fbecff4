import { fieldError, messages } from '@hc/contracts';

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

/** A `YYYY-MM-DD` that names a real day. */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return !!m && isoDay(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))) === v;
}

/**
 * The range of two checked days (both included). Without `to`: today (UTC); without `from`:
 * six days before `to`. `to` before `from`, or a range over 92 days, gives the message that is
 * filed on `to` instead.
 */
export function rangeOf(
  days: { from?: string; to?: string },
  today = new Date(),
): DateRange | { problem: string } {
  const to = days.to ?? isoDay(today);
  const from = days.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const count = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (count < 1) return { problem: 'The to field must be a date after or equal to from.' };
  if (count > MAX_RANGE_DAYS) {
    return { problem: `The range from from to to must not be longer than ${MAX_RANGE_DAYS} days.` };
  }
  return { from, to, days: count };
}

/** `from` and `to` read by hand (the rollup command's `--date`): 422 on the field at fault. */
export function readRange(days: { from?: string; to?: string }, today = new Date()): DateRange {
  for (const field of ['to', 'from'] as const) {
    const v = days[field];
    if (v !== undefined && !isDay(v)) throw fieldError(field, messages.date(field));
  }
  const range = rangeOf(days, today);
  if ('problem' in range) throw fieldError('to', range.problem);
  return range;
}

/** The period of the same length just before a range ("compared with the preceding period"). */
export function previousRange(range: DateRange): DateRange {
  return { from: addDays(range.from, -range.days), to: addDays(range.from, -1), days: range.days };
}
