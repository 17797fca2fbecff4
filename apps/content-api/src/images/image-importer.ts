import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { OutboundError, safeFetch } from '@hc/net';
import { detectImageType, detectImageTypeOfFile, type ImageType } from './image-type';
import { importLimits, IMPORT_MAX_REDIRECTS, importReasons, MAX_IMAGE_BYTES } from './image-rules';
import { type ImageDigest, replayedDownloads, type StagedDownload } from './staged-downloads';

/** Where a dry run's downloads are written while they are read (`os.tmpdir()`). */
export const DRY_RUN_DOWNLOAD_PREFIX = 'hc-dry-run-';

export interface ImportedImage {
  /** The bytes; only their digest inside a dry run's transaction (the download was before). */
  bytes: Buffer | ImageDigest;
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
  /**
   * Downloads `url` into memory (at most 10 MB). Inside a dry run's transaction
   * (`replayDownloads`) nothing is fetched: the answer is the download `stage` made before.
   */
  async import(url: string, options: ImportOptions = {}): Promise<ImportedImage> {
    const replay = replayedDownloads();
    if (replay) return replayed(url, replay.take(url));
    const timeoutMs = options.timeoutMs ?? importLimits.timeoutMs;
    if (timeoutMs <= 0) throw new ImportFailure(importReasons.timeout);
    const body = (await this.fetch(url, options, timeoutMs)).body;
    const type = await detectImageType(body);
    if (!type) throw new ImportFailure(importReasons.notImage);
    return { bytes: body, type, filename: importedFilename(url, type) };
  }

  /**
   * A dry run's download (issue 34 item 6), made before its transaction: the same checks and
   * answer as `import`, but the body is streamed into a file of its own under `os.tmpdir()`,
   * hashed from there and removed before this returns, whatever happened. Memory holds only the
   * streams' buffers, never an image; the disk holds at most one download (10 MB) per dry run.
   */
  async stage(url: string, options: ImportOptions = {}): Promise<StagedDownload> {
    const timeoutMs = options.timeoutMs ?? importLimits.timeoutMs;
    if (timeoutMs <= 0) return { ok: false, reason: importReasons.timeout };
    const dir = await mkdtemp(join(tmpdir(), DRY_RUN_DOWNLOAD_PREFIX));
    try {
      const path = join(dir, 'download');
      await this.fetch(url, options, timeoutMs, path);
      const type = await detectImageTypeOfFile(path);
      if (!type) throw new ImportFailure(importReasons.notImage);
      return { ok: true, type, filename: importedFilename(url, type), digest: await digest(path) };
    } catch (err) {
      if (err instanceof ImportFailure) return { ok: false, reason: err.reason };
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** One GET through the SSRF-safe fetcher; a refusal or a status not 2xx is an ImportFailure. */
  private async fetch(url: string, options: ImportOptions, timeoutMs: number, saveTo?: string) {
    try {
      const res = await safeFetch(url, {
        method: 'GET',
        headers: { Accept: 'image/jpeg, image/png, image/gif, image/webp, */*;q=0.1' },
        timeoutMs,
        maxBytes: MAX_IMAGE_BYTES,
        maxRedirects: IMPORT_MAX_REDIRECTS,
        requireHttps: options.requireHttps ?? true,
        signal: options.signal,
        saveTo,
      });
      if (res.status < 200 || res.status > 299)
        throw new ImportFailure(importReasons.httpStatus(res.status));
      return res;
    } catch (err) {
      if (err instanceof OutboundError) throw new ImportFailure(reasonFor(err, url));
      throw err;
    }
  }
}

/** A staged download as `import` answers it. */
function replayed(url: string, staged: StagedDownload | undefined): ImportedImage {
  if (!staged) throw new Error(`a dry run reached ${url} without downloading it first`);
  if (!staged.ok) throw new ImportFailure(staged.reason);
  return { bytes: staged.digest, type: staged.type, filename: staged.filename };
}

/** SHA-256 and length of a file, read as a stream. */
async function digest(path: string): Promise<ImageDigest> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), size: (await stat(path)).size };
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
