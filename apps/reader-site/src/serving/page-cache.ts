import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { settings } from '@hc/contracts';
import { forwardedHost } from '@hc/http';
import type { Admitted } from '../site/gate.service';
import type { ReaderSite } from '../data/site.repository';

/**
 * Render once, serve many (issue #28). A public page an anonymous reader asks for is the same
 * for every anonymous reader: it carries no CSRF token (their forms are checked by origin,
 * `validForm`), sets no cookie (views are counted by the page's beacon) and its CSP nonce is the
 * entry's. Such a page is kept per site, address (scheme, host, path and query, so language and
 * page are in it) and the versions it was rendered under: the site's reader-page version (moved
 * after every committed write that changes what a page shows, `touchReaderPages`) and the site's
 * own settings. A changed version is a miss, so a write shows on the next request, on every
 * replica (the version is read with the site on each request, or kept in memory while the
 * replica is subscribed to the announcements of its changes, `SiteDirectory`).
 *
 * Nothing else is kept or shared: signed-in and password readers, private and password sites,
 * previews, share-token and member-only articles, search, forms posted back and error pages are
 * rendered for their request and answered `private, no-store` as before.
 */
export interface CachedPage {
  /** The version and settings the page was rendered under. */
  stamp: string;
  status: number;
  html: string;
  /** Null for documents that are not HTML pages (agent documents: no script, no policy). */
  csp: string | null;
  etag: string;
  /** The media type (`text/html` for pages). */
  type?: string;
  expires: number;
}

/**
 * The query parameters some kept page reads (issue 34): every other parameter is left out of
 * the cache key, so `?x=<random>` is the same entry, not a miss that renders again.
 */
export const PAGE_QUERY_PARAMETERS = ['comment', 'rated', 'reply_to', 'sent', 'token'] as const;

const stamps = new WeakMap<ReaderSite, string>();

/**
 * The site's reader-page version and a digest of its settings (name, languages, visibility…),
 * computed once per site row read (a row kept in memory, `SiteDirectory`, is digested once).
 */
export function siteStamp(site: ReaderSite): string {
  let stamp = stamps.get(site);
  if (stamp === undefined) {
    const digest = createHash('sha1').update(JSON.stringify(site)).digest('base64url');
    stamp = `${site.pagesVersion}.${digest}`;
    stamps.set(site, stamp);
  }
  return stamp;
}

/** Whether a page may be one shared by every reader: anonymous, public site, a read, no preview. */
export function shareable(req: Request, admitted: Admitted, preview: boolean): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !preview &&
    admitted.session === null &&
    admitted.site.visibility === 'public'
  );
}

export function strongEtag(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

/** `If-None-Match` names this entity tag (or `*`). */
export function matches(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === etag);
}

/**
 * The cache headers of a shared page: browsers revalidate every time (`max-age=0`, answered 304
 * while it is unchanged); a CDN may keep it `s-maxage` seconds and serve it while refetching as
 * long again. A site with an IP allow-list is never for a CDN (it would serve any address).
 */
export function sharedCacheControl(site: ReaderSite): string {
  if (site.ipAllowlist.length > 0) return 'private, no-cache';
  const ttl = Math.max(1, Math.round(settings().values.HC_READER_CACHE_TTL / 1000));
  return `public, max-age=0, must-revalidate, s-maxage=${ttl}, stale-while-revalidate=${ttl}`;
}

/**
 * Sends a shared page: its entity tag, cache headers, the CDN purge tag, and 304 when the reader
 * already holds it. Never with a cookie: should anything have set one, the page goes out
 * `private, no-store` instead and is not kept (returns false).
 */
export function sendShared(
  req: Request,
  res: Response,
  site: ReaderSite,
  page: Pick<CachedPage, 'status' | 'html' | 'csp' | 'etag' | 'type'>,
): boolean {
  const type = page.type ?? 'html';
  if (page.csp !== null) res.setHeader('Content-Security-Policy', page.csp);
  if (res.getHeader('Set-Cookie') !== undefined) {
    res.status(page.status).type(type).setHeader('Cache-Control', 'private, no-store');
    res.send(page.html);
    return false;
  }
  res.setHeader('ETag', page.etag);
  res.setHeader('Cache-Control', sharedCacheControl(site));
  // docs/caching.md: a CDN purges a site's pages by this tag.
  res.setHeader('Cache-Tag', `hc-site-${site.uuid}`);
  res.setHeader('Surrogate-Key', `hc-site-${site.uuid}`);
  if (page.status === 200 && matches(req, page.etag)) {
    res.status(304).end();
    return true;
  }
  res.status(page.status).type(type);
  res.send(page.html);
  return true;
}

/** What an entry costs in memory, roughly: its text twice (UTF-16) plus its key. */
const entryBytes = (key: string, entry: Pick<CachedPage, 'html'>) =>
  2 * (key.length + entry.html.length) + 256;

/**
 * The rendered shared pages of this process: least recently used out first, a bounded age, at
 * most `HC_READER_CACHE_ENTRIES` entries and `HC_READER_CACHE_MB` megabytes (issue 34:
 * llms-full.txt alone runs to megabytes). An entry larger than an eighth of the budget is not
 * kept.
 */
@Injectable()
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytesUsed = 0;

  private get capacity(): number {
    return settings().values.HC_READER_CACHE_ENTRIES;
  }

  private get byteBudget(): number {
    return settings().values.HC_READER_CACHE_MB * 1024 * 1024;
  }

  /**
   * Site, scheme, host, path and the query parameters pages read (`PAGE_QUERY_PARAMETERS`):
   * what a rendered shared page depends on besides versions.
   */
  key(req: Request, site: ReaderSite): string {
    const query = new URLSearchParams();
    for (const name of PAGE_QUERY_PARAMETERS) {
      const value = req.query[name];
      if (typeof value === 'string') query.set(name, value);
    }
    const search = query.size ? `?${query}` : '';
    return `${site.id} ${req.protocol}://${forwardedHost(req)}${req.path}${search}`;
  }

  get(key: string, stamp: string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.drop(key);
    if (entry.stamp !== stamp || entry.expires <= Date.now()) return null;
    this.add(key, entry);
    return entry;
  }

  put(key: string, entry: Omit<CachedPage, 'expires'>): void {
    this.drop(key);
    if (this.capacity === 0 || entryBytes(key, entry) * 8 > this.byteBudget) return;
    this.add(key, { ...entry, expires: Date.now() + settings().values.HC_READER_CACHE_TTL });
    while (this.entries.size > this.capacity || this.bytesUsed > this.byteBudget)
      this.drop(this.entries.keys().next().value as string);
  }

  private add(key: string, entry: CachedPage): void {
    this.entries.set(key, entry);
    this.bytesUsed += entryBytes(key, entry);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytesUsed -= entryBytes(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The estimated memory the kept entries take. */
  get bytes(): number {
    return this.bytesUsed;
  }
}
