import { Injectable } from '@nestjs/common';
import { OutboundError, safeFetch } from '@hc/net';
import { detectImageType, type ImageType } from './image-type';
import { importLimits, IMPORT_MAX_REDIRECTS, importReasons, MAX_IMAGE_BYTES } from './image-rules';

export interface ImportedImage {
  bytes: Buffer;
  type: ImageType;
  /** Spec 2.5: the last path segment with the detected type's extension. */
  filename: string;
}

/** An import that failed, with the spec 4.7 reason. */
export class ImportFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ImportFailure';
  }
}

export interface ImportOptions {
  /** Spec 4.7: 15 s per download; bulk requests pass what is left of their 45 s. */
  timeoutMs?: number;
  /** Image import is https-only; rehosting article images also takes http. */
  requireHttps?: boolean;
  signal?: AbortSignal;
}

/** `photo.jpeg` + PNG bytes → `photo.png`; no usable segment → `image.png`. */
export function importedFilename(url: string, type: ImageType): string {
  let segment = '';
  try {
    const path = new URL(url).pathname;
    segment = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    segment = '';
  }
  const base = segment
    .replace(/[\u0000-\u001f/\\]/g, '')
    .replace(/\.[^.]*$/, '')
    .slice(0, 200);
  return `${base || 'image'}.${type.ext}`;
}

/** Downloads an image through the one SSRF-safe fetcher (spec 4.7 import rules). */
@Injectable()
export class ImageImporter {
  async import(url: string, options: ImportOptions = {}): Promise<ImportedImage> {
    const timeoutMs = options.timeoutMs ?? importLimits.timeoutMs;
    if (timeoutMs <= 0) throw new ImportFailure(importReasons.timeout);
    let body: Buffer;
    try {
      const res = await safeFetch(url, {
        method: 'GET',
        headers: { Accept: 'image/jpeg, image/png, image/gif, image/webp, */*;q=0.1' },
        timeoutMs,
        maxBytes: MAX_IMAGE_BYTES,
        maxRedirects: IMPORT_MAX_REDIRECTS,
        requireHttps: options.requireHttps ?? true,
        signal: options.signal,
      });
      if (res.status < 200 || res.status > 299)
        throw new ImportFailure(importReasons.httpStatus(res.status));
      body = res.body;
    } catch (err) {
      if (err instanceof OutboundError) throw new ImportFailure(reasonFor(err, url));
      throw err;
    }
    const type = await detectImageType(body);
    if (!type) throw new ImportFailure(importReasons.notImage);
    return { bytes: body, type, filename: importedFilename(url, type) };
  }
}

/** What an import failure says for each refusal of the outbound fetch. */
const REASONS: Record<Exclude<OutboundError['reason'], 'invalid_url'>, string> = {
  unresolvable: importReasons.unresolvable,
  private_address: importReasons.privateAddress,
  timeout: importReasons.timeout,
  too_large: importReasons.tooLarge,
  too_many_redirects: importReasons.tooManyRedirects,
  not_https: importReasons.notHttps,
  connection_failed: importReasons.connectionFailed,
};

function reasonFor(err: OutboundError, url: string): string {
  if (err.reason !== 'invalid_url') return REASONS[err.reason];
  // The address itself was checked before; an unusable redirect target is not https.
  return err.url && err.url !== url ? importReasons.notHttps : importReasons.unresolvable;
}
