import { Injectable } from '@nestjs/common';
import { ApiError, validationError } from '@hc/contracts';
import { DryRunner } from '@hc/data';
import { ImageImporter, ImportFailure } from './image-importer';
import { importLimits, UPLOAD_REFUSED } from './image-rules';
import { sourceUrlProblem, type BulkInput, type BulkItem } from './image-request';
import { type ImageResponse, toImageResponse } from './image.mapper';
import { ImageStoreService, type SiteRef, type StoreRequest } from './image-store.service';
import type { ImageType } from './image-type';
import { replayDownloads, StagedDownloads } from './staged-downloads';
import { checkUploadedFile, uploadFilename } from './images.service';

/** An image as a dry run shows it: one that would be created has no id and no address yet. */
type BulkImage = Omit<ImageResponse, 'id' | 'url' | 'snippets'> & {
  id: number | null;
  url: string | null;
  snippets: ImageResponse['snippets'] | null;
};

type BulkResult =
  | { index: number; status: 'created' | 'reused'; image: BulkImage }
  | {
      index: number;
      status: 'error';
      filename?: string;
      source_url?: string;
      error: { code: 'import_failed' | 'storage_failed'; message: string };
    };

/** POST /images/bulk (spec 4.7): 207 with one result per item. */
@Injectable()
export class ImagesBulkService {
  constructor(
    private readonly store: ImageStoreService,
    private readonly importer: ImageImporter,
    private readonly dryRunner: DryRunner,
  ) {}

  /**
   * A dry run (issue 25) downloads and checks every address and runs the same store inside a
   * transaction that is rolled back, with no file written: the answer is the real one, with
   * `id`, `url` and `snippets` null for an image that would be created. Issue 34 item 6: the
   * files are checked and every address downloaded first (`stage`: one at a time, each into a
   * temporary file that is gone again before the next), and only then does the short
   * transaction run, on the dry runs' own pool, replaying those downloads.
   */
  async create(site: SiteRef, input: BulkInput, dryRun = false) {
    if (!dryRun) return this.run(site, input);
    const types = await this.checkFiles(input);
    const downloads = await this.stage(input);
    const answer = await replayDownloads(downloads, () =>
      this.dryRunner.run(() => this.run(site, input, types)),
    );
    // An image the dry run created (and a later item then reused) exists nowhere.
    const created = new Set(answer.results.map((r) => r.status === 'created' && r.image.id));
    for (const r of answer.results) {
      if (r.status !== 'error' && created.has(r.image.id))
        Object.assign(r.image, { id: null, url: null, snippets: null });
    }
    return { ...answer, dry_run: true as const };
  }

  /**
   * A dry run's downloads, before its transaction: each address the run would import, in its
   * order and under the same 45 seconds, streamed to a temporary file and kept as a digest.
   */
  private async stage(input: BulkInput): Promise<StagedDownloads> {
    const downloads = new StagedDownloads();
    const deadline = Date.now() + importLimits.bulkBudgetMs;
    for (const item of input.items) {
      if (item.kind === 'file' || sourceUrlProblem(item.url)) continue;
      const timeoutMs = Math.min(importLimits.timeoutMs, deadline - Date.now());
      downloads.add(item.url, await this.importer.stage(item.url, { timeoutMs }));
    }
    return downloads;
  }

  /** Every file is checked before anything is stored; one refusal fails the whole request. */
  private async checkFiles(input: BulkInput): Promise<Map<number, ImageType>> {
    const types = new Map<number, ImageType>();
    const errors: Record<string, string[]> = {};
    for (const item of input.items) {
      if (item.kind !== 'file') continue;
      try {
        types.set(item.index, await checkUploadedFile(item.file, `files.${item.index}`));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        Object.assign(errors, (err.body as { errors: Record<string, string[]> }).errors);
      }
    }
    if (Object.keys(errors).length) throw validationError(errors, UPLOAD_REFUSED);
    return types;
  }

  /** The request: the files checked (`checked`: by the dry run, before its transaction), then stored. */
  private async run(site: SiteRef, input: BulkInput, checked?: Map<number, ImageType>) {
    const types = checked ?? (await this.checkFiles(input));
    const deadline = Date.now() + importLimits.bulkBudgetMs;
    const results: BulkResult[] = [];
    for (const item of input.items) {
      if (item.kind === 'file') {
        const type = types.get(item.index) as ImageType;
        const filename = uploadFilename(item.file, type);
        const file = { bytes: item.file.data, type, filename };
        results.push(await this.storeItem(site, input, item, file, { filename }));
        continue;
      }
      // Addresses one at a time, all sharing 45 seconds.
      const remaining = deadline - Date.now();
      let imported;
      try {
        const problem = sourceUrlProblem(item.url);
        if (problem) throw new ImportFailure(problem);
        imported = await this.importer.import(item.url, {
          timeoutMs: Math.min(importLimits.timeoutMs, remaining),
        });
      } catch (err) {
        if (!(err instanceof ImportFailure)) throw err;
        results.push({
          index: item.index,
          status: 'error',
          source_url: item.url,
          error: { code: 'import_failed', message: err.reason },
        });
        continue;
      }
      const file = { bytes: imported.bytes, type: imported.type, filename: imported.filename };
      results.push(await this.storeItem(site, input, item, file, { source_url: item.url }));
    }
    const count = (s: string) => results.filter((r) => r.status === s).length;
    return {
      results,
      meta: {
        total: results.length,
        created: count('created'),
        reused: count('reused'),
        failed: count('error'),
      },
    };
  }

  /** Stores one item's image: `created` or `reused`, or a storage error naming its `source`. */
  private async storeItem(
    site: SiteRef,
    input: BulkInput,
    item: BulkItem,
    file: { bytes: StoreRequest['bytes']; type: ImageType; filename: string },
    source: { filename: string } | { source_url: string },
  ): Promise<BulkResult> {
    try {
      const stored = await this.store.store(site, { ...file, origin: 'api', dedupe: input.dedupe });
      return {
        index: item.index,
        status: stored.reused ? 'reused' : 'created',
        image: toImageResponse(stored.image, item.altText),
      };
    } catch (err) {
      return { index: item.index, status: 'error', ...source, error: storageError(err) };
    }
  }
}

function storageError(err: unknown): { code: 'storage_failed'; message: string } {
  if (err instanceof ApiError && err.status === 500) {
    return { code: 'storage_failed', message: String(err.body.message) };
  }
  throw err;
}
