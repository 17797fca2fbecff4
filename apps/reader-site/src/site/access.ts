import { BlockList, isIP } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'hc_session';
export const VISITOR_COOKIE = 'hc_vid';

/** Crawlers, link previews, headless browsers and HTTP libraries do not count as readers. */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pingdom|monitor|curl\/|wget\/|python-|httpclient|java\/|go-http-client|okhttp|axios|node-fetch|undici|^node$|libwww|scrapy|phantomjs/i;

export function isBot(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || BOT.test(ua);
}

export function cookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    try {
      out[name] ??= decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      /* a malformed cookie is ignored */
    }
  }
  return out;
}

export function setCookie(
  req: Request,
  res: Response,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number | null },
): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds !== null) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (req.secure) parts.push('Secure');
  res.append('Set-Cookie', parts.join('; '));
}

/**
 * The reader's key for "one view per reader per article per day": the visitor cookie, set on the
 * first visit. Without one yet, the id is derived from IP and user agent, and that same id is
 * what the cookie then holds, so a first and a second request of a new reader count once.
 */
export function readerKey(req: Request, res: Response): string {
  const existing = cookies(req)[VISITOR_COOKIE];
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
