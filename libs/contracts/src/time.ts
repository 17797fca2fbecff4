/**
 * The two timestamp formats of spec 2.1, produced here and nowhere else.
 * Format A `YYYY-MM-DD HH:MM:SS` (UTC, no offset): created_at/updated_at of articles,
 * categories, images and sites. Format B ISO 8601 with `+00:00`: every other timestamp.
 */
function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Format A: `2026-01-31 23:59:59`. */
export function formatA(value: Date | string | number): string;
export function formatA(value: Date | string | number | null | undefined): string | null;
export function formatA(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = toDate(value);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Format B: `2026-01-31T23:59:59+00:00`. */
export function formatB(value: Date | string | number): string;
export function formatB(value: Date | string | number | null | undefined): string | null;
export function formatB(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return formatA(value).replace(' ', 'T') + '+00:00';
}

/** A plain UTC date `YYYY-MM-DD` (analytics ranges). */
export function formatDate(value: Date | string | number): string {
  return formatA(value).slice(0, 10);
}
