import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { static as serveStatic } from 'express';
import helmet from 'helmet';
import { settings, type Settings } from '@hc/contracts';

/** Where the app is mounted on the platform origin (the edge routes /app/* here). */
export const BASE = '/app';

/**
 * The built app (`npm run build` writes it with Vite): beside the compiled server in dist/, or
 * dist/ of the workspace when the server runs from source (tests). Null when not built.
 */
export function webRoot(): string | null {
  const candidates = [
    path.resolve(__dirname, '../../web'),
    path.resolve(__dirname, '../../../../dist/apps/dashboard/web'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

const origin = (url: string) => new URL(url).origin;

/**
 * The pages' policy (issue 37 "Trust"): scripts only from the app's own files (no inline
 * script, no eval), images from this origin and the product's image origins (local storage
 * under HC_API_BASE_URL, or the S3 public URL), frames only from the allowed video hosts
 * (HC_EMBED_HOSTS) and the reader origin (the design editor's draft preview), never framed
 * itself. Styles may be inline: the component library sets
 * element styles and its theme variables at run time, which no script can abuse.
 */
export function contentSecurityPolicy(s: Settings = settings()): Record<string, string[]> {
  const images = new Set(["'self'", 'data:', 'blob:', origin(s.apiBaseUrl)]);
  if (s.imageStorage.driver === 's3') images.add(origin(s.imageStorage.publicUrl));
  const frames = s.embedHosts.map((host) => `https://${host}`);
  // The design editor frames the draft preview (issue 39), which is only ever on a site's
  // reader address (`readerSiteUrl`): the reader origin, or every site's subdomain of it.
  const reader = new URL(s.readerUrl);
  frames.push(s.readerDomain ? `${reader.protocol}//*.${s.readerDomain}` : reader.origin);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [...images],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': frames,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The app's files: `/app/assets/*` (fingerprinted by the build: cached for a year, immutable),
 * every other GET of `/app/*` the app's HTML (its router picks the screen; never cached, so a
 * deploy reaches every tab on its next navigation). Anything else falls through (404).
 */
export function dashboardFiles(builtRoot: () => string | null = webRoot): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy() },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
  let assets: RequestHandler | null = null;
  let root: string | null = null;
  return (req: Request, res: Response, next: NextFunction) => {
    const p = req.path;
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !(p === BASE || p.startsWith(`${BASE}/`))
    )
      return next();
    root ??= builtRoot();
    if (!root) return next();
    const dir = root;
    headers(req, res, () => {
      if (p.startsWith(`${BASE}/assets/`)) {
        assets ??= serveStatic(path.join(dir, 'assets'), {
          immutable: true,
          maxAge: '365d',
          index: false,
          fallthrough: false,
          redirect: false,
        });
        req.url = req.url.slice(`${BASE}/assets`.length);
        return assets(req, res, (err?: unknown) => {
          if (err) res.status(404).type('text/plain').send('Not found');
        });
      }
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').sendFile(path.join(dir, 'index.html'), {
        cacheControl: false,
        lastModified: false,
        etag: false,
      });
    });
  };
}
