// Reader activity and its daily rollup, owned by reader-site (views, searches, sessions, contact
// messages) and content-api's analytics/ (the rollup tables). Read by analytics.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One article view: at most one per reader, article and UTC day (unique key). */
@Entity('reader_views')
export class ReaderViewEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ type: 'varchar', length: 8 }) lang: string;
  /** UTC day of the view (`YYYY-MM-DD`). */
  @Column({ type: 'date' }) day: string;
  /** SHA-256 of the reader's visitor cookie (or of IP and user agent without one). */
  @Column({ name: 'reader_key', type: 'char', length: 64 }) readerKey: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** One search made on the reader site, with how many articles it found. */
@Entity('reader_searches')
export class ReaderSearchEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 8 }) lang: string;
  /** The query as typed (trimmed, at most 190 characters). */
  @Column({ type: 'varchar', length: 190 }) query: string;
  /** Lower-cased, whitespace collapsed: what analytics groups by. */
  @Column({ name: 'normalized_query', type: 'varchar', length: 190 }) normalizedQuery: string;
  @Column({ name: 'results_count', type: 'int', unsigned: true }) resultsCount: number;
  @Column({ name: 'reader_key', type: 'char', length: 64 }) readerKey: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** A reader's signed-in session on one site: a member (private sites, previews) or a password. */
@Entity('reader_sessions')
export class ReaderSessionEntity {
  /** SHA-256 of the cookie value; the value itself is never stored. */
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 }) tokenHash: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  /** The member signed in; null for a session opened with the site password. */
  @Column({ name: 'user_id', type: 'int', unsigned: true, nullable: true }) userId: number | null;
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 }) expiresAt: Date;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** A message sent with the contact form; also announced as a `contact.submitted` outbox event. */
@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 8 }) lang: string;
  @Column({ type: 'varchar', length: 191, nullable: true }) name: string | null;
  @Column({ type: 'varchar', length: 191 }) email: string;
  @Column({ type: 'varchar', length: 191, nullable: true }) subject: string | null;
  @Column({ type: 'text' }) message: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** Daily rollup per site, day and language: traffic and search totals (spec 4.10). */
@Entity('analytics_daily')
export class AnalyticsDailyEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @PrimaryColumn({ type: 'date' }) day: string;
  @PrimaryColumn({ type: 'varchar', length: 8 }) lang: string;
  @Column({ type: 'int', unsigned: true }) views: number;
  @Column({ type: 'int', unsigned: true }) visitors: number;
  @Column({ type: 'int', unsigned: true }) searches: number;
  @Column({ name: 'searches_without_results', type: 'int', unsigned: true })
  searchesWithoutResults: number;
}

/** Daily rollup of views per article. */
@Entity('analytics_article_daily')
export class AnalyticsArticleDailyEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @PrimaryColumn({ type: 'date' }) day: string;
  @PrimaryColumn({ type: 'varchar', length: 8 }) lang: string;
  @PrimaryColumn({ name: 'article_id', type: 'int', unsigned: true }) articleId: number;
  @Column({ type: 'int', unsigned: true }) views: number;
}

/** Daily rollup of searches per normalized query. */
@Entity('analytics_search_daily')
export class AnalyticsSearchDailyEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @PrimaryColumn({ type: 'date' }) day: string;
  @PrimaryColumn({ type: 'varchar', length: 8 }) lang: string;
  @PrimaryColumn({ type: 'varchar', length: 190 }) query: string;
  @Column({ type: 'int', unsigned: true }) searches: number;
  @Column({ name: 'without_results', type: 'int', unsigned: true }) withoutResults: number;
  /** Results of the day's most recent search of this query. */
  @Column({ name: 'last_results_count', type: 'int', unsigned: true }) lastResultsCount: number;
}

/** Which days of a site have been rolled up, and when. */
@Entity('analytics_rollups')
export class AnalyticsRollupEntity {
  @PrimaryColumn({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @PrimaryColumn({ type: 'date' }) day: string;
  @Column({ name: 'rolled_up_at', type: 'datetime', precision: 3 }) rolledUpAt: Date;
}
