import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestContext, SiteContext } from '@hc/auth';
import {
  apiError,
  ContentErrorCode,
  formatB,
  runAsActor,
  settings,
  trustSiteId,
} from '@hc/contracts';
import type { AuditActor, SiteId } from '@hc/contracts';
import { MAX_IMAGE_BYTES, UPLOAD_URL_TTL_MS } from './image-rules';
import type { SingleImageInput } from './image-request';
import { ImageStoreService } from './image-store.service';
import {
  checkUploadedFile,
  toUploadAnswer,
  uploadFilename,
  type UploadAnswer,
} from './images.service';
import { UploadUrlsRepository } from './images.repository';

/** Spec 4.7 upload URL refusals: {status: error, code, message}. */
export const uploadUrlErrors = {
  invalid: () => apiError(ContentErrorCode.UploadUrlInvalid, 'This upload URL is not valid.'),
  expired: () => apiError(ContentErrorCode.UploadUrlExpired, 'This upload URL has expired.'),
  used: () => apiError(ContentErrorCode.UploadUrlUsed, 'This upload URL has already been used.'),
  revoked: () => apiError(ContentErrorCode.UploadUrlRevoked, 'This upload URL was revoked.'),
};

const INTENT = /^[A-Za-z0-9_-]{32}$/;

/**
 * Signed single-use upload URLs (spec 3.4, 4.7): `{base_url}/images/uploads/{intent}?expires=
 * <unix seconds>&signature=<hex HMAC-SHA256 of "intent.expires">`. The row in
 * `image_upload_urls` is the state (issued, used); the signature makes an altered URL fail
 * before any lookup matters.
 */
/** Where an upload URL stores its image, and as whose write (issue 24). */
export interface UploadTarget {
  /** From the signed upload URL, a one-time credential (issue 22 "Site scope"). */
  siteId: SiteId;
  siteUuid: string;
  actor: AuditActor;
}

@Injectable()
export class UploadUrlsService {
  constructor(
    private readonly repo: UploadUrlsRepository,
    private readonly store: ImageStoreService,
  ) {}

  private key: Promise<string> | null = null;

  async create(site: SiteContext, ctx: RequestContext) {
    const intent = randomBytes(24).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
    expiresAt.setUTCMilliseconds(0);
    const credential = ctx.credential;
    await this.repo.insert({
      intent,
      siteId: site.id,
      apiKeyId: credential.kind === 'api_key' ? credential.keyId : null,
      oauthClientId: credential.kind === 'oauth' ? credential.clientId : null,
      userId: ctx.principal.userId,
      expiresAt,
      usedAt: null,
      imageId: null,
      createdAt: now,
    });
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const signature = await this.sign(intent, expires);
    return {
      upload_url: `${settings().apiBaseUrl}/images/uploads/${intent}?expires=${expires}&signature=${signature}`,
      expires_at: formatB(expiresAt),
      max_bytes: MAX_IMAGE_BYTES,
    };
  }

  /**
   * Checks the URL before the body is read: invalid (403), used (410), expired (410), revoked
   * (403). Returns the site to store into.
   */
  async check(
    intent: string,
    { expires, signature }: { expires: number; signature: string },
  ): Promise<UploadTarget> {
    if (!INTENT.test(intent)) throw uploadUrlErrors.invalid();
    const expected = Buffer.from(await this.sign(intent, expires), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw uploadUrlErrors.invalid();
    const row = await this.repo.find(intent);
    if (!row || Math.floor(row.expiresAt.getTime() / 1000) !== expires)
      throw uploadUrlErrors.invalid();
    if (row.usedAt) throw uploadUrlErrors.used();
    if (Date.now() >= row.expiresAt.getTime()) throw uploadUrlErrors.expired();
    // Neither a key nor an app: issued by a person in the dashboard (issue 37).
    const stillAllowed =
      row.apiKeyId !== null
        ? await this.repo.apiKeyCanUpload(row.apiKeyId, row.siteId)
        : row.oauthClientId !== null
          ? await this.repo.oauthCanUpload(row.userId, row.oauthClientId, row.siteId)
          : await this.repo.memberCanUpload(row.userId, row.siteId);
    if (!stillAllowed) throw uploadUrlErrors.revoked();
    const site = await this.repo.siteUuid(row.siteId);
    if (!site) throw uploadUrlErrors.revoked();
    // Issue 24: the upload is recorded as the write of whoever issued the URL.
    const actor: AuditActor =
      row.apiKeyId !== null
        ? { kind: 'api_key', key_id: row.apiKeyId, user_id: row.userId }
        : row.oauthClientId !== null
          ? { kind: 'oauth', client_id: row.oauthClientId, user_id: row.userId }
          : { kind: 'dashboard', user_id: row.userId };
    return { siteId: trustSiteId(row.siteId), siteUuid: site, actor };
  }

  /**
   * Stores the file and spends the URL. A refused file (422) or a storage failure (500) leaves
   * it issued (spec 3.4); two racing uploads: one wins, the other gets 410 `upload_url_used`.
   */
  async upload(intent: string, site: UploadTarget, input: SingleImageInput): Promise<UploadAnswer> {
    const file = input.file!;
    const type = await checkUploadedFile(file, 'file');
    if (!(await this.repo.claim(intent, new Date()))) throw uploadUrlErrors.used();
    try {
      const result = await runAsActor(site.actor, () =>
        this.store.store(
          { id: site.siteId, uuid: site.siteUuid },
          {
            bytes: file.data,
            type,
            filename: uploadFilename(file, type),
            origin: 'api',
            dedupe: input.dedupe,
          },
        ),
      );
      await this.repo.recordImage(intent, result.image.id);
      return toUploadAnswer(result, input.altText);
    } catch (err) {
      await this.repo.release(intent);
      throw err;
    }
  }

  private async sign(intent: string, expires: number): Promise<string> {
    this.key ??= this.repo.signingKey();
    const key = await this.key.catch((err: unknown) => {
      this.key = null;
      throw err;
    });
    return createHmac('sha256', key).update(`${intent}.${expires}`).digest('hex');
  }
}
