import { AsyncLocalStorage } from 'node:async_hooks';
import type { ImageType } from './image-type';

/**
 * What a store needs of a downloaded image once its bytes are gone: their SHA-256 and length.
 * A dry run stores no file, so this is all its transaction sees of a download.
 */
export interface ImageDigest {
  sha256: string;
  size: number;
}

/** A dry run's download, made before its transaction: an image, or the spec 4.7 reason it failed. */
export type StagedDownload =
  | { ok: true; type: ImageType; filename: string; digest: ImageDigest }
  | { ok: false; reason: string };

/**
 * The downloads of one dry run (issue 34 item 6), by address in the order they were made: the
 * same address twice in one request was downloaded twice, as the real call would.
 */
export class StagedDownloads {
  private readonly byUrl = new Map<string, StagedDownload[]>();

  add(url: string, outcome: StagedDownload): void {
    const list = this.byUrl.get(url) ?? [];
    list.push(outcome);
    this.byUrl.set(url, list);
  }

  /** The next download of `url` not yet replayed; undefined when none was made. */
  take(url: string): StagedDownload | undefined {
    return this.byUrl.get(url)?.shift();
  }
}

const replaying = new AsyncLocalStorage<StagedDownloads>();

/**
 * Runs `work` (a dry run's transaction) with `downloads` standing in for the network: every
 * import inside answers what was downloaded before, and none goes out. An address with no
 * download made is a bug of the caller; it fails rather than download inside the transaction.
 */
export function replayDownloads<T>(downloads: StagedDownloads, work: () => Promise<T>): Promise<T> {
  return replaying.run(downloads, work);
}

/** The downloads being replayed, or undefined outside a dry run's transaction. */
export function replayedDownloads(): StagedDownloads | undefined {
  return replaying.getStore();
}
