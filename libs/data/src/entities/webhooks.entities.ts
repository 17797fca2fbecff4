// Webhook tables. `webhooks` is owned by content-api (registration); `webhook_events` and
// `webhook_deliveries` by webhook-dispatcher (content-api deletes a webhook's deliveries with it).
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('webhooks')
export class WebhookEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 191 }) url: string;
  @Column({ type: 'varchar', length: 191 }) secret: string;
  /** Issue 23: `service` (spec 6 headers only) or `standard` (Standard Webhooks headers too). */
  @Column({ name: 'signature_scheme', type: 'varchar', length: 16, default: 'service' })
  signatureScheme: 'service' | 'standard';
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
  @Column({ name: 'last_delivered_at', type: 'datetime', precision: 3, nullable: true })
  lastDeliveredAt: Date | null;
}

/** An event accepted for delivery; `body` is the exact JSON POSTed on every attempt (spec 6). */
@Entity('webhook_events')
export class WebhookEventEntity {
  /** The outbox row id. */
  @PrimaryColumn({ type: 'bigint', unsigned: true }) id: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 64 }) event: string;
  @Column({ type: 'mediumtext' }) body: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

export const DELIVERY_STATES = ['pending', 'delivered', 'dropped', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** One event for one webhook: unique on (event, webhook) so fan-out is idempotent. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) id: string;
  @Column({ name: 'event_id', type: 'bigint', unsigned: true }) eventId: string;
  @Column({ name: 'webhook_id', type: 'int', unsigned: true }) webhookId: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 16 }) state: DeliveryState;
  @Column({ type: 'tinyint', unsigned: true }) attempts: number;
  /** When the next attempt is due, or when a claimed attempt's lease runs out; null once final. */
  @Column({ name: 'next_attempt_at', type: 'datetime', precision: 3, nullable: true })
  nextAttemptAt: Date | null;
  @Column({ name: 'last_attempt_at', type: 'datetime', precision: 3, nullable: true })
  lastAttemptAt: Date | null;
  @Column({ name: 'last_status', type: 'smallint', unsigned: true, nullable: true })
  lastStatus: number | null;
  @Column({ name: 'last_error', type: 'varchar', length: 191, nullable: true })
  lastError: string | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}
