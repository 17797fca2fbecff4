import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { settings } from '@hc/contracts';
import { sameToken } from './cookies';
import type { ApiScope, Role } from '@hc/contracts';

/**
 * The dashboard session (issue 37), the third credential kind: the cookie auth-server's sign-in
 * sets (`__Host-hc_dashboard` under https), valid only on a same-origin request that carries the
 * session's own anti-CSRF token in this header, reads included.
 */
export const DASHBOARD_COOKIE = 'hc_dashboard';
export const CSRF_HEADER = 'x-csrf-token';
/** How long a session lasts after sign-in (auth-server opens it). */
export const DASHBOARD_SESSION_SECONDS = 12 * 3600;

/** The session row's key: the cookie's SHA-256, so a database read yields no usable cookie. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The origins the sign-in, consent and dashboard pages (and the dashboard's API calls) come from. */
export function platformOrigins(): string[] {
  const s = settings();
  return [...new Set([s.authUrl, s.dashboardUrl, s.publicUrl].map((u) => new URL(u).origin))];
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a request carrying the session cookie comes from the dashboard's own pages: a browser's
 * `Sec-Fetch-Site`, when sent, says `same-origin`, and its `Origin`, when sent, is exactly a
 * platform origin of the settings (a page on the reader origin, a sibling subdomain or anywhere
 * else is refused even if it could make the browser send the cookie).
 */
export function sameOriginRequest(req: Request): boolean {
  const fetchSite = header(req, 'sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = header(req, 'origin');
  return origin === undefined || platformOrigins().includes(origin);
}

/**
 * Whether a request may use a dashboard session whose anti-CSRF token is `csrfToken`: from the
 * dashboard's own pages (`sameOriginRequest`) and carrying that token in `X-CSRF-Token`, compared
 * in constant time. The credential guard and auth-server's JSON account routes (connected apps,
 * issue 38) both ask this.
 */
export function sessionRequestAllowed(req: Request, csrfToken: string, csrf = true): boolean {
  return sameOriginRequest(req) && (!csrf || sameToken(header(req, CSRF_HEADER), csrfToken));
}

/**
 * Issue 37's role table as scopes; the person's role is read again on every request. Design
 * scopes are held by every role so the per-design check answers `design_forbidden` (spec 5.2);
 * team notes need the membership's notes access besides (spec 4.9); a Translator's
 * `content.write` reaches only the routes and fields of `@TranslatorMay()`.
 */
export function sessionScopes(role: Role): ApiScope[] {
  const scopes: ApiScope[] = [
    'content.read',
    'analytics.read',
    'notes.read',
    'design.read',
    'design.write',
  ];
  if (role === 'viewer') return scopes;
  scopes.push('content.write', 'notes.write');
  if (role === 'owner' || role === 'admin') scopes.push('webhooks.manage');
  return scopes;
}
