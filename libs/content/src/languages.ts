/** Spec 2.1: the supported language codes, spelled exactly. Portuguese is `pt`; no `pt-BR`. */
export const LANGUAGE_CODES = [
  'ar',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'de-AT',
  'de-CH',
  'el',
  'en',
  'es',
  'eu',
  'fa',
  'fi',
  'fil',
  'fr',
  'ga',
  'gl',
  'he',
  'hi',
  'hu',
  'hy',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'mul',
  'nl',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-Hans',
  'zh-Hant',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

const SUPPORTED = new Set<string>(LANGUAGE_CODES);

export function isLanguageCode(code: unknown): code is LanguageCode {
  return typeof code === 'string' && SUPPORTED.has(code);
}

/** A per-language field: language code → string (spec 2.1). */
export type LanguageMap = Record<string, string>;

/** The site's languages: its default language first, then the added ones. */
export function siteLanguages(site: { defaultLanguage: string; languages: string[] }): string[] {
  return [site.defaultLanguage, ...site.languages.filter((l) => l !== site.defaultLanguage)];
}

/** True when the key is the site's default language or a language added to the site. */
export function siteHasLanguage(
  site: { defaultLanguage: string; languages: string[] },
  code: string,
): boolean {
  return code === site.defaultLanguage || site.languages.includes(code);
}
