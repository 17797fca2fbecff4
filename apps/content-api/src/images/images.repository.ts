import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { touchReaderPages, jsonColumn, seal, unseal } from '@hc/data';
import { writeAuditEvent } from '@hc/events';
import type { SiteId } from '@hc/contracts';
import type { ImageType } from './image-type';

/**
 * How the image came in: API upload or import (`api`), copied by `rehost_images` (`rehost`), or
 * added in the dashboard's article editor (`editor`, issue 37; GET /images leaves these out,
 * spec 4.7).
 */
export type ImageOrigin = 'api' | 'rehost' | 'editor';

/** An `images` row: a stored file (spec 2.5). */
export interface Image {
  id: number;
  siteId: number;
  filename: string;
  /** Detected from the bytes (the four types of spec 2.5); null on old images. */
  mimeType: ImageType['mime'] | null;
  size: number;
  /** SHA-256, 64 lowercase hex characters; null on old images. */
  checksum: string | null;
  /** The key in image storage. */
  storageKey: string;
  /** Permanent absolute URL. */
  url: string;
  origin: ImageOrigin;
  createdAt: Date;
}

export interface NewImage {
  filename: string;
  mimeType: ImageType['mime'];
  size: number;
  checksum: string;
  storageKey: string;
  url: string;
  origin: ImageOrigin;
}

/** An `image_upload_urls` row: a signed single-use upload URL (spec 3.4, 4.7). */
export interface UploadUrl {
  /** The `{intent}` path segment: random, unguessable. */
  intent: string;
  siteId: number;
  /** The creating credential: an API key, or a person's connection to an OAuth app. */
  apiKeyId: number | null;
  oauthClientId: string | null;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
  imageId: number | null;
  createdAt: Date;
}

const IMAGE_COLUMNS =
  'id, site_id, filename, mime_type, size, checksum, storage_key, url, origin, created_at';

interface ImageRecord {
  id: number;
  site_id: number;
  filename: string;
  mime_type: ImageType['mime'] | null;
  size: number;
  checksum: string | null;
  storage_key: string;
  url: string;
  origin: ImageOrigin;
  created_at: Date;
}

function toImage(r: ImageRecord): Image {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    filename: r.filename,
    mimeType: r.mime_type,
    size: Number(r.size),
    checksum: r.checksum,
    storageKey: r.storage_key,
    url: r.url,
    origin: r.origin,
    createdAt: r.created_at,
  };
}

export interface ReferencingArticle {
  id: number;
  title: Record<string, string>;
}

/** One translation whose current content contains an image's URL (the dashboard's library). */
export interface ImageUse {
  imageId: number;
  articleId: number;
  lang: string;
  title: string;
  published: boolean;
  content: string;
}

/** Every method takes the site id: another site's image answers like a missing one. */
@Injectable()
export class ImagesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Inserts the row and records the audit entry (issue 24) in one transaction. */
  async insert(site: { id: SiteId; uuid: string }, image: NewImage): Promise<Image> {
    return this.ds.transaction(async (m) => {
      const createdAt = new Date();
      const result = await m.query(
        `INSERT INTO images (site_id, filename, mime_type, size, checksum, storage_key, url, origin, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          site.id,
          image.filename,
          image.mimeType,
          image.size,
          image.checksum,
          image.storageKey,
          image.url,
          image.origin,
          createdAt,
        ],
      );
      const id = Number((result as { insertId: number }).insertId);
      await writeAuditEvent(m, site, 'image.create', { type: 'image', id });
      return { ...image, id, siteId: site.id, createdAt };
    });
  }

  async findById(siteId: SiteId, id: number): Promise<Image | null> {
    const rows: ImageRecord[] = await this.ds.query(
      `SELECT ${IMAGE_COLUMNS} FROM images WHERE site_id = ? AND id = ?`,
      [siteId, id],
    );
    return rows[0] ? toImage(rows[0]) : null;
  }

  /**
   * The oldest image of the site with these bytes (spec 4.7 dedupe). An API upload never
   * resolves to an editor image (GET /images would not list what it answered).
   */
  async findByChecksum(
    siteId: SiteId,
    checksum: string,
    forOrigin: ImageOrigin = 'api',
  ): Promise<Image | null> {
    const listed = forOrigin === 'editor' ? '' : "AND origin <> 'editor'";
    const rows: ImageRecord[] = await this.ds.query(
      `SELECT ${IMAGE_COLUMNS} FROM images WHERE site_id = ? AND checksum = ? ${listed}
        ORDER BY id LIMIT 1`,
      [siteId, checksum],
    );
    return rows[0] ? toImage(rows[0]) : null;
  }

  async list(
    siteId: SiteId,
    filter: { checksum?: string },
    offset: number,
    limit: number,
  ): Promise<{ rows: Image[]; total: number }> {
    // Spec 4.7: images added in the article editor are not listed.
    const where = `site_id = ? AND origin <> 'editor'${filter.checksum ? ' AND checksum = ?' : ''}`;
    const params = filter.checksum ? [siteId, filter.checksum] : [siteId];
    const rows: ImageRecord[] = await this.ds.query(
      `SELECT ${IMAGE_COLUMNS} FROM images WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...params, limit, offset],
    );
    const [{ total }]: { total: number }[] = await this.ds.query(
      `SELECT COUNT(*) AS total FROM images WHERE ${where}`,
      params,
    );
    return { rows: rows.map(toImage), total: Number(total) };
  }

  /** The dashboard's library (issue 39): every origin, editor images included, newest first. */
  async library(
    siteId: SiteId,
    offset: number,
    limit: number,
  ): Promise<{ rows: Image[]; total: number }> {
    const rows: ImageRecord[] = await this.ds.query(
      `SELECT ${IMAGE_COLUMNS} FROM images WHERE site_id = ?
        ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [siteId, limit, offset],
    );
    const [{ total }]: { total: number }[] = await this.ds.query(
      'SELECT COUNT(*) AS total FROM images WHERE site_id = ?',
      [siteId],
    );
    return { rows: rows.map(toImage), total: Number(total) };
  }

  /**
   * The translations whose current content (drafts included, Trash excluded, as the DELETE
   * check reads it) contains each image's URL, in article and language order.
   */
  async uses(siteId: SiteId, imageIds: number[]): Promise<ImageUse[]> {
    if (!imageIds.length) return [];
    const rows: {
      image_id: number;
      article_id: number;
      lang: string;
      title: string;
      published: number;
      content: string;
    }[] = await this.ds.query(
      `SELECT i.id AS image_id, t.article_id, t.lang, t.title, a.published, t.content
         FROM images i
         JOIN article_translations t ON t.site_id = i.site_id AND LOCATE(i.url, t.content) > 0
         JOIN articles a ON a.id = t.article_id AND a.site_id = i.site_id AND a.deleted_at IS NULL
        WHERE i.site_id = ? AND i.id IN (?)
        ORDER BY i.id, t.article_id, t.lang`,
      [siteId, imageIds],
    );
    return rows.map((r) => ({
      imageId: Number(r.image_id),
      articleId: Number(r.article_id),
      lang: r.lang,
      title: r.title,
      published: Boolean(Number(r.published)),
      content: r.content,
    }));
  }

  /** Deletes the row and records the audit entry (issue 24) in one transaction. */
  async delete(site: { id: SiteId; uuid: string }, id: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query('DELETE FROM images WHERE site_id = ? AND id = ?', [site.id, id]);
      await touchReaderPages(m, site.id);
      await writeAuditEvent(m, site, 'image.delete', { type: 'image', id });
    });
  }

  /**
   * Articles whose current content (any language, drafts included; Trash excluded) contains
   * the URL, up to `limit`, with their titles in every language (spec 4.7 DELETE). Staged
   * copies and versions are not checked.
   */
  async articlesUsing(siteId: SiteId, url: string, limit: number): Promise<ReferencingArticle[]> {
    const pattern = `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const ids: { id: number }[] = await this.ds.query(
      `SELECT DISTINCT a.id
         FROM articles a
         JOIN article_translations t ON t.article_id = a.id
        WHERE a.site_id = ? AND a.deleted_at IS NULL AND t.site_id = ? AND t.content LIKE ?
        ORDER BY a.id
        LIMIT ?`,
      [siteId, siteId, pattern, limit],
    );
    if (!ids.length) return [];
    const titles: { article_id: number; lang: string; title: string }[] = await this.ds.query(
      `SELECT article_id, lang, title FROM article_translations
        WHERE site_id = ? AND article_id IN (?) ORDER BY lang`,
      [siteId, ids.map((r) => r.id)],
    );
    return ids.map(({ id }) => ({
      id,
      title: Object.fromEntries(
        titles.filter((t) => t.article_id === id).map((t) => [t.lang, t.title]),
      ),
    }));
  }
}

/** Upload URLs (spec 3.4). */
@Injectable()
export class UploadUrlsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async insert(row: UploadUrl): Promise<void> {
    await this.ds.query(
      `INSERT INTO image_upload_urls
         (intent, site_id, api_key_id, oauth_client_id, user_id, expires_at, used_at, image_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.intent,
        row.siteId,
        row.apiKeyId,
        row.oauthClientId,
        row.userId,
        row.expiresAt,
        row.usedAt,
        row.imageId,
        row.createdAt,
      ],
    );
  }

  async find(intent: string): Promise<UploadUrl | null> {
    const rows: Array<{
      intent: string;
      site_id: number;
      api_key_id: number | null;
      oauth_client_id: string | null;
      user_id: number;
      expires_at: Date;
      used_at: Date | null;
      image_id: number | null;
      created_at: Date;
    }> = await this.ds.query(
      `SELECT intent, site_id, api_key_id, oauth_client_id, user_id, expires_at, used_at,
              image_id, created_at
         FROM image_upload_urls WHERE intent = ?`,
      [intent],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      intent: r.intent,
      siteId: Number(r.site_id),
      apiKeyId: r.api_key_id === null ? null : Number(r.api_key_id),
      oauthClientId: r.oauth_client_id,
      userId: Number(r.user_id),
      expiresAt: r.expires_at,
      usedAt: r.used_at,
      imageId: r.image_id === null ? null : Number(r.image_id),
      createdAt: r.created_at,
    };
  }

  /** Spends the URL; false when another request spent it first. */
  async claim(intent: string, at: Date): Promise<boolean> {
    const result = await this.ds.query(
      'UPDATE image_upload_urls SET used_at = ? WHERE intent = ? AND used_at IS NULL',
      [at, intent],
    );
    return result.affectedRows === 1;
  }

  /** A refused file or a storage failure leaves the URL issued (spec 3.4). */
  async release(intent: string): Promise<void> {
    await this.ds.query(
      'UPDATE image_upload_urls SET used_at = NULL, image_id = NULL WHERE intent = ?',
      [intent],
    );
  }

  async recordImage(intent: string, imageId: number): Promise<void> {
    await this.ds.query('UPDATE image_upload_urls SET image_id = ? WHERE intent = ?', [
      imageId,
      intent,
    ]);
  }

  /** Whether the creating API key still has the upload right: not revoked, still read & write. */
  async apiKeyCanUpload(keyId: number, siteId: number): Promise<boolean> {
    const rows: { scope: string }[] = await this.ds.query(
      `SELECT k.scope FROM api_keys k JOIN sites s ON s.id = k.site_id AND s.deleted_at IS NULL
        WHERE k.id = ? AND k.site_id = ? AND k.revoked_at IS NULL`,
      [keyId, siteId],
    );
    return rows[0]?.scope === 'read_write';
  }

  /** Whether the person still shares the site with the app, with `content.write` approved. */
  async oauthCanUpload(userId: number, clientId: string, siteId: number): Promise<boolean> {
    const rows: { scopes: string[] | string; site_ids: number[] | string }[] = await this.ds.query(
      `SELECT c.scopes, c.site_ids FROM oauth_connections c
         JOIN sites s ON s.id = ? AND s.deleted_at IS NULL
        WHERE c.user_id = ? AND c.client_id = ?`,
      [siteId, userId, clientId],
    );
    const row = rows[0];
    if (!row) return false;
    const scopes = jsonColumn<string[]>(row.scopes);
    const sites = jsonColumn<number[]>(row.site_ids);
    return scopes.includes('content.write') && sites.map(Number).includes(siteId);
  }

  /** Issue 37: whether the person who issued the URL in the dashboard may still add images. */
  async memberCanUpload(userId: number, siteId: number): Promise<boolean> {
    const rows: { role: string }[] = await this.ds.query(
      `SELECT m.role FROM memberships m JOIN sites s ON s.id = m.site_id AND s.deleted_at IS NULL
        WHERE m.user_id = ? AND m.site_id = ?`,
      [userId, siteId],
    );
    return ['owner', 'admin', 'editor'].includes(rows[0]?.role ?? '');
  }

  async siteUuid(siteId: number): Promise<string | null> {
    const rows: { uuid: string }[] = await this.ds.query(
      'SELECT uuid FROM sites WHERE id = ? AND deleted_at IS NULL',
      [siteId],
    );
    return rows[0]?.uuid ?? null;
  }

  /**
   * The HMAC key for upload URLs: made once, shared by every replica through the database,
   * sealed there under HC_DATA_KEYS (issue 34). Rotating the data key re-seals it and keeps its
   * value, so URLs issued before stay good for their 15 minutes.
   */
  async signingKey(): Promise<string> {
    const read = async () =>
      (await this.ds.query("SELECT value FROM image_secrets WHERE name = 'upload_url_key'")) as {
        value: string;
      }[];
    const found = await read();
    if (found[0]) return unseal(found[0].value, 'image_secrets.value');
    await this.ds.query(
      "INSERT IGNORE INTO image_secrets (name, value, created_at) VALUES ('upload_url_key', ?, ?)",
      [seal(randomBytes(32).toString('base64url'), 'image_secrets.value'), new Date()],
    );
    return unseal((await read())[0].value, 'image_secrets.value');
  }
}
