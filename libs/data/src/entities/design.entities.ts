// Design (template) tables, owned by design-service (spec 2.9, 3.3); the reader site reads the
// live version. Documents and translations are JSON text, parsed by the design service.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type DesignVersionStatus = 'draft' | 'published' | 'archived';

/** One row per site: which version is the draft and which is live (the lock for design writes). */
@Entity('design_sites')
export class DesignSiteEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'draft_version_id', type: 'int', unsigned: true, nullable: true })
  draftVersionId: number | null;
  @Column({ name: 'live_version_id', type: 'int', unsigned: true, nullable: true })
  liveVersionId: number | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

/** A draft, the live version or an archived one; a draft keeps its id when published. */
@Entity('design_versions')
export class DesignVersionEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 16 }) status: DesignVersionStatus;
  /** The design document (engine v2) as JSON. */
  @Column({ type: 'longtext' }) document: string;
  /** Translated design texts {language: {key: text}} as JSON. */
  @Column({ type: 'longtext' }) translations: string;
  @Column({ name: 'preset_key', type: 'varchar', length: 64 }) presetKey: string;
  /** Counts the draft's changes; with the id it makes the etag `"d<id>-<revision>"`. */
  @Column({ type: 'int', unsigned: true }) revision: number;
  @Column({ type: 'varchar', length: 300, nullable: true }) message: string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
  @Column({ name: 'published_at', type: 'datetime', precision: 3, nullable: true })
  publishedAt: Date | null;
  @Column({ name: 'published_by_user_id', type: 'int', unsigned: true, nullable: true })
  publishedByUserId: number | null;
}
