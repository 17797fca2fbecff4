// The outbox, written by every service that announces events (libs/events), consumed by
// webhook-dispatcher (outbox transport) or by the Kafka relay.
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('outbox')
export class OutboxEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  /** Domain event name (`article.updated`, `comment.reply_approved`, …). */
  @Column({ type: 'varchar', length: 64 }) event: string;
  @Column({ type: 'json' }) payload: unknown;
  @Column({ name: 'occurred_at', type: 'datetime', precision: 3 }) occurredAt: Date;
  /** Set once the event has been handed on (fanned out to deliveries, or published to Kafka). */
  /** The request that caused the event (issue 18): log metadata, never sent to receivers. */
  @Column({ name: 'request_id', type: 'varchar', length: 128, nullable: true })
  requestId: string | null;
  @Column({ name: 'processed_at', type: 'datetime', precision: 3, nullable: true })
  processedAt: Date | null;
}
