import { isLanguageCode, siteHasLanguage } from './languages';

/** Why a language map was refused; the caller turns it into its endpoint's error shape. */
export type LanguageMapProblem =
  | { kind: 'not_object' }
  | { kind: 'unsupported_language'; code: string }
  | { kind: 'not_string'; code: string };

/** A language map as sent: a string sets the language, null (an empty string sent) clears it. */
export type LanguageMapInput = Record<string, string | null>;

export type LanguageMapResult =
  { ok: true; value: LanguageMapInput } | { ok: false; problem: LanguageMapProblem };

/**
 * Reads a per-language field (spec 2.1): an object whose keys are the site's languages (its
 * default or an added one) and whose values are strings, or null/empty to clear that language.
 */
export function readLanguageMap(
  value: unknown,
  site: { defaultLanguage: string; languages: string[] },
): LanguageMapResult {
  // An empty map may come back as `[]`, the way an empty description reads (spec 2.1).
  if (Array.isArray(value) && value.length === 0) return { ok: true, value: {} };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problem: { kind: 'not_object' } };
  }
  const out: LanguageMapInput = {};
  for (const [code, text] of Object.entries(value as Record<string, unknown>)) {
    if (!isLanguageCode(code) || !siteHasLanguage(site, code)) {
      return { ok: false, problem: { kind: 'unsupported_language', code } };
    }
    if (text === null || text === undefined) out[code] = null;
    else if (typeof text === 'string') out[code] = text.trim() === '' ? null : text.trim();
    else if (typeof text === 'number') out[code] = String(text);
    else return { ok: false, problem: { kind: 'not_string', code } };
  }
  return { ok: true, value: out };
}

/** The message of spec 2.1 for a language the site lacks. */
export function unsupportedLanguageMessage(code: string): string {
  return `Unsupported language key "${code}" provided.`;
}

/** Applies a sent map to a stored one: strings set, nulls clear (spec 2.1 "writes change only the languages sent"). */
export function mergeLanguageMap(
  current: Record<string, string>,
  sent: LanguageMapInput,
): Record<string, string> {
  const next = { ...current };
  for (const [code, text] of Object.entries(sent)) {
    if (text === null) delete next[code];
    else next[code] = text;
  }
  return next;
}

/** The value in the site's default language, or null. */
export function inLanguage(
  map: Record<string, string> | null | undefined,
  lang: string,
): string | null {
  return map && typeof map[lang] === 'string' ? map[lang] : null;
}
