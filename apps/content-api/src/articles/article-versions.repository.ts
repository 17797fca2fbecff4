import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, jsonColumn } from '@hc/data';
import type { ArticleType, Visibility } from './articles.repository';
import { setTranslationColumn } from './article-translations.repository';
import type { SiteId } from '@hc/contracts';

/** Spec 8: article versions kept per language. */
export const VERSIONS_KEPT = 20;

/** The values of one language, as a version keeps them. */
export interface LanguageValues {
  title: string;
  slug: string;
  hasCustomSlug: boolean;
  content: string;
  audioFile: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

export function languageValues(t: LanguageValues): LanguageValues {
  return {
    title: t.title,
    slug: t.slug,
    hasCustomSlug: t.hasCustomSlug,
    content: t.content,
    audioFile: t.audioFile,
    metaTitle: t.metaTitle,
    metaDescription: t.metaDescription,
  };
}

export interface VersionRow extends LanguageValues {
  id: number;
  articleId: number;
  locale: string;
  categoryId: number | null;
  categories: number[];
  visibility: Visibility;
  type: ArticleType;
  authorId: number | null;
  sharedWith: number[];
  publishedAt: Date;
  /** Issue 24: the audit entry of the write that replaced these values (null: none recorded). */
  auditId: string | null;
}

export type NewVersion = Omit<VersionRow, 'id'>;

function toVersion(r: Record<string, unknown>): VersionRow {
  return {
    id: Number(r.id),
    articleId: Number(r.article_id),
    locale: String(r.locale),
    title: String(r.title),
    slug: String(r.slug),
    hasCustomSlug: Boolean(r.has_custom_slug),
    content: String(r.content),
    audioFile: (r.audio_file as string | null) ?? null,
    metaTitle: (r.meta_title as string | null) ?? null,
    metaDescription: (r.meta_description as string | null) ?? null,
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categories: jsonColumn<number[]>(r.categories),
    visibility: r.visibility as Visibility,
    type: r.type as ArticleType,
    authorId: r.author_id === null ? null : Number(r.author_id),
    sharedWith: jsonColumn<number[]>(r.shared_with),
    publishedAt: r.published_at as Date,
    auditId: r.audit_id === null || r.audit_id === undefined ? null : String(r.audit_id),
  };
}

/**
 * Article versions (spec 2.8), slug redirects, and the per-language columns of
 * `article_translations` the articles repository does not write (`audio_file`).
 */
@Injectable()
export class VersionsRepository extends DataRepository {
  /** Newest first; one language with `locale`. */
  async list(
    siteId: SiteId,
    articleId: number,
    limit: number,
    locale?: string,
  ): Promise<VersionRow[]> {
    const rows = await this.ds.query(
      `SELECT * FROM article_versions WHERE site_id = ? AND article_id = ? ${locale ? 'AND locale = ?' : ''}
        ORDER BY id DESC LIMIT ?`,
      locale ? [siteId, articleId, locale, limit] : [siteId, articleId, limit],
    );
    return rows.map(toVersion);
  }

  async find(
    siteId: SiteId,
    articleId: number,
    id: number,
    m: EntityManager = this.ds.manager,
  ): Promise<VersionRow | null> {
    const rows = await m.query(
      'SELECT * FROM article_versions WHERE site_id = ? AND article_id = ? AND id = ?',
      [siteId, articleId, id],
    );
    return rows[0] ? toVersion(rows[0]) : null;
  }

  async insert(siteId: SiteId, m: EntityManager, v: NewVersion, now: Date): Promise<number> {
    const r = await m.query(
      `INSERT INTO article_versions (site_id, article_id, locale, title, slug, has_custom_slug, content, audio_file,
         meta_title, meta_description, category_id, categories, visibility, type, author_id, shared_with, published_at, created_at,
         audit_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        siteId,
        v.articleId,
        v.locale,
        v.title,
        v.slug,
        v.hasCustomSlug,
        v.content,
        v.audioFile,
        v.metaTitle,
        v.metaDescription,
        v.categoryId,
        JSON.stringify(v.categories),
        v.visibility,
        v.type,
        v.authorId,
        JSON.stringify(v.sharedWith),
        v.publishedAt,
        now,
        v.auditId,
      ],
    );
    return Number(r.insertId);
  }

  /** Keeps the newest `VERSIONS_KEPT` versions of the language. */
  async prune(siteId: SiteId, m: EntityManager, articleId: number, locale: string): Promise<void> {
    const rows = await m.query(
      'SELECT id FROM article_versions WHERE site_id = ? AND article_id = ? AND locale = ? ORDER BY id DESC LIMIT 1 OFFSET ?',
      [siteId, articleId, locale, VERSIONS_KEPT - 1],
    );
    if (!rows[0]) return;
    await m.query(
      'DELETE FROM article_versions WHERE site_id = ? AND article_id = ? AND locale = ? AND id < ?',
      [siteId, articleId, locale, Number(rows[0].id)],
    );
  }

  /** When each language of the article was last saved (a version's `published_at`). */
  async translationTimes(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
  ): Promise<Map<string, Date>> {
    const rows = await m.query(
      'SELECT lang, updated_at FROM article_translations WHERE site_id = ? AND article_id = ?',
      [siteId, articleId],
    );
    return new Map(rows.map((r: { lang: string; updated_at: Date }) => [r.lang, r.updated_at]));
  }

  async setAudioFile(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    lang: string,
    url: string | null,
  ): Promise<void> {
    await setTranslationColumn(m, siteId, articleId, lang, 'audio_file', url);
  }

  /** The old slug now leads to the article; a redirect from the slug it now uses is dropped. */
  async redirectSlug(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    lang: string,
    oldSlug: string,
    newSlug: string,
    now: Date,
  ) {
    await m.query(
      `INSERT INTO slug_redirects (site_id, lang, old_slug, article_id, created_at) VALUES (?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE article_id = VALUES(article_id), created_at = VALUES(created_at)`,
      [siteId, lang, oldSlug, articleId, now],
    );
    await m.query('DELETE FROM slug_redirects WHERE site_id = ? AND lang = ? AND old_slug = ?', [
      siteId,
      lang,
      newSlug,
    ]);
  }
}
