import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { messages } from '@hc/contracts';
import type { LanguageMapInput } from '@hc/content';
import { ArticleInput, fail } from './article-input';
import { languageValues, LanguageValues } from './article-versions.repository';
import type { ArticleCore, ArticleView, TranslationRow } from './articles.repository';

/*
 * What a write of the article write model (article-writer.ts) is made of, and how the values a
 * request or a staged copy sends become one.
 */

/**
 * One language of the live article as the writer stores it. `slug` is the slug wanted: made
 * valid and unique unless it is the one the language has; '' makes one from the title.
 */
export interface TranslationState extends LanguageValues {
  released: boolean;
}

/**
 * A staged publish or a version restore (spec 3.2, 4.5): the write is recorded under its own
 * audit action, the replaced values of `versionLocales` are kept as versions pointing at that
 * entry (the only writes that create versions), and a changed slug leaves a redirect.
 */
export interface RecordedPublish {
  audit: 'staged.publish' | 'version.restore';
  versionLocales: string[];
}

/** What a write does to an existing article: the whole core, the languages named. */
export interface ArticleChange {
  core: ArticleCore;
  /** The category list (primary first); written when it differs from the article's. */
  categories?: number[];
  /** Languages written (a state) or removed (null); the others stay as they are. */
  translations: Map<string, TranslationState | null>;
  event: 'article.updated' | 'article.published';
  publish?: RecordedPublish;
}

/** A change the caller decides under the article's row lock, from the article as it is. */
export interface Edit<T> {
  change: ArticleChange;
  result: T;
  /** More writes in the same transaction, after the article's. */
  afterwards?: (m: EntityManager) => Promise<void>;
}

/** The references of a write that do not exist in the site (a category) or its team (a person). */
export type Reference = 'category_id' | 'categories' | 'author_id' | 'shared_with';

export function isDuplicate(err: unknown, key: string): boolean {
  const e = err as { code?: string; sqlMessage?: string; message?: string };
  return e?.code === 'ER_DUP_ENTRY' && String(e.sqlMessage ?? e.message).includes(key);
}

export function newShareToken(): string {
  return randomBytes(16).toString('hex');
}

export function translationOf(t: TranslationRow): TranslationState {
  return { ...languageValues(t), released: t.released };
}

export function coreOf(view: ArticleView): ArticleCore {
  return {
    externalId: view.externalId,
    authorId: view.authorId,
    categoryId: view.categoryId,
    type: view.type,
    published: view.published,
    visibility: view.visibility,
    shareToken: view.shareToken,
    sharedWith: view.sharedWith,
  };
}

interface CategoryState {
  primary: number | null;
  list: number[];
}

/**
 * `category_id` names the primary category and `categories` the whole list (primary first).
 * Sent alone, `category_id` replaces the primary (0 or null: no category at all); `categories`
 * alone keeps the primary when it stays in the list, else its first entry becomes primary.
 */
export function resolveCategories(
  current: CategoryState,
  input: Pick<ArticleInput, 'categoryId' | 'categories'>,
): CategoryState {
  if (input.categoryId === undefined && input.categories === undefined) return current;
  if (input.categories !== undefined) {
    const list = input.categories;
    const primary =
      input.categoryId !== undefined
        ? input.categoryId
        : current.primary !== null && list.includes(current.primary)
          ? current.primary
          : (list[0] ?? null);
    return {
      primary,
      list: primary === null ? list : [primary, ...list.filter((c) => c !== primary)],
    };
  }
  if (input.categoryId === null || input.categoryId === undefined)
    return { primary: null, list: [] };
  const rest = current.list.filter((c) => c !== current.primary && c !== input.categoryId);
  return { primary: input.categoryId, list: [input.categoryId, ...rest] };
}

/** Every language written needs a title in that language (spec 2.3 "text in every language sent"). */
export function checkLanguagesHaveTitles(input: ArticleInput, titled: Set<string>): void {
  const sent = [
    ...Object.keys(input.content ?? {}),
    ...Object.keys(input.slug ?? {}),
    ...Object.keys(input.metadata?.title ?? {}),
    ...Object.keys(input.metadata?.description ?? {}),
  ];
  const missing = [...new Set(sent.filter((lang) => !titled.has(lang)))];
  if (missing.length) {
    fail({
      kind: 'fields',
      errors: {
        title: [`The title field must have a text in every language sent (${missing.join(', ')}).`],
      },
    });
  }
}

/** The languages a PATCH writes (a state) or clears (null, a title sent as null). */
export function patchTranslations(
  current: ArticleView,
  input: ArticleInput,
  content: Record<string, string>,
): Map<string, TranslationState | null> {
  const existing = new Map<string, TranslationRow>(current.translations.map((t) => [t.lang, t]));
  const titles: LanguageMapInput = input.title ?? {};
  const removed = Object.entries(titles)
    .filter(([lang, v]) => v === null && existing.has(lang))
    .map(([lang]) => lang);
  const remaining = new Set([...existing.keys()].filter((l) => !removed.includes(l)));
  for (const [lang, v] of Object.entries(titles)) if (v !== null) remaining.add(lang);
  if (remaining.size === 0)
    fail({ kind: 'fields', errors: { title: [messages.required('title')] } });
  checkLanguagesHaveTitles(input, remaining);

  const touched = new Set<string>([
    ...Object.entries(titles)
      .filter(([, v]) => v !== null)
      .map(([l]) => l),
    ...Object.keys(content),
    ...Object.keys(input.slug ?? {}),
    ...Object.keys(input.metadata?.title ?? {}),
    ...Object.keys(input.metadata?.description ?? {}),
  ]);
  const out = new Map<string, TranslationState | null>(removed.map((lang) => [lang, null]));
  for (const lang of touched) {
    if (!remaining.has(lang)) continue;
    const old = existing.get(lang);
    const sentSlug = input.slug?.[lang];
    const meta = (key: 'title' | 'description', was: string | null) => {
      const sent = input.metadata?.[key];
      return sent && lang in sent ? sent[lang] : was;
    };
    out.set(lang, {
      title: titles[lang] ?? old?.title ?? '',
      // A slug sent is made valid and unique, an empty one anew from the title; rule 1: a
      // title change keeps the slug.
      slug: sentSlug !== undefined ? (sentSlug ?? '') : (old?.slug ?? ''),
      hasCustomSlug: sentSlug !== undefined ? sentSlug !== null : (old?.hasCustomSlug ?? false),
      content: content[lang] ?? old?.content ?? '',
      audioFile: old?.audioFile ?? null,
      metaTitle: meta('title', old?.metaTitle ?? null),
      metaDescription: meta('description', old?.metaDescription ?? null),
      released: old?.released ?? false,
    });
  }
  return out;
}

/** The article-wide fields a staged edit may carry (spec 4.5 `shared`), by their body names. */
export const ARTICLE_WIDE_FIELDS = [
  'category_id',
  'categories',
  'visibility',
  'type',
  'author_id',
  'shared_with',
] as const;
