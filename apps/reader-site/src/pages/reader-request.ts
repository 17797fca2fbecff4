import { isLanguageCode } from '@hc/content';
import type { Request } from 'express';
import { settings } from '@hc/contracts';
import type { ReaderSite } from '../site/site.repository';

/** A request below `/hc/<subdomain>` taken apart: language prefix and route. */
export interface ReaderPath {
  /** The site's subdomain (`/hc/<subdomain>/…`), or null when the site is named by its domain. */
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

export function parsePath(req: Request): ReaderPath | null {
  const m = /^\/hc\/([^/]+)(\/.*)?$/.exec(req.path);
  if (!m) {
    const segments = segmentsOf(req.path);
    if (!segments) return null;
    // Production (issue #14): `{subdomain}.{HC_READER_DOMAIN}`, else a custom domain by Host.
    const host = (req.hostname ?? '').toLowerCase();
    const domain = settings().readerDomain;
    const sub = domain && host.endsWith(`.${domain}`) ? host.slice(0, -domain.length - 1) : null;
    if (sub && !sub.includes('.'))
      return { subdomain: sub, host: null, base: '', lang: null, langPrefix: '', segments };
    return { subdomain: null, host, base: '', lang: null, langPrefix: '', segments };
  }
  const segments = segmentsOf(m[2] ?? '');
  const subdomain = segmentsOf(m[1])?.[0];
  if (!segments || !subdomain) return null;
  return { subdomain, host: null, base: `/hc/${m[1]}`, lang: null, langPrefix: '', segments };
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
