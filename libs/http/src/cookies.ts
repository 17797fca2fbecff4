import type { Request } from 'express';
import { forwardedHost } from './forwarded';

// The cookie primitives live in @hc/auth (the credential guard reads the dashboard session with
// them, issue 37); the browser-facing apps keep importing them from here.
export { cookieName, randomToken, readCookie, readCookies, sameToken, writeCookie } from '@hc/auth';

/**
 * Whether a state-changing form post comes from one of `origins` (issue #14): browsers send
 * `Origin` on every POST, so a form on the reader origin, a sibling subdomain or another site
 * posting here is refused even when it managed to plant a cookie. No `Origin` (old browsers,
 * non-browser clients) falls back to the CSRF token alone.
 */
export function fromOrigin(req: Request, origins: string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origins.includes(origin)) return true;
  // The page's own host (`null` and anything unparsable are refused). The scheme is not
  // compared: behind a proxy whose X-Forwarded-Proto is not trusted it would refuse every form.
  try {
    // The host the request is for as judged (`forwardedHost`), as reader-site picks its site.
    return new URL(origin).host === forwardedHost(req).toLowerCase();
  } catch {
    return false;
  }
}
