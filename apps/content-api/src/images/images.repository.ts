import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { touchReaderPages } from '@hc/data';
import { writeAuditEvent } from '@hc/events';
import { ImageEntity, ImageUploadUrlEntity, type ImageOrigin } from '@hc/data';
import type { SiteId } from '@hc/contracts';

export interface NewImage {
  filename: string;
  mimeType: string;
  size: number;
  checksum: string;
  storageKey: string;
  url: string;
  origin: ImageOrigin;
}

export interface ReferencingArticle {
  id: number;
  title: Record<string, string>;
}

/** Every method takes the site id: another site's image answers like a missing one. */
@Injectable()
export class ImagesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private get images() {
    return this.ds.getRepository(ImageEntity);
  }

  /** Inserts the row and records the audit entry (issue 24) in one transaction. */
  async insert(site: { id: SiteId; uuid: string }, image: NewImage): Promise<ImageEntity> {
    return this.ds.transaction(async (m) => {
      const images = m.getRepository(ImageEntity);
      const row = await images.save(
        images.create({ ...image, siteId: site.id, createdAt: new Date() }),
      );
      await writeAuditEvent(m, site, 'image.create', { type: 'image', id: row.id });
      return row;
    });
  }

  findById(siteId: SiteId, id: number): Promise<ImageEntity | null> {
    return this.images.findOneBy({ siteId, id });
  }

  /** The oldest image of the site with these bytes (spec 4.7 dedupe). */
  findByChecksum(siteId: SiteId, checksum: string): Promise<ImageEntity | null> {
    return this.images.findOne({ where: { siteId, checksum }, order: { id: 'ASC' } });
  }

  async list(
    siteId: SiteId,
    filter: { checksum?: string },
    offset: number,
    limit: number,
  ): Promise<{ rows: ImageEntity[]; total: number }> {
    const where = filter.checksum ? { siteId, checksum: filter.checksum } : { siteId };
    const [rows, total] = await this.images.findAndCount({
      where,
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
    return { rows, total };
  }

  /** Deletes the row and records the audit entry (issue 24) in one transaction. */
  async delete(site: { id: SiteId; uuid: string }, id: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.delete(ImageEntity, { siteId: site.id, id });
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

  private get urls() {
    return this.ds.getRepository(ImageUploadUrlEntity);
  }

  async insert(row: ImageUploadUrlEntity): Promise<void> {
    await this.urls.insert(row);
  }

  find(intent: string): Promise<ImageUploadUrlEntity | null> {
    return this.urls.findOneBy({ intent });
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
    const scopes =
      typeof row.scopes === 'string' ? (JSON.parse(row.scopes) as string[]) : row.scopes;
    const sites =
      typeof row.site_ids === 'string' ? (JSON.parse(row.site_ids) as number[]) : row.site_ids;
    return scopes.includes('content.write') && sites.map(Number).includes(siteId);
  }

  async siteUuid(siteId: number): Promise<string | null> {
    const rows: { uuid: string }[] = await this.ds.query(
      'SELECT uuid FROM sites WHERE id = ? AND deleted_at IS NULL',
      [siteId],
    );
    return rows[0]?.uuid ?? null;
  }

  /** The HMAC key for upload URLs: made once, shared by every replica through the database. */
  async signingKey(): Promise<string> {
    const read = async () =>
      (await this.ds.query("SELECT value FROM image_secrets WHERE name = 'upload_url_key'")) as {
        value: string;
      }[];
    const found = await read();
    if (found[0]) return found[0].value;
    await this.ds.query(
      "INSERT IGNORE INTO image_secrets (name, value, created_at) VALUES ('upload_url_key', ?, ?)",
      [randomBytes(32).toString('base64url'), new Date()],
    );
    return (await read())[0].value;
  }
}
