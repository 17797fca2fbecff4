import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ANONYMOUS_BODY_LIMIT, bodyTrusted, tooLargeWithoutCredential } from './body-limit';
import { forwardedHost, knownPlatformHost, requestHost } from './forwarded';
import { htmlErrorPage } from './html';
import { fromInternalCaller } from './internal-caller';
import { safeJsonParser } from './json-body';

export const BODY_LIMIT = '32mb';

/** Spec 4.1 rule 8: any origin; rate-limit headers are deliberately not exposed. */
export function cors(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader(
        'Access-Control-Allow-Headers',
        req.headers['access-control-request-headers'] ||
          'apikey, authorization, content-type, accept, x-service-site',
      );
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

/** Whether the apps answer for a host (`knownPlatformHost`, or more: reader-site's domains). */
export type KnownHost = (host: string) => boolean | Promise<boolean>;

/**
 * Spec 4.1 rule 1: a plain-HTTP request gets 301 to https (behind a trusted proxy), but only to a
 * host the apps answer for (issue 34): any other host gets a plain 404, so the redirect is never
 * a way to send a reader (or a cache) to a host of the client's choosing.
 */
export function forceHttps(known: KnownHost = knownPlatformHost): RequestHandler {
  return (req, res, next) => {
    // mcp-gateway's pod-to-pod calls (HC_INTERNAL_TOKEN) are not redirected (issue 36).
    if (req.secure || req.path.startsWith('/health/') || fromInternalCaller(req)) return next();
    void Promise.resolve(known(requestHost(req))).then(
      (ok) => {
        if (!ok) {
          res.status(404).type('html').setHeader('Cache-Control', 'private, no-store');
          return void res.send(htmlErrorPage(404));
        }
        // The host as judged (`forwardedHost`) without its port: https uses its default port.
        res.redirect(301, `https://${requestHost(req)}${req.originalUrl}`);
      },
      (err: unknown) => next(err),
    );
  };
}

/** Trims strings at both ends and turns an empty string into null, recursively (spec 2.1). */
export function trimStrings(value: unknown): unknown {
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? null : t;
  }
  if (Array.isArray(value)) return value.map(trimStrings);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = trimStrings(v);
    return out;
  }
  return value;
}

/**
 * JSON bodies only (spec 4.1 rule 4): without the JSON content type a request reads as empty.
 * Bodies over 32 MB (64 KB without a credential) get 413; hostile JSON is handled by `safeJsonParser`. `trim` is off for the
 * design endpoints (spec 4.12).
 */
export function jsonBody(opts: { trim: boolean }): RequestHandler[] {
  const type = ['application/json', 'application/*+json'];
  const trusted = safeJsonParser({ limit: BODY_LIMIT, type });
  // Issue #15: without a checked credential (`boundedBodies`), at most 64 KB is read.
  const anonymous = safeJsonParser({ limit: ANONYMOUS_BODY_LIMIT, type });
  return [
    (req, res, next) => {
      if (bodyTrusted(req)) return trusted(req, res, next);
      anonymous(req, res, (err?: unknown) => {
        const type = (err as { type?: unknown } | undefined)?.type;
        next(type === 'entity.too.large' ? tooLargeWithoutCredential() : err);
      });
    },
    (req, _res, next) => {
      if (req.body === undefined || req.body === null) req.body = {};
      else if (opts.trim && typeof req.body === 'object') req.body = trimStrings(req.body);
      next();
    },
  ];
}

/**
 * Issue #15: the forwarded headers rewritten to what Express judged under `HC_TRUST_PROXY`
 * (client address, protocol, host), so code that reads them again (oidc-provider's Koa with
 * `proxy`, the edge's upstream request) believes exactly the proxies the setting names and
 * nothing a client added itself.
 */
export function forwardedAsJudged(req: Request): void {
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = req.protocol;
  req.headers['x-forwarded-host'] = forwardedHost(req);
  delete req.headers['x-forwarded-port'];
  delete req.headers.forwarded;
}
