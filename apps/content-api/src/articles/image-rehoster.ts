import type { SiteContext } from '@hc/auth';

/** Spec 2.3 rule 5: the `images` block of a write that asked for `rehost_images`. */
export interface RehostSummary {
  rehosted: number;
  reused: number;
  failed: { src: string; reason: string }[];
  failed_count: number;
}

/**
 * Copies images of article HTML that point to other sites (or are `data:` URLs) into the site's
 * storage, up to 25 per article (all languages together), and returns the HTML with the new
 * addresses; an image that cannot be copied keeps its address. Provided by the
 * images domain; articles only call it.
 */
export interface ImageRehoster {
  rehost(
    site: SiteContext,
    contentByLanguage: Record<string, string>,
  ): Promise<{ content: Record<string, string>; summary: RehostSummary }>;
  /**
   * Dry runs (issue 34 item 6): downloads now, before any transaction, what `rehost` of this
   * content would download; `replay` then runs `work` with `rehost` answering from those
   * downloads, fetching nothing.
   */
  stage(contentByLanguage: Record<string, string>): Promise<StagedImages>;
  replay<T>(staged: StagedImages, work: () => Promise<T>): Promise<T>;
}

/** What `ImageRehoster.stage` downloaded: opaque to articles. */
export type StagedImages = { readonly staged: unique symbol };

export const IMAGE_REHOSTER = Symbol('IMAGE_REHOSTER');

export const EMPTY_SUMMARY: RehostSummary = { rehosted: 0, reused: 0, failed: [], failed_count: 0 };
