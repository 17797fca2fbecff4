import { Injectable } from '@nestjs/common';
import { apiError, ContentErrorCode, notFound, validationError } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';
import { pageMeta, type Paging } from '@hc/http';
import { ImageImporter, ImportFailure } from './image-importer';
import { imageMessages, MAX_IMAGE_BYTES, uploadRefused } from './image-rules';
import { toLibraryImageResponse } from './image-library';
import { toImageResponse } from './image.mapper';
import type { SingleImageInput } from './image-request';
import { ImageStoreService, type SiteRef, type StoreResult } from './image-store.service';
import { detectImageType, type ImageType } from './image-type';
import { ImagesRepository } from './images.repository';
import type { ImageOrigin } from './images.repository';
import type { UploadedFile } from './multipart';

/** Spec 4.7 DELETE: up to 20 referencing articles are named. */
const REFERENCED_BY_MAX = 20;

export interface UploadAnswer {
  httpStatus: 200 | 201;
  body: { reused: boolean; image: ReturnType<typeof toImageResponse> };
}

/** Spec 4.7: size first, then the type from the bytes. Throws the 422 naming `field`. */
export async function checkUploadedFile(file: UploadedFile, field: string): Promise<ImageType> {
  if (file.size > MAX_IMAGE_BYTES) throw uploadRefused(field, imageMessages.tooLarge);
  const type = await detectImageType(file.data);
  if (!type) throw uploadRefused(field, imageMessages.unsupportedType);
  return type;
}

export function uploadFilename(file: UploadedFile, type: ImageType): string {
  const name = file.filename.replace(/[\u0000-\u001f]/g, '').trim();
  return name || `image.${type.ext}`;
}

export function toUploadAnswer(result: StoreResult, altText: string): UploadAnswer {
  return {
    httpStatus: result.reused ? 200 : 201,
    body: {
      reused: result.reused,
      image: toImageResponse(result.image, altText),
    },
  };
}

@Injectable()
export class ImagesService {
  constructor(
    private readonly repo: ImagesRepository,
    private readonly store: ImageStoreService,
    private readonly importer: ImageImporter,
  ) {}

  /** POST /images: one upload or one import. */
  /** `origin` `editor`: an image added in the dashboard's editor (issue 37). */
  async create(
    site: SiteRef,
    input: SingleImageInput,
    origin: ImageOrigin = 'api',
  ): Promise<UploadAnswer> {
    if (input.file) return this.upload(site, input.file, input, origin);
    let imported;
    try {
      imported = await this.importer.import(input.sourceUrl as string);
    } catch (err) {
      if (err instanceof ImportFailure) {
        throw validationError({ source_url: [err.reason] }, imageMessages.importFailed);
      }
      throw err;
    }
    const result = await this.store.store(site, {
      bytes: imported.bytes,
      type: imported.type,
      filename: imported.filename,
      origin,
      dedupe: input.dedupe,
    });
    return toUploadAnswer(result, input.altText);
  }

  async upload(
    site: SiteRef,
    file: UploadedFile,
    input: { altText: string; dedupe: boolean },
    origin: ImageOrigin = 'api',
  ): Promise<UploadAnswer> {
    const type = await checkUploadedFile(file, 'file');
    const result = await this.store.store(site, {
      bytes: file.data,
      type,
      filename: uploadFilename(file, type),
      origin,
      dedupe: input.dedupe,
    });
    return toUploadAnswer(result, input.altText);
  }

  async list(siteId: SiteId, filter: { checksum?: string }, paging: Paging) {
    const { rows, total } = await this.repo.list(siteId, filter, paging.offset, paging.perPage);
    return {
      images: rows.map((r) => toImageResponse(r)),
      meta: pageMeta(paging, total),
    };
  }

  /** The dashboard's library (issue 39): every image, each with the translations using it. */
  async library(siteId: SiteId, paging: Paging) {
    const { rows, total } = await this.repo.library(siteId, paging.offset, paging.perPage);
    const uses = await this.repo.uses(
      siteId,
      rows.map((r) => r.id),
    );
    return {
      images: rows.map((r) =>
        toLibraryImageResponse(
          r,
          uses.filter((u) => u.imageId === r.id),
        ),
      ),
      meta: pageMeta(paging, total),
    };
  }

  async get(siteId: SiteId, id: number) {
    const image = await this.repo.findById(siteId, id);
    if (!image) throw notFound(imageMessages.notFound);
    return { image: toImageResponse(image) };
  }

  /** Spec 4.7: refused with 409 and `referenced_by` while article content uses the URL. */
  async delete(site: SiteRef, id: number, force: boolean) {
    const siteId = site.id;
    const image = await this.repo.findById(siteId, id);
    if (!image) throw notFound(imageMessages.notFound);
    if (!force) {
      const articles = await this.repo.articlesUsing(siteId, image.url, REFERENCED_BY_MAX);
      if (articles.length) {
        throw apiError(
          ContentErrorCode.ImageInUse,
          'The image is used in article content. Send force=1 to delete it anyway.',
          { referenced_by: articles.map((a) => ({ id: a.id, title: a.title })) },
        );
      }
    }
    await this.repo.delete(site, image.id);
    await this.store.removeQuietly(image.storageKey);
    return { message: 'Image deleted.' };
  }
}
