import { BlockList, isIP } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { fromOrigin, randomToken, readCookie, sameToken, writeCookie } from '@hc/http';

/** Distinct from the dashboard's `hc_dashboard` (one machine shares cookies across ports). */
export const SESSION_COOKIE = 'hc_reader_session';
export const VISITOR_COOKIE = 'hc_vid';

/** Crawlers, link previews, headless browsers and HTTP libraries do not count as readers. */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pingdom|monitor|curl\/|wget\/|python-|httpclient|java\/|go-http-client|okhttp|axios|node-fetch|undici|^node$|libwww|scrapy|phantomjs/i;

export function isBot(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || BOT.test(ua);
}

/** A reader cookie by its base name (prefixed `__Host-`/`__Secure-` under https, issue #14). */
export function cookie(req: Request, base: string, path = '/'): string | null {
  return readCookie(req, base, path);
}

export function setCookie(
  req: Request,
  res: Response,
  base: string,
  value: string,
  options: { path: string; maxAgeSeconds: number | null },
): void {
  writeCookie(req, res, base, value, options);
}

/** The cookie the reader forms' CSRF token is the value of (double submit, `__Host-` in production). */
const FORMS_COOKIE = 'hc_reader_forms';

/**
 * The CSRF token of this browser's reader forms (issue #14): a random value in a host-only
 * cookie, echoed by every form. On its own origin per site (production) nothing else can read
 * it or, under https, plant one (`__Host-`); every post must also come from this origin.
 */
export function formToken(req: Request, res: Response): string {
  const existing = readCookie(req, FORMS_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  writeCookie(req, res, FORMS_COOKIE, token, { path: '/', maxAgeSeconds: null });
  return token;
}

/**
 * Whether a reader form post comes from this origin with this browser's token. `tokenless`: a
 * form of an anonymous reader on a page every anonymous reader shares (issue #28: it cannot hold
 * a token of one browser, and a CDN may have served it), which must then name this origin in its
 * `Origin` header (browsers send it with every POST; a page elsewhere cannot name ours) and,
 * where the browser says so, come from the same origin (`Sec-Fetch-Site`). Signed-in and
 * password readers, and the sign-in, password and sign-out forms, always need the token.
 */
export function validForm(req: Request, tokenless = false): boolean {
  const body = req.body as Record<string, unknown> | undefined;
  if (!fromOrigin(req, [])) return false;
  if (sameToken(body?.csrf, readCookie(req, FORMS_COOKIE))) return true;
  const site = req.headers['sec-fetch-site'];
  return (
    tokenless && req.headers.origin !== undefined && (site === undefined || site === 'same-origin')
  );
}

/**
 * The reader's key for "one view per reader per article per day": the visitor cookie, set on the
 * first visit. Without one yet, the id is derived from IP and user agent, and that same id is
 * what the cookie then holds, so a first and a second request of a new reader count once.
 */
export function readerKey(req: Request, res: Response): string {
  const existing = cookie(req, VISITOR_COOKIE);
  let id = existing && /^[a-f0-9]{32}$/.test(existing) ? existing : null;
  if (!id) {
    id = createHash('sha256')
      .update(`${req.ip ?? ''}|${req.headers['user-agent'] ?? ''}`)
      .digest('hex')
      .slice(0, 32);
    setCookie(req, res, VISITOR_COOKIE, id, { path: '/', maxAgeSeconds: 365 * 86_400 });
  }
  return createHash('sha256').update(id).digest('hex');
}

/** Whether the client's address is in the site's IP allow-list (CIDRs or single addresses). */
export function ipAllowed(ip: string | undefined, allowlist: string[]): boolean {
  if (allowlist.length === 0) return true;
  if (!ip) return false;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [net, prefix] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : isIP(net) === 4 ? 'ipv4' : null;
    if (!type) continue;
    if (prefix === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(prefix), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export function sameSecret(given: unknown, expected: string | null): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
