// Spec 4.7 and 8: the image rules and every message in the spec's words.
import { ApiError, apiError, ContentErrorCode, validationError } from '@hc/contracts';

/** 10 MB (spec 8: one image). */
export const MAX_IMAGE_BYTES = 10_485_760;
export const MAX_ALT_TEXT = 255;
export const MAX_SOURCE_URL = 2048;
export const MAX_BULK_ITEMS = 20;
/**
 * Spec 8 download limits: 15 s per import, 45 s for all downloads of one bulk request (also one
 * article's rehosting). Mutable only so tests can shorten them; nothing else writes them.
 */
export const importLimits = { timeoutMs: 15_000, bulkBudgetMs: 45_000 };
export const IMPORT_MAX_REDIRECTS = 4;
export const UPLOAD_URL_TTL_MS = 15 * 60_000;
export const REHOST_MAX_PER_ARTICLE = 25;

export const UPLOAD_REFUSED = 'The upload could not be accepted.';

export const imageMessages = {
  missingInput:
    'Send the image as multipart/form-data under "file", or its https address as "source_url".',
  unsupportedType: 'Unsupported image type. Upload a JPEG, PNG, GIF, or WebP image.',
  tooLarge: 'The image is too large. The maximum upload size is 10 MB.',
  notHttps: 'The source_url must be an https:// address.',
  both: 'Send either a file or a source_url, not both.',
  storageFailed: 'The image could not be stored. Please try again.',
  importFailed: 'The image at source_url could not be imported.',
  notFound: 'Image not found.',
  tooManyMixed:
    'Too many images in one request. The maximum is 20 per batch, files and source URLs together.',
  tooManyFiles: 'Too many files in one request. The maximum is 20 files per batch.',
  tooManyUrls: 'Too many source URLs in one request. The maximum is 20 source URLs per batch.',
  bulkEmpty: 'Send images as "files[]" or their https addresses as "source_urls[]".',
  bulkNeedsIndexes:
    'When files and source URLs are sent together, give each an explicit index (files[0], source_urls[1], alt_texts[1]).',
  bulkIndexTaken: (index: number) => `Index ${index} carries both a file and a source_url.`,
} as const;

/** Spec 4.7 import failure reasons, exactly as listed. */
export const importReasons = {
  unresolvable: 'host could not be resolved',
  privateAddress: 'host resolves to a private or reserved address',
  httpStatus: (status: number) => `image returned HTTP ${status}`,
  timeout: 'could not be downloaded in time',
  tooLarge: `larger than the ${MAX_IMAGE_BYTES}-byte limit`,
  notImage: 'not a JPEG, PNG, GIF or WebP image',
  notHttps: 'redirected to an address that is not https',
  // Not listed by the spec (its wording not shown); same style.
  tooManyRedirects: `redirected more than ${IMPORT_MAX_REDIRECTS} times`,
  connectionFailed: 'could not connect to the host',
} as const;

export function uploadRefused(field: string, message: string): ApiError {
  return validationError({ [field]: [message] }, UPLOAD_REFUSED);
}

/** 500 with nothing left behind (spec 4.7); HTML without `Accept: application/json` (4.1 rule 3). */
export function storageFailed(): ApiError {
  return apiError(
    ContentErrorCode.StorageFailed,
    imageMessages.storageFailed,
    {},
    'html-unless-json',
  );
}
