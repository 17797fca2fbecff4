import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { inDryRun } from '@hc/data';
import { storageFailed } from './image-rules';
import type { ImageType } from './image-type';
import { ImagesRepository, type Image, type ImageOrigin } from './images.repository';
import { IMAGE_STORAGE, type ImageStorage } from './storage/image-storage';
import type { SiteId } from '@hc/contracts';
import type { ImageDigest } from './staged-downloads';

export interface SiteRef {
  id: SiteId;
  uuid: string;
}

export interface StoreRequest {
  /** The bytes; a dry run's transaction has only their digest (it stores no file). */
  bytes: Buffer | ImageDigest;
  type: ImageType;
  filename: string;
  origin: ImageOrigin;
  /** Spec 4.7: on by default; off stores another copy. */
  dedupe: boolean;
}

export interface StoreResult {
  image: Image;
  reused: boolean;
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The one way an image gets in: dedupe by checksum, then file first and row second; if either
 * fails, the other is undone and the caller gets 500 `storage_failed` with nothing left behind.
 */
@Injectable()
export class ImageStoreService {
  private readonly logger = new Logger('images');

  constructor(
    private readonly repo: ImagesRepository,
    @Inject(IMAGE_STORAGE) readonly storage: ImageStorage,
  ) {}

  async store(site: SiteRef, req: StoreRequest): Promise<StoreResult> {
    const bytes = Buffer.isBuffer(req.bytes) ? req.bytes : null;
    const checksum = bytes ? sha256(bytes) : (req.bytes as ImageDigest).sha256;
    const size = bytes ? bytes.length : (req.bytes as ImageDigest).size;
    if (req.dedupe) {
      const existing = await this.repo.findByChecksum(site.id, checksum, req.origin);
      if (existing) return { image: existing, reused: true };
    }
    const key = `${site.uuid}/${randomBytes(16).toString('hex')}.${req.type.ext}`;
    try {
      // A dry run (issue 25) records the row in its rolled-back transaction but stores no file.
      if (!inDryRun()) {
        if (!bytes) throw new Error('only a dry run stores an image by its digest');
        await this.storage.put(key, bytes, req.type.mime);
      }
    } catch (err) {
      this.logger.error(
        `storing ${key} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      await this.removeQuietly(key);
      throw storageFailed();
    }
    try {
      const image = await this.repo.insert(site, {
        filename: req.filename.slice(0, 255) || `image.${req.type.ext}`,
        mimeType: req.type.mime,
        size,
        checksum,
        storageKey: key,
        url: this.storage.urlFor(key),
        origin: req.origin,
      });
      return { image, reused: false };
    } catch (err) {
      this.logger.error(
        `recording ${key} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      await this.removeQuietly(key);
      throw storageFailed();
    }
  }

  async removeQuietly(key: string): Promise<void> {
    if (inDryRun()) return;
    try {
      await this.storage.delete(key);
    } catch (err) {
      this.logger.error(
        `removing ${key} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}
