import type { Request, Response } from 'express';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Cookies of the browser-facing pages (issue #14 "Cookies"): host-only (never a `Domain`),
 * `HttpOnly`, `SameSite=Lax`, and under https `Secure` with the prefix the browser enforces:
 * `__Host-` where the path is `/` (no other host, port or path can set or shadow it),
 * `__Secure-` where the path is narrower. Names are distinct per product (dashboard, reader,
 * oidc-provider), because on one machine the reader port and the platform port share cookies.
 */
export function cookieName(base: string, secure: boolean, path = '/'): string {
  if (!secure) return base;
  return path === '/' ? `__Host-${base}` : `__Secure-${base}`;
}

/** The request's cookies; the first of a repeated name wins; malformed values are skipped. */
export function readCookies(req: Request): Record<string, string> {
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

/** Reads the cookie `base` under the name `cookieName` gives for this request. */
export function readCookie(req: Request, base: string, path = '/'): string | null {
  return readCookies(req)[cookieName(base, req.secure, path)] ?? null;
}

/** Sets (or, with `maxAgeSeconds` 0, clears) the cookie `base` with the attributes above. */
export function writeCookie(
  req: Request,
  res: Response,
  base: string,
  value: string,
  options: { path?: string; maxAgeSeconds: number | null },
): void {
  const path = options.path ?? '/';
  const parts = [
    `${cookieName(base, req.secure, path)}=${encodeURIComponent(value)}`,
    `Path=${path}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds !== null) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (req.secure) parts.push('Secure');
  res.append('Set-Cookie', parts.join('; '));
}

/** A fresh random token (256 bits, base64url). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of a submitted token with the expected one. */
export function sameToken(given: unknown, expected: string | null | undefined): boolean {
  if (typeof given !== 'string' || !expected) return false;
  // Hash both so the comparison is constant time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
