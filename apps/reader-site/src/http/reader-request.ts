import { isLanguageCode } from '@hc/content';
import type { Request } from 'express';
import { settings } from '@hc/contracts';
import { knownPlatformHost, readerSubdomainOf, requestHost } from '@hc/http';
import type { ReaderSite } from '../data/site.repository';

/** A request below `/hc/<subdomain>` taken apart: language prefix and route. */
export interface ReaderPath {
  /** The site's subdomain (`/hc/<subdomain>/…` or `<subdomain>.{HC_READER_DOMAIN}`), or null. */
  subdomain: string | null;
  /** The Host a site domain is served on (production: `deploy/` routes site domains here). */
  host: string | null;
  /** `/hc/<subdomain>`, or `''` on a site's own domain. */
  base: string;
  /** The language of the page; null when the prefix names a language the site lacks. */
  lang: string | null;
  langPrefix: string;
  /** Segments after the language prefix. */
  segments: string[];
}

function segmentsOf(path: string): string[] | null {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * Which site a request names, and the path below it (issue 34: one origin per tenant).
 *
 * - `HC_READER_DOMAIN` set (production): only by the request's own host (`requestHost`: `Host`,
 *   or `X-Forwarded-Host` from a proxy `HC_TRUST_PROXY` names): `{subdomain}.{HC_READER_DOMAIN}`,
 *   else a site's own domain. `/hc/…` is an ordinary path there (the site's 404), and the
 *   platform's hosts name no site at all.
 * - Unset (one machine): only `/hc/{subdomain}/…`, on the one reader origin every site shares.
 */
export function parsePath(req: Request): ReaderPath | null {
  if (settings().readerDomain) {
    const segments = segmentsOf(req.path);
    const host = requestHost(req);
    const subdomain = readerSubdomainOf(host);
    if (!segments || !host || (subdomain === null && !ownDomainCandidate(host))) return null;
    return {
      subdomain,
      host: subdomain === null ? host : null,
      base: '',
      lang: null,
      langPrefix: '',
      segments,
    };
  }
  const m = /^\/hc\/([^/]+)(\/.*)?$/.exec(req.path);
  if (!m) return null;
  const segments = segmentsOf(m[2] ?? '');
  const subdomain = segmentsOf(m[1])?.[0];
  if (!segments || !subdomain) return null;
  return { subdomain, host: null, base: `/hc/${m[1]}`, lang: null, langPrefix: '', segments };
}

/**
 * Whether a host may be a site's own domain: not one of the platform's hosts, and not the reader
 * domain or a deeper name below it (those are no site's).
 */
function ownDomainCandidate(host: string): boolean {
  const domain = settings().readerDomain!;
  return !knownPlatformHost(host) && host !== domain && !host.endsWith(`.${domain}`);
}

/** Settles the language: a leading segment that is a language code picks it. */
export function withLanguage(path: ReaderPath, site: ReaderSite): ReaderPath {
  const first = path.segments[0];
  const languages = [site.defaultLanguage, ...site.languages];
  if (first !== undefined && isLanguageCode(first)) {
    const known = languages.includes(first);
    return {
      ...path,
      lang: known ? first : null,
      langPrefix: known && first !== site.defaultLanguage ? `/${first}` : '',
      segments: path.segments.slice(1),
    };
  }
  return { ...path, lang: site.defaultLanguage };
}

/** `12-how-to-reset` or `12` → 12. */
export function refId(ref: string | undefined): number | null {
  const m = /^(\d{1,10})(?:-|$)/.exec(ref ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 && id <= 4_294_967_295 ? id : null;
}

export function queryString(req: Request, name: string): string | null {
  const v = req.query[name];
  return typeof v === 'string' ? v : null;
}

export function bodyString(req: Request, name: string): string | null {
  const body = req.body as Record<string, unknown> | undefined;
  const v = body?.[name];
  return typeof v === 'string' ? v : null;
}
