// Image tables, owned by content-api (images, upload URLs). Files live in image storage
// (local disk or S3-compatible); a row exists only for a file that was stored.
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** How the image came in: API upload or import (`api`), or copied by `rehost_images` (`rehost`). */
export type ImageOrigin = 'api' | 'rehost';

@Entity('images')
export class ImageEntity {
  @PrimaryGeneratedColumn({ unsigned: true }) id: number;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  @Column({ type: 'varchar', length: 255 }) filename: string;
  /** Detected from the bytes; null on old images (spec 2.5). */
  @Column({ name: 'mime_type', type: 'varchar', length: 32, nullable: true }) mimeType:
    string | null;
  @Column({ type: 'int', unsigned: true }) size: number;
  /** SHA-256, 64 lowercase hex characters; null on old images. */
  @Column({ type: 'char', length: 64, nullable: true }) checksum: string | null;
  /** The key in image storage. */
  @Column({ name: 'storage_key', type: 'varchar', length: 255 }) storageKey: string;
  /** Permanent absolute URL. */
  @Column({ type: 'varchar', length: 2048 }) url: string;
  @Column({ type: 'varchar', length: 16 }) origin: ImageOrigin;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** A signed single-use upload URL (spec 3.4, 4.7). */
@Entity('image_upload_urls')
export class ImageUploadUrlEntity {
  /** The `{intent}` path segment: random, unguessable. */
  @PrimaryColumn({ type: 'varchar', length: 64 }) intent: string;
  @Column({ name: 'site_id', type: 'int', unsigned: true }) siteId: number;
  /** The creating credential: an API key, or a person's connection to an OAuth app. */
  @Column({ name: 'api_key_id', type: 'int', unsigned: true, nullable: true }) apiKeyId:
    number | null;
  @Column({ name: 'oauth_client_id', type: 'varchar', length: 191, nullable: true })
  oauthClientId: string | null;
  @Column({ name: 'user_id', type: 'int', unsigned: true }) userId: number;
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'datetime', precision: 3, nullable: true }) usedAt: Date | null;
  @Column({ name: 'image_id', type: 'int', unsigned: true, nullable: true }) imageId: number | null;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}

/** The HMAC key that signs upload URLs, generated once and shared by every replica. */
@Entity('image_secrets')
export class ImageSecretEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) name: string;
  @Column({ type: 'varchar', length: 255 }) value: string;
  @Column({ name: 'created_at', type: 'datetime', precision: 3 }) createdAt: Date;
}
