// Reader engagement and team collaboration, owned by content-api (comments/, notes/, feedback/,
// translations/). The reader site reads and writes comments and feedback through the same rules.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** `pending` (awaiting moderation), `published`, `unpublished` (hidden by a moderator), `deleted`. */
export const COMMENT_STATUSES = ['pending', 'published', 'unpublished', 'deleted'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

@Entity('comments')
export class CommentEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ name: 'parent_id', type: 'int', unsigned: true, nullable: true }) parentId:
    number | null;
  @Column({ type: 'varchar', length: 8 }) lang: string;
  @Column({ type: 'varchar', length: 16 }) status: CommentStatus;
  /** Plain text as sent (HTML is text here; escaped wherever it is shown as HTML). */
  @Column({ type: 'text' }) body: string;
  /** The team member who posted through the API; null for readers. */
  @Column({ name: 'author_user_id', type: 'int', unsigned: true, nullable: true }) authorUserId:
    number | null;
  @Column({ name: 'author_name', type: 'varchar', length: 191 }) authorName: string;
  /** Never in any output (spec 2.10). */
  @Column({ name: 'author_email', type: 'varchar', length: 191, nullable: true }) authorEmail:
    string | null;
  /** Never in any output (spec 2.10). */
  @Column({ name: 'author_ip', type: 'varchar', length: 45, nullable: true }) authorIp:
    string | null;
  /** When approving this reply queued the email to the parent's author (spec 4.9: once). */
  @Column({ name: 'parent_notified_at', type: 'datetime', precision: 3, nullable: true })
  parentNotifiedAt: Date | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

/** Per-site comment moderation: with `moderate` reader comments arrive `pending`. */
@Entity('comment_settings')
export class CommentSettingsEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'boolean' }) moderate: boolean;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

/** The email outbox of comments: written with the approval, sent by content-api's worker. */
@Entity('comment_emails')
export class CommentEmailEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'comment_id', type: 'int', unsigned: true }) commentId: number;
  /** `reply_approved`. */
  @Column({ type: 'varchar', length: 32 }) kind: string;
  @Column({ name: 'recipient_email', type: 'varchar', length: 191 }) recipientEmail: string;
  @Column({ name: 'recipient_name', type: 'varchar', length: 191 }) recipientName: string;
  @Column({ type: 'varchar', length: 255 }) subject: string;
  @Column({ type: 'text' }) body: string;
  @Column({ type: 'int', unsigned: true }) attempts: number;
  @Column({ name: 'next_attempt_at', type: 'datetime', precision: 3 }) nextAttemptAt: Date;
  @Column({ name: 'sent_at', type: 'datetime', precision: 3, nullable: true }) sentAt: Date | null;
  @Column({ name: 'failed_at', type: 'datetime', precision: 3, nullable: true })
  failedAt: Date | null;
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true }) lastError:
    string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** A team-note thread, anchored on a highlight (`<mark data-hc-note="mark_id">`) in one language. */
@Entity('note_threads')
export class NoteThreadEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ type: 'varchar', length: 8 }) lang: string;
  @Column({ name: 'mark_id', type: 'varchar', length: 64 }) markId: string;
  @Column({ type: 'text' }) quote: string;
  @Column({ type: 'text' }) body: string;
  @Column({ name: 'author_user_id', type: 'int', unsigned: true }) authorUserId: number;
  @Column({ name: 'resolved_at', type: 'datetime', precision: 3, nullable: true })
  resolvedAt: Date | null;
  @Column({ name: 'resolved_by_user_id', type: 'int', unsigned: true, nullable: true })
  resolvedByUserId: number | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}

@Entity('note_replies')
export class NoteReplyEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'thread_id', type: 'int', unsigned: true }) threadId: number;
  @Column({ name: 'author_user_id', type: 'int', unsigned: true }) authorUserId: number;
  @Column({ type: 'text' }) body: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

export const FEEDBACK_RATINGS = ['thumbs_up', 'thumbs_down', 'love'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** One reader rating (also counted into article_stats); kept for analytics over time. */
@Entity('article_feedback')
export class ArticleFeedbackEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ type: 'varchar', length: 8 }) lang: string;
  @Column({ type: 'varchar', length: 16 }) rating: FeedbackRating;
  @Column({ type: 'text', nullable: true }) message: string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** A site's own wording for one reader-interface text in one language. */
@Entity('interface_text_overrides')
export class InterfaceTextOverrideEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @PrimaryColumn({ type: 'varchar', length: 8 }) lang: string;
  @PrimaryColumn({ name: 'text_key', type: 'varchar', length: 64 }) textKey: string;
  @Column({ type: 'text' }) text: string;
  @Column({ name: 'updated_at', type: 'datetime', precision: 3 }) updatedAt: Date;
}
