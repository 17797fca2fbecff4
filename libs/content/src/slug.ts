import slugifyLib from 'slugify';

/** Spec 4.5: a slug is at most 190 characters. */
export const SLUG_MAX_LENGTH = 190;

/**
 * A valid slug made from a title (spec 2.3 rule 1): lower case, letters and digits of any script
 * joined by single hyphens, Latin accents transliterated for the language (`ä` → `ae` in German).
 * Returns '' when nothing usable is left; callers fall back to a default.
 */
export function slugify(text: string, lang?: string): string {
  const base = slugifyLib(text, {
    lower: true,
    strict: false,
    trim: true,
    locale: lang?.split('-')[0],
    replacement: '-',
    remove: /[^\p{L}\p{N}\s-]/gu,
  });
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}-]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return truncateSlug(cleaned);
}

/** Cuts a slug to the maximum without leaving a trailing hyphen. */
export function truncateSlug(slug: string, max = SLUG_MAX_LENGTH): string {
  const chars = Array.from(slug);
  if (chars.length <= max) return slug;
  return chars.slice(0, max).join('').replace(/-+$/, '');
}

/** `how-to` → `how-to-2` (kept within the maximum length). */
export function numberedSlug(slug: string, n: number): string {
  const suffix = `-${n}`;
  return truncateSlug(slug, SLUG_MAX_LENGTH - suffix.length) + suffix;
}
