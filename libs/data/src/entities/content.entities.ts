// Content tables, owned by content-api (articles, categories). Other services read them through
// libs/data; the article_stats counters are also written by the reader site and analytics.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

@Entity('categories')
export class CategoryEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'parent_id', type: 'int', unsigned: true, nullable: true }) parentId:
    number | null;
  /** Language map. */
  @Column({ type: 'json' }) name: Record<string, string>;
  /** Language map; `{}` reads as `[]` (spec 2.1). */
  @Column({ type: 'json' }) description: Record<string, string>;
  @Column({ type: 'varchar', length: 190, nullable: true }) icon: string | null;
  @Column({ type: 'int', unsigned: true }) position: number;
  /** Always `public` for categories made through the API (spec 2.4). */
  @Column({ type: 'varchar', length: 16 }) privacy: string;
  /** How the category page sorts its articles; null follows the site default (`newest`). */
  @Column({ name: 'article_sort', type: 'varchar', length: 16, nullable: true }) articleSort:
    string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

@Entity('articles')
export class ArticleEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'external_id', type: 'varchar', length: 191, nullable: true }) externalId:
    string | null;
  @Column({ name: 'author_id', type: 'int', unsigned: true, nullable: true }) authorId:
    number | null;
  /** Primary category. */
  @Column({ name: 'category_id', type: 'int', unsigned: true, nullable: true }) categoryId:
    number | null;
  @Column({ type: 'varchar', length: 16 }) type: 'article' | 'faq';
  @Column({ type: 'boolean' }) published: boolean;
  @Column({ type: 'varchar', length: 16 }) visibility: 'public' | 'private' | 'link_only';
  @Column({ name: 'share_token', type: 'varchar', length: 64, nullable: true }) shareToken:
    string | null;
  /** Team member (user) ids who may read while private. */
  @Column({ name: 'shared_with', type: 'json' }) sharedWith: number[];
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
  /** Set while the article is in the Trash (spec 2.3 rule 6); `published` keeps its status. */
  @Column({ name: 'deleted_at', type: 'datetime', precision: 3, nullable: true })
  deletedAt: Date | null;
}

/** One language of an article; also the per-language full-text index (title + text). */
@Entity('article_translations')
export class ArticleTranslationEntity {
  @PrimaryColumn({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @PrimaryColumn({ type: 'varchar', length: 8 }) lang: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 1024 }) title: string;
  @Column({ type: 'varchar', length: 191 }) slug: string;
  @Column({ name: 'has_custom_slug', type: 'boolean' }) hasCustomSlug: boolean;
  /** HTML as stored, internal markup included (reads strip it). */
  @Column({ type: 'mediumtext' }) content: string;
  /** Readable text of `content` without internal markup, for FULLTEXT. */
  @Column({ name: 'search_text', type: 'mediumtext' }) searchText: string;
  @Column({ name: 'meta_title', type: 'varchar', length: 191, nullable: true }) metaTitle:
    string | null;
  @Column({ name: 'meta_description', type: 'varchar', length: 191, nullable: true })
  metaDescription: string | null;
  @Column({ name: 'audio_file', type: 'varchar', length: 2048, nullable: true }) audioFile:
    string | null;
  /** Released to readers (spec 2.1 unreleased translations). */
  @Column({ type: 'boolean' }) released: boolean;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

/** An article's categories; `position` is the custom order inside the category. */
@Entity('article_categories')
export class ArticleCategoryEntity {
  @PrimaryColumn({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @PrimaryColumn({ name: 'category_id', type: 'int', unsigned: true }) categoryId: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  /** Order of the category in the article's `categories` array. */
  @Column({ type: 'int', unsigned: true }) sort: number;
  @Column({ type: 'int', unsigned: true, nullable: true }) position: number | null;
}

/** Reader counters: views and ratings (spec 2.3 `views`, `ratings`). */
@Entity('article_stats')
export class ArticleStatsEntity {
  @PrimaryColumn({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'int', unsigned: true }) views: number;
  @Column({ name: 'thumbs_up', type: 'int', unsigned: true }) thumbsUp: number;
  @Column({ name: 'thumbs_down', type: 'int', unsigned: true }) thumbsDown: number;
  @Column({ type: 'int', unsigned: true }) love: number;
}

export const ARTICLE_COUNTERS = ['views', 'thumbs_up', 'thumbs_down', 'love'] as const;
export type ArticleCounter = (typeof ARTICLE_COUNTERS)[number];

/**
 * Adds to one of an article's reader counters (a view, a rating). Used by whatever records
 * them (reader site, tests); never changes the article's `updated_at` and sends no event
 * (spec 6: not sent for view counting).
 */
export async function bumpArticleCounter(
  manager: EntityManager,
  siteId: SiteId,
  articleId: number,
  counter: ArticleCounter,
  by = 1,
): Promise<void> {
  if (!ARTICLE_COUNTERS.includes(counter)) throw new Error(`unknown article counter ${counter}`);
  await manager.query(
    `INSERT INTO article_stats (article_id, site_id, ${counter})
     SELECT a.id, a.site_id, ? FROM articles a WHERE a.id = ? AND a.site_id = ?
     ON DUPLICATE KEY UPDATE ${counter} = ${counter} + VALUES(${counter})`,
    [by, articleId, siteId],
  );
}
