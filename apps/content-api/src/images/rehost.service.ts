import { Inject, Injectable } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { ImageImporter, ImportFailure } from './image-importer';
import {
  importLimits,
  importReasons,
  MAX_IMAGE_BYTES,
  REHOST_MAX_PER_ARTICLE,
} from './image-rules';
import { ImageStoreService, type SiteRef } from './image-store.service';
import { detectImageType } from './image-type';
import { StagedDownloads } from './staged-downloads';
import { IMAGE_STORAGE, type ImageStorage } from './storage/image-storage';

/** Spec 2.3 rule 5: the `images` object of an article write with `rehost_images`. */
export interface RehostSummary {
  rehosted: number;
  reused: number;
  failed: { src: string; reason: string }[];
  failed_count: number;
}

export const REHOST_LIMIT_REASON = `only the first ${REHOST_MAX_PER_ARTICLE} images of an article are copied`;
const DATA_SRC_SHOWN = 64;

const IMG_TAG = /<img\b[^>]*>/gi;
const SRC_ATTR = /(\ssrc\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|#39);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'quot') return '"';
    if (k === 'apos' || k === '#39') return "'";
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The `src` values of every `<img>` in document order (entity-decoded). */
export function imageSources(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(IMG_TAG) ?? []) {
    const m = SRC_ATTR.exec(tag);
    if (m) out.push(decodeEntities((m[2] ?? m[3] ?? m[4] ?? '').trim()));
  }
  return out;
}

/** Replaces `src` values per `mapping` (decoded src → new URL), leaving the rest of the HTML as sent. */
export function rewriteSources(html: string, mapping: ReadonlyMap<string, string>): string {
  if (!mapping.size) return html;
  return html.replace(IMG_TAG, (tag) =>
    tag.replace(SRC_ATTR, (whole, prefix: string, dq?: string, sq?: string, bare?: string) => {
      const src = decodeEntities((dq ?? sq ?? bare ?? '').trim());
      const next = mapping.get(src);
      return next === undefined ? whole : `${prefix}"${escapeAttribute(next)}"`;
    }),
  );
}

function decodeDataUrl(src: string): Buffer | null {
  const m = /^data:([^,]*?),(.*)$/is.exec(src);
  if (!m) return null;
  const isBase64 = /;base64$/i.test(m[1]);
  try {
    return isBase64
      ? Buffer.from(m[2].replace(/\s+/g, ''), 'base64')
      : Buffer.from(decodeURIComponent(m[2]), 'latin1');
  } catch {
    return null;
  }
}

function shownSrc(src: string): string {
  return /^data:/i.test(src) && src.length > DATA_SRC_SHOWN
    ? `${src.slice(0, DATA_SRC_SHOWN)}…`
    : src;
}

/**
 * `rehost_images` (spec 2.3 rule 5): copies images that point to other sites or are `data:`
 * URLs into the site's storage, up to 25 per article, and rewrites their `src`. An image that
 * cannot be copied keeps its address and is listed in `failed`. Downloads go through the
 * SSRF-safe fetcher (http or https, 15 s and 10 MB each, 45 s per article in all).
 */
@Injectable()
export class RehostService {
  constructor(
    private readonly store: ImageStoreService,
    private readonly importer: ImageImporter,
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
  ) {}

  /** One HTML document (one language's content). */
  async rehost(site: SiteRef, html: string): Promise<{ html: string; summary: RehostSummary }> {
    const { content, summary } = await this.rehostContent(site, { html });
    return { html: content.html, summary };
  }

  /**
   * Every language of an article's content at once: the 25-image limit, the time budget and the
   * summary cover the article, and the same image in several languages is copied once.
   */
  async rehostContent(
    site: SiteRef,
    content: Record<string, string>,
  ): Promise<{ content: Record<string, string>; summary: RehostSummary }> {
    const candidates = this.candidates(content);
    const summary: RehostSummary = { rehosted: 0, reused: 0, failed: [], failed_count: 0 };
    const mapping = new Map<string, string>();
    const deadline = Date.now() + importLimits.bulkBudgetMs;
    for (const [i, src] of candidates.entries()) {
      if (i >= REHOST_MAX_PER_ARTICLE) {
        summary.failed.push({ src: shownSrc(src), reason: REHOST_LIMIT_REASON });
        continue;
      }
      try {
        const { bytes, type, filename } = await this.fetch(src, deadline - Date.now());
        const stored = await this.store.store(site, {
          bytes,
          type,
          filename,
          origin: 'rehost',
          dedupe: true,
        });
        if (stored.reused) summary.reused++;
        else summary.rehosted++;
        mapping.set(src, stored.image.url);
      } catch (err) {
        if (err instanceof ImportFailure)
          summary.failed.push({ src: shownSrc(src), reason: err.reason });
        else
          summary.failed.push({
            src: shownSrc(src),
            reason: 'The image could not be stored. Please try again.',
          });
      }
    }
    summary.failed_count = summary.failed.length;
    const out: Record<string, string> = {};
    for (const [lang, html] of Object.entries(content))
      out[lang] = html ? rewriteSources(html, mapping) : html;
    return { content: out, summary };
  }

  /**
   * A dry run's downloads for `rehostContent(site, content)` (issue 34 item 6), made before its
   * transaction: the addresses it would fetch, in its order, under the article's 45 seconds,
   * each streamed to a temporary file and kept as a digest. `data:` URLs are no download: they
   * are read from the request as before.
   */
  async stage(content: Record<string, string>): Promise<StagedDownloads> {
    const downloads = new StagedDownloads();
    const deadline = Date.now() + importLimits.bulkBudgetMs;
    for (const src of this.candidates(content).slice(0, REHOST_MAX_PER_ARTICLE)) {
      if (/^data:/i.test(src)) continue;
      const url = src.startsWith('//') ? `https:${src}` : src;
      const timeoutMs = Math.min(importLimits.timeoutMs, deadline - Date.now());
      downloads.add(url, await this.importer.stage(url, { timeoutMs, requireHttps: false }));
    }
    return downloads;
  }

  /** The images of `content` to copy, each once, in document order (all languages). */
  private candidates(content: Record<string, string>): string[] {
    const candidates: string[] = [];
    for (const html of Object.values(content)) {
      for (const src of imageSources(html ?? '')) {
        if (this.isCandidate(src) && !candidates.includes(src)) candidates.push(src);
      }
    }
    return candidates;
  }

  /** `data:` URLs and absolute (or protocol-relative) http(s) addresses on other hosts. */
  private isCandidate(src: string): boolean {
    if (/^data:/i.test(src)) return true;
    const absolute = src.startsWith('//') ? `https:${src}` : src;
    let url: URL;
    try {
      url = new URL(absolute);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (this.storage.owns(absolute)) return false;
    return url.origin !== settings().apiOrigin;
  }

  private async fetch(src: string, remainingMs: number) {
    if (/^data:/i.test(src)) {
      const bytes = decodeDataUrl(src);
      if (!bytes || bytes.length === 0) throw new ImportFailure(importReasons.notImage);
      if (bytes.length > MAX_IMAGE_BYTES) throw new ImportFailure(importReasons.tooLarge);
      const type = await detectImageType(bytes);
      if (!type) throw new ImportFailure(importReasons.notImage);
      return { bytes, type, filename: `image.${type.ext}` };
    }
    const url = src.startsWith('//') ? `https:${src}` : src;
    return this.importer.import(url, {
      timeoutMs: Math.min(importLimits.timeoutMs, remainingMs),
      requireHttps: false,
    });
  }
}
