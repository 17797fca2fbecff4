import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SiteContext } from '@hc/auth';
import { htmlToText } from '@hc/content';
import { writeAuditEvent } from '@hc/events';
import { ArticlesRepository, defaultFirst } from '../articles/articles.repository';
import type {
  ArticleType,
  ArticleView,
  TranslationRow,
  Visibility,
} from '../articles/articles.repository';
import { VersionsRepository } from './versions.repository';

export interface LiveTranslationState {
  title: string;
  slug: string;
  hasCustomSlug: boolean;
  content: string;
  audioFile: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  released: boolean;
}

export interface LiveWideState {
  categoryId: number | null;
  categories: number[];
  visibility: Visibility;
  type: ArticleType;
  authorId: number | null;
  sharedWith: number[];
  shareToken: string | null;
}

export interface LiveChange {
  wide: LiveWideState;
  /** Languages written (a state) or removed (null); others stay as they are. */
  translations: Map<string, LiveTranslationState | null>;
  /** Languages whose replaced values are kept as a version first (spec 2.8). */
  versionLocales: string[];
  /** Issue 24: how the write is recorded; the versions it keeps point at that audit entry. */
  auditAction: 'staged.publish' | 'version.restore';
}

export function wideOf(view: ArticleView): LiveWideState {
  return {
    categoryId: view.categoryId,
    categories: view.categories,
    visibility: view.visibility,
    type: view.type,
    authorId: view.authorId,
    sharedWith: view.sharedWith,
    shareToken: view.shareToken,
  };
}

export function translationOf(t: TranslationRow): LiveTranslationState {
  return {
    title: t.title,
    slug: t.slug,
    hasCustomSlug: t.hasCustomSlug,
    content: t.content,
    audioFile: t.audioFile,
    metaTitle: t.metaTitle,
    metaDescription: t.metaDescription,
    released: t.released,
  };
}

function isDuplicate(err: unknown, key: string): boolean {
  const e = err as { code?: string; sqlMessage?: string; message?: string };
  return e?.code === 'ER_DUP_ENTRY' && String(e.sqlMessage ?? e.message).includes(key);
}

/** Runs a write again when two writers picked the same free slug at once (the unique index refuses one). */
export async function withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt < 3 && isDuplicate(err, 'uq_article_slug')) continue;
      throw err;
    }
  }
}

/**
 * Applies values to the live article inside the caller's transaction, the way a staged publish
 * and a version restore both need it: the replaced values of the named languages are kept as
 * versions first (20 newest per language), the text is re-indexed, a changed slug leaves a
 * redirect from the old one, and `updated_at` moves; the write is recorded in the audit log. The
 * caller announces the event (without an audit entry of its own).
 */
@Injectable()
export class LiveWriter {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly versions: VersionsRepository,
  ) {}

  async apply(
    m: EntityManager,
    site: SiteContext,
    before: ArticleView,
    change: LiveChange,
    now: Date,
  ): Promise<void> {
    const id = before.id;
    const existing = new Map(before.translations.map((t) => [t.lang, t]));
    const auditId = await writeAuditEvent(
      m,
      site,
      change.auditAction,
      { type: 'article', id },
      now,
    );
    if (change.versionLocales.length) {
      const times = await this.versions.translationTimes(m, site.id, id);
      for (const locale of change.versionLocales) {
        const t = existing.get(locale);
        if (!t) continue;
        await this.versions.insert(
          m,
          site.id,
          {
            articleId: id,
            locale,
            title: t.title,
            slug: t.slug,
            hasCustomSlug: t.hasCustomSlug,
            content: t.content,
            audioFile: t.audioFile,
            metaTitle: t.metaTitle,
            metaDescription: t.metaDescription,
            categoryId: before.categoryId,
            categories: before.categories,
            visibility: before.visibility,
            type: before.type,
            authorId: before.authorId,
            sharedWith: before.sharedWith,
            publishedAt: times.get(locale) ?? before.updatedAt,
            auditId,
          },
          now,
        );
        await this.versions.prune(m, site.id, id, locale);
      }
    }

    const w = change.wide;
    await this.articles.updateCore(
      m,
      site.id,
      id,
      {
        externalId: before.externalId,
        authorId: w.authorId,
        categoryId: w.categoryId,
        type: w.type,
        published: before.published,
        visibility: w.visibility,
        shareToken: w.shareToken,
        sharedWith: w.sharedWith,
      },
      now,
    );
    if (JSON.stringify(w.categories) !== JSON.stringify(before.categories)) {
      await this.articles.setCategories(m, site.id, id, w.categories);
    }

    const order = defaultFirst([...change.translations], ([lang]) => lang, site.defaultLanguage);
    for (const [lang, next] of order) {
      const old = existing.get(lang);
      if (next === null) {
        if (old) await this.articles.deleteTranslation(m, site.id, id, lang);
        continue;
      }
      const slug =
        next.slug === old?.slug
          ? next.slug
          : await this.articles.freeSlug(m, site.id, lang, next.slug || next.title, id);
      await this.articles.upsertTranslation(
        m,
        site.id,
        id,
        {
          lang,
          title: next.title,
          slug,
          hasCustomSlug: next.hasCustomSlug,
          content: next.content,
          searchText: htmlToText(next.content),
          metaTitle: next.metaTitle,
          metaDescription: next.metaDescription,
          released: next.released,
        },
        now,
        site.defaultLanguage,
      );
      if (next.audioFile !== (old?.audioFile ?? null)) {
        await this.versions.setAudioFile(m, site.id, id, lang, next.audioFile);
      }
      if (old && old.slug !== slug)
        await this.versions.redirectSlug(m, site.id, id, lang, old.slug, slug, now);
    }
  }

  /** A valid slug, unique for the site and language (spec 4.5). */
  freeSlug(
    m: EntityManager,
    siteId: number,
    lang: string,
    text: string,
    articleId: number,
  ): Promise<string> {
    return this.articles.freeSlug(m, siteId, lang, text, articleId);
  }
}
