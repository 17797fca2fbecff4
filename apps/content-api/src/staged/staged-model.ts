// The staged-changes model (spec 2.7, 3.2, 4.5): what a copy holds, how it compares with the
// live article, and the fingerprint of the live article a copy started from. Pure functions.
import { createHash } from 'node:crypto';
import { stripInternalMarkup } from '@hc/content';
import { fieldChange } from './word-diff';
import type { DiffRun } from './word-diff';
import type {
  ArticleType,
  ArticleView,
  TranslationRow,
  Visibility,
} from '../articles/articles.repository';
import { ARTICLE_WIDE_FIELDS } from '../articles/article-change';

/** Per-language staged values, plain (not language maps), under their wire names. */
export interface StagedFields {
  /** null: the language's title is cleared (the translation goes at publish). */
  title?: string | null;
  content?: string;
  slug?: string;
  audio_file?: string | null;
  has_custom_slug?: boolean;
}

export type MetaMap = Record<string, string | null>;

/** Article-wide staged values (`shared`), under their wire names. */
export interface SharedFields {
  /** null: no category. */
  category_id?: number | null;
  categories?: number[];
  visibility?: Visibility;
  type?: ArticleType;
  author_id?: number;
  shared_with?: number[];
  /** Merged per language; null clears that language. */
  metadata?: { title?: MetaMap; description?: MetaMap };
}

export const LOCALE_FIELDS = ['title', 'content', 'slug', 'audio_file', 'has_custom_slug'] as const;
export const SHARED_FIELDS = ARTICLE_WIDE_FIELDS;

/** The article-wide part of a live article (what `shared` can change). */
export function liveWide(view: ArticleView) {
  const meta = (pick: (t: TranslationRow) => string | null) =>
    Object.fromEntries(
      [...view.translations]
        .sort((a, b) => a.lang.localeCompare(b.lang))
        .map((t) => [t.lang, pick(t)])
        .filter(([, v]) => v !== null && v !== ''),
    ) as Record<string, string>;
  return {
    category_id: view.categoryId,
    categories: view.categories,
    visibility: view.visibility,
    type: view.type,
    author_id: view.authorId,
    shared_with: view.sharedWith,
    metadata: { title: meta((t) => t.metaTitle), description: meta((t) => t.metaDescription) },
  };
}

/** The per-language part of a live article, as reads show it; null when the language is missing. */
export function liveLocale(view: ArticleView, locale: string) {
  const t = view.translations.find((r) => r.lang === locale);
  if (!t) return null;
  return {
    title: t.title,
    content: stripInternalMarkup(t.content),
    slug: t.slug,
    audio_file: t.audioFile,
    has_custom_slug: t.hasCustomSlug,
    released: t.released,
  };
}

function sha256(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Fingerprint of the live values a copy of `locale` would overwrite (`base_signature`, never sent). */
export function localeSignature(view: ArticleView, locale: string): string {
  const t = view.translations.find((r) => r.lang === locale);
  const raw = t ? [t.title, t.content, t.slug, t.hasCustomSlug, t.audioFile, t.released] : null;
  return sha256({ locale: raw, wide: liveWide(view) });
}

/** Fingerprint of the live article-wide values (base of the `shared` block). */
export function wideSignature(view: ArticleView): string {
  return sha256(liveWide(view));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Drops staged per-language values equal to the live article (spec 4.5 "send only what changes"). */
export function pruneFields(fields: StagedFields, view: ArticleView, locale: string): StagedFields {
  const live = liveLocale(view, locale);
  const out: StagedFields = {};
  for (const key of LOCALE_FIELDS) {
    const v = fields[key];
    if (v === undefined) continue;
    if (live) {
      if (same(v, live[key])) continue;
    } else if (v === null || v === '' || (key === 'has_custom_slug' && v === false)) {
      continue; // clearing what does not exist changes nothing
    }
    (out as Record<string, unknown>)[key] = v;
  }
  // A slug alone (no title) on a language the article lacks still needs a title at publish; keep it.
  return out;
}

/** Drops staged article-wide values equal to the live article. */
export function pruneShared(shared: SharedFields, view: ArticleView): SharedFields {
  const live = liveWide(view);
  const out: SharedFields = {};
  for (const key of SHARED_FIELDS) {
    const v = shared[key];
    if (v === undefined || same(v, live[key])) continue;
    (out as Record<string, unknown>)[key] = v;
  }
  if (shared.metadata) {
    const metadata: NonNullable<SharedFields['metadata']> = {};
    for (const part of ['title', 'description'] as const) {
      const sent = shared.metadata[part];
      if (!sent) continue;
      const kept: MetaMap = {};
      for (const [lang, v] of Object.entries(sent)) {
        if ((live.metadata[part][lang] ?? null) !== v) kept[lang] = v;
      }
      if (Object.keys(kept).length) metadata[part] = kept;
    }
    if (Object.keys(metadata).length) out.metadata = metadata;
  }
  return out;
}

/** True when `release_translation` would change something at publish (it never hides a language). */
export function releaseMatters(release: boolean, view: ArticleView, locale: string): boolean {
  return release && !view.translations.find((t) => t.lang === locale)?.released;
}

export function isEmpty(o: object): boolean {
  return Object.keys(o).length === 0;
}

/**
 * One field's difference: the live value, the proposed one under its side's name (`staged` or
 * `version`), `old` and `new` (#25), and for title and content a word diff.
 */
export interface Change {
  field: string;
  live: unknown;
  staged?: unknown;
  version?: unknown;
  old: unknown;
  new: unknown;
  diff?: DiffRun[];
}

/**
 * Field-by-field differences between proposed values and the live article: one entry per field
 * whose value differs, `{field, live, <side>, old, new}` (side `staged` or `version`; `diff` too
 * for title and content, #25). Metadata is listed
 * per language (`metadata.title.de`).
 */
export function diff(
  view: ArticleView,
  locale: string,
  side: 'staged' | 'version',
  fields: StagedFields & { released?: boolean },
  shared: SharedFields,
): Change[] {
  const changes: Change[] = [];
  const live = liveLocale(view, locale);
  const wide = liveWide(view);
  const push = (field: string, was: unknown, next: unknown) => {
    if (same(was, next)) return;
    // #25: `old` is the value replaced (live for staged, the version for versions), `new` what replaces it.
    const [old, now] = side === 'staged' ? [was, next] : [next, was];
    changes.push({
      field,
      live: was ?? null,
      ...(side === 'staged' ? { staged: next ?? null } : { version: next ?? null }),
      ...fieldChange(field, old, now),
    });
  };
  for (const key of LOCALE_FIELDS) {
    if (fields[key] !== undefined) push(key, live ? live[key] : null, fields[key]);
  }
  if (fields.released !== undefined) push('released', live?.released ?? false, fields.released);
  for (const key of SHARED_FIELDS) {
    if (shared[key] !== undefined) push(key, wide[key], shared[key]);
  }
  for (const part of ['title', 'description'] as const) {
    for (const [lang, v] of Object.entries(shared.metadata?.[part] ?? {})) {
      push(`metadata.${part}.${lang}`, wide.metadata[part][lang] ?? null, v);
    }
  }
  return changes;
}
