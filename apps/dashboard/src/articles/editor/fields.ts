/**
 * An article's per-language fields as the editor holds them, and the smallest write that carries
 * a person's changes (spec 2.1: writes change only the languages sent; an empty string in a
 * language map clears that language).
 */

export interface LanguageFields {
  title: string;
  slug: string;
  /** Stored HTML, as written by the editor's mapping (document.ts). */
  content: string;
  metaTitle: string;
  metaDescription: string;
}

export type ArticleFields = Record<string, LanguageFields>;

type LanguageMap = Record<string, string>;

/** The article as the API answers it (the fields the editor reads). */
export interface ArticleLike {
  title?: LanguageMap | unknown[] | null;
  slug?: LanguageMap | unknown[] | null;
  content?: LanguageMap | unknown[] | null;
  metadata?: {
    title?: LanguageMap | unknown[] | null;
    description?: LanguageMap | unknown[] | null;
  } | null;
}

const EMPTY: LanguageFields = {
  title: '',
  slug: '',
  content: '',
  metaTitle: '',
  metaDescription: '',
};

export function emptyLanguage(): LanguageFields {
  return { ...EMPTY };
}

function map(value: LanguageMap | unknown[] | null | undefined): LanguageMap {
  return value && !Array.isArray(value) ? value : {};
}

/** The languages an article has (any field in it), the site's default first. */
export function languagesOf(article: ArticleLike, defaultLanguage: string): string[] {
  const langs = new Set<string>([defaultLanguage]);
  for (const m of [
    article.title,
    article.slug,
    article.content,
    article.metadata?.title,
    article.metadata?.description,
  ])
    for (const lang of Object.keys(map(m))) langs.add(lang);
  return [...langs];
}

export function fieldsOf(article: ArticleLike, languages: readonly string[]): ArticleFields {
  const out: ArticleFields = {};
  for (const lang of languages) {
    out[lang] = {
      title: map(article.title)[lang] ?? '',
      slug: map(article.slug)[lang] ?? '',
      content: map(article.content)[lang] ?? '',
      metaTitle: map(article.metadata?.title)[lang] ?? '',
      metaDescription: map(article.metadata?.description)[lang] ?? '',
    };
  }
  return out;
}

/** The languages whose fields differ between two states. */
export function changedLanguages(base: ArticleFields, current: ArticleFields): string[] {
  return Object.keys(current).filter((lang) => {
    const a = base[lang] ?? EMPTY;
    const b = current[lang] ?? EMPTY;
    return (Object.keys(EMPTY) as (keyof LanguageFields)[]).some((k) => a[k] !== b[k]);
  });
}

export interface ArticlePatch {
  title?: LanguageMap;
  slug?: LanguageMap;
  content?: LanguageMap;
  metadata?: { title?: LanguageMap; description?: LanguageMap };
}

/** The PATCH /articles/{id} fields for what changed (nothing when nothing changed). */
export function patchOf(base: ArticleFields, current: ArticleFields): ArticlePatch {
  const patch: ArticlePatch = {};
  const put = (key: 'title' | 'slug' | 'content', lang: string, value: string) =>
    ((patch[key] ??= {})[lang] = value);
  for (const lang of changedLanguages(base, current)) {
    const a = base[lang] ?? EMPTY;
    const b = current[lang] as LanguageFields;
    if (a.title !== b.title) put('title', lang, b.title);
    if (a.slug !== b.slug) put('slug', lang, b.slug);
    if (a.content !== b.content) put('content', lang, b.content);
    if (a.metaTitle !== b.metaTitle) ((patch.metadata ??= {}).title ??= {})[lang] = b.metaTitle;
    if (a.metaDescription !== b.metaDescription)
      ((patch.metadata ??= {}).description ??= {})[lang] = b.metaDescription;
  }
  return patch;
}

export function isEmptyPatch(patch: ArticlePatch): boolean {
  return Object.keys(patch).length === 0;
}

/** The PATCH /articles/{id}/staged body of one language (plain values, metadata as maps). */
export function stagedPatchOf(
  lang: string,
  base: ArticleFields,
  current: ArticleFields,
): Record<string, unknown> | null {
  const a = base[lang] ?? EMPTY;
  const b = current[lang];
  if (!b) return null;
  const body: Record<string, unknown> = { locale: lang };
  if (a.title !== b.title) body.title = b.title;
  if (a.slug !== b.slug) body.slug = b.slug;
  if (a.content !== b.content) body.content = b.content;
  const metadata: Record<string, LanguageMap> = {};
  if (a.metaTitle !== b.metaTitle) metadata.title = { [lang]: b.metaTitle };
  if (a.metaDescription !== b.metaDescription) metadata.description = { [lang]: b.metaDescription };
  if (Object.keys(metadata).length) body.metadata = metadata;
  return Object.keys(body).length > 1 ? body : null;
}
