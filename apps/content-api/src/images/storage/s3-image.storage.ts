import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ImageStorageSettings } from '@hc/contracts';
import type { ImageStorage } from './image-storage';

type S3Settings = Extract<ImageStorageSettings, { driver: 's3' }>;

/**
 * Several replicas: files in an S3-compatible bucket, served from `HC_S3_PUBLIC_URL` (the
 * bucket, a CDN in front of it, …). A put is atomic in S3: it either stores the whole object or
 * nothing.
 */
export class S3ImageStorage implements ImageStorage {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Settings,
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        region: config.region,
        endpoint: config.endpoint ?? undefined,
        forcePathStyle: config.forcePathStyle,
      });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key }),
      );
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  urlFor(key: string): string {
    return `${this.config.publicUrl}/${key}`;
  }

  owns(url: string): boolean {
    return url.startsWith(`${this.config.publicUrl}/`);
  }

  destroy(): void {
    this.client.destroy();
  }
}
