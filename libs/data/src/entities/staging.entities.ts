// Staged changes, article versions, slug redirects and change sets, owned by content-api
// (spec 2.7, 2.8, 3.2, 3.4). The reader site may read slug_redirects.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One staged language of a published article (spec 2.7); `fields` holds plain values. */
@Entity('staged_copies')
export class StagedCopyEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ type: 'varchar', length: 8 }) locale: string;
  @Column({ type: 'json' }) fields: Record<string, unknown>;
  @Column({ name: 'release_translation', type: 'boolean' }) releaseTranslation: boolean;
  @Column({ type: 'varchar', length: 40 }) etag: string;
  /** Fingerprint of the live article the copy started from; never sent. */
  @Column({ name: 'base_signature', type: 'char', length: 64 }) baseSignature: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

/** The article-wide staged block, shown on every staged copy of the article (`shared`). */
@Entity('staged_shared')
export class StagedSharedEntity {
  @PrimaryColumn({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'json' }) fields: Record<string, unknown>;
  @Column({ type: 'varchar', length: 40 }) etag: string;
  @Column({ name: 'base_signature', type: 'char', length: 64 }) baseSignature: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

/** Values of one language plus the article-wide fields as they were (spec 2.8). */
@Entity('article_versions')
export class ArticleVersionEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ type: 'varchar', length: 8 }) locale: string;
  @Column({ type: 'varchar', length: 1024 }) title: string;
  @Column({ type: 'varchar', length: 191 }) slug: string;
  @Column({ name: 'has_custom_slug', type: 'boolean' }) hasCustomSlug: boolean;
  @Column({ type: 'mediumtext' }) content: string;
  @Column({ name: 'audio_file', type: 'varchar', length: 2048, nullable: true }) audioFile:
    string | null;
  @Column({ name: 'meta_title', type: 'varchar', length: 191, nullable: true }) metaTitle:
    string | null;
  @Column({ name: 'meta_description', type: 'varchar', length: 191, nullable: true })
  metaDescription: string | null;
  @Column({ name: 'category_id', type: 'int', unsigned: true, nullable: true }) categoryId:
    number | null;
  @Column({ type: 'json' }) categories: number[];
  @Column({ type: 'varchar', length: 16 }) visibility: string;
  @Column({ type: 'varchar', length: 16 }) type: string;
  @Column({ name: 'author_id', type: 'int', unsigned: true, nullable: true }) authorId:
    number | null;
  @Column({ name: 'shared_with', type: 'json' }) sharedWith: number[];
  /** When these values went live (the language's last save before they were replaced). */
  @Column({ name: 'published_at', type: 'datetime', precision: 3 }) publishedAt: Date;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** An old slug of an article, for the reader site to redirect (kept when staged changes or a restore change it). */
@Entity('slug_redirects')
export class SlugRedirectEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 8 }) lang: string;
  @Column({ name: 'old_slug', type: 'varchar', length: 191 }) oldSlug: string;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

export type ChangeSetStatus =
  'open' | 'queued' | 'scheduled' | 'publishing' | 'published' | 'partial' | 'failed';

@Entity('change_sets')
export class ChangeSetEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 191, nullable: true }) name: string | null;
  @Column({ type: 'varchar', length: 16 }) status: ChangeSetStatus;
  @Column({ name: 'force_publish', type: 'boolean' }) forcePublish: boolean;
  @Column({ name: 'publish_at', type: 'datetime', precision: 3, nullable: true })
  publishAt: Date | null;
  @Column({ name: 'published_at', type: 'datetime', precision: 3, nullable: true })
  publishedAt: Date | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

@Entity('change_set_items')
export class ChangeSetItemEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'change_set_id', type: 'int', unsigned: true }) changeSetId: number;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ type: 'varchar', length: 8 }) locale: string;
  /** `pending` until the set is published, then `published` or `failed` (with `reason`). */
  @Column({ type: 'varchar', length: 16 }) status: 'pending' | 'published' | 'failed';
  @Column({ type: 'varchar', length: 64, nullable: true }) reason: string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}
