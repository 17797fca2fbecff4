import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Where the pages' stylesheet is served (under /signin, which the edge routes here). */
export const STYLESHEET_PREFIX = '/signin/assets';

let cached: { href: string; name: string; css: string } | null = null;

/**
 * The sign-in, consent and account pages' stylesheet (pages.css, the dashboard's look), named by
 * its content hash so it is cached for a year and a new release is fetched at once.
 */
export function stylesheet(): { href: string; name: string; css: string } {
  if (!cached) {
    const css = readFileSync(path.join(__dirname, 'pages.css'), 'utf8');
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);
    const name = `pages-${hash}.css`;
    cached = { href: `${STYLESHEET_PREFIX}/${name}`, name, css };
  }
  return cached;
}

/** GET /signin/assets/<name> (mounted at STYLESHEET_PREFIX): the stylesheet under its current name, else 404. */
export function serveStylesheet(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const sheet = stylesheet();
  if (req.path !== `/${sheet.name}`) {
    res.status(404).type('text/plain').send('Not found');
    return;
  }
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.type('text/css').send(sheet.css);
}
