import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Headers of the sign-in, consent and dashboard pages (issue #14, docs/security.md): they
 * refuse to be framed (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), run no script at
 * all, take styles only from their own stylesheet, and are not sniffed. `form-action` is left out on purpose: the sign-in and consent forms
 * end in redirects to the client's `redirect_uri`, which Chromium checks against that
 * directive. Only these pages get helmet; the API keeps its spec 4.1 CORS answers and image
 * files stay embeddable (helmet's `Cross-Origin-Resource-Policy: same-origin` is never sent
 * there).
 */
export function pageHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'script-src': ["'none'"],
        // The pages' one stylesheet (stylesheet.ts), no inline style.
        'style-src': ["'self'"],
        'img-src': ["'self'"],
        'base-uri': ["'none'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    // Not `no-referrer`: under it Chromium sends `Origin: null` with the form posts, which the
    // origin check refuses. `same-origin` tells nothing to other origins.
    referrerPolicy: { policy: 'same-origin' },
  });
}
