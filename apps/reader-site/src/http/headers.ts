import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { settings } from '@hc/contracts';

/**
 * Security headers of reader pages (issue #14, docs/security.md). Every response gets helmet's
 * headers with a policy under which no script runs at all; a design page replaces the policy
 * with `designPagePolicy`, whose only scripts are the design's (they carry the page's nonce).
 * Images, media and fonts may come from anywhere (articles embed them); frames only over https
 * (video players are filtered by host in the sanitizer; design widgets choose their own).
 */
const COMMON: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'self'"],
  'img-src': ['*', 'data:', 'blob:'],
  'media-src': ['*', 'data:', 'blob:'],
  'font-src': ['*', 'data:'],
  'style-src': ["'self'", "'unsafe-inline'", 'https:'],
  'frame-src': ["'self'", 'https:'],
  'connect-src': ["'self'", 'https:'],
};

/**
 * Forms post here; the member sign-in's answer may also redirect to auth-server's second-factor
 * page (issue 38), which `form-action` governs too.
 */
const formAction = () => ({ 'form-action': ["'self'", new URL(settings().authUrl).origin] });

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function readerHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...COMMON, ...formAction(), 'script-src': ["'none'"] },
    },
    // Reader pages are documents, not resources other origins embed.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Design scripts may open popups (chat widgets); the opener is not shared across origins.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}

/**
 * A design page's policy: scripts with this response's nonce (the design's, `strict-dynamic`
 * lets them load their own), nothing else. A site whose operator allowed unsafe HTML runs what
 * its stored HTML holds, as that switch says, still only on its own reader origin.
 */
export function designPagePolicy(nonce: string, allowUnsafeHtml: boolean): string {
  const scripts = allowUnsafeHtml
    ? ["'self'", "'unsafe-inline'", 'https:']
    : [`'nonce-${nonce}'`, "'strict-dynamic'"];
  return policy({ ...COMMON, ...formAction(), 'script-src': scripts });
}
