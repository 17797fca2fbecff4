import { positiveInt } from '../ui/paging';

/**
 * The analytics screen's URL (`/app/sites/<id>/analytics?from=2026-11-01&to=2026-11-28&lang=de`):
 * the range and language of `GET /v1/analytics/*`. Neither day given is the API's default (the
 * last 7 days). A malformed value is dropped; a range the API refuses (`to` before `from`, over
 * 92 days) is kept and sent, so the screen shows the API's own message next to the dates.
 */
export interface AnalyticsSearch {
  from?: string;
  to?: string;
  lang?: string;
  /** The order of the top articles (GET /analytics/content's `sort`; default views). */
  sort?: ContentSort;
  /** The top articles' page (25 a page). */
  page?: number;
}

/** GET /analytics/content's orders, as the screen offers them. */
export const CONTENT_SORTS = [
  { value: 'views', label: 'Most viewed' },
  { value: 'ratings', label: 'Most rated' },
  { value: 'thumbs_up', label: 'Most thumbs up' },
  { value: 'thumbs_down', label: 'Most thumbs down' },
  { value: 'love', label: 'Most loved' },
  { value: 'comments', label: 'Most commented' },
] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number]['value'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LANG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

const text = (value: unknown, pattern: RegExp) =>
  typeof value === 'string' && value.length <= 16 && pattern.test(value) ? value : undefined;

export function analyticsSearch(raw: Record<string, unknown>): AnalyticsSearch {
  const out: AnalyticsSearch = {
    from: text(raw.from, DAY),
    to: text(raw.to, DAY),
    lang: text(raw.lang, LANG),
    sort: CONTENT_SORTS.find((o) => o.value === raw.sort && o.value !== 'views')?.value,
    page: positiveInt(raw.page),
  };
  if (out.page === 1) delete out.page;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** The query every `GET /v1/analytics/*` of the screen sends (the range and language). */
export function analyticsQuery(search: AnalyticsSearch) {
  return {
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    ...(search.lang ? { lang: search.lang } : {}),
  };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` days (UTC, as the API counts). */
export function addDays(day: string, n: number): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
}

/** The ranges offered in one click: the last N days, today (UTC) included. */
export const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 92, label: 'Last 92 days' },
] as const;

/** The URL of a preset: 7 days is the API's default (no dates in the URL). */
export function presetSearch(days: number, now = new Date()): Pick<AnalyticsSearch, 'from' | 'to'> {
  if (days === 7) return { from: undefined, to: undefined };
  const to = isoDay(now.getTime());
  return { from: addDays(to, -(days - 1)), to };
}

/** The preset a URL's dates are, if any (`custom` otherwise). */
export function presetOf(search: AnalyticsSearch, now = new Date()): string {
  if (!search.from && !search.to) return '7';
  const match = PRESETS.find((p) => {
    const range = presetSearch(p.days, now);
    return p.days !== 7 && range.from === search.from && range.to === search.to;
  });
  return match ? String(match.days) : 'custom';
}
