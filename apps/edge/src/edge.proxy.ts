import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { AppName, settings } from '@hc/contracts';
import { forwardedAsJudged, htmlErrorPage, wantsJson } from '@hc/http';
import { EDGE_ROUTES, READER_ROUTES, routeFor } from './routes';

/**
 * Forwards each request (by the port it came in on: platform or reader origin), body untouched,
 * to the app that owns its path, with X-Forwarded-For/-Proto/-Host as the edge judged them under
 * HC_TRUST_PROXY, never a client's own (issue #15), so the apps see the client (they trust
 * loopback by default), and X-Request-Id: the edge's own request id (a client's is
 * believed only from a trusted proxy).
 */
export function edgeProxy(): RequestHandler {
  const s = settings();
  const proxies = new Map<AppName, RequestHandler>();
  const proxyFor = (app: AppName) => {
    let proxy = proxies.get(app);
    if (!proxy) {
      proxy = createProxyMiddleware<Request, Response>({
        target: `http://127.0.0.1:${s.ports[app]}`,
        // Forwarded headers as judged under HC_TRUST_PROXY, never a client's own (issue #15).
        xfwd: false,
        changeOrigin: false,
        proxyTimeout: 120_000,
        on: {
          error: (_err, req, res) => {
            const out = res as Response;
            if (out.headersSent) return out.end();
            const body = { message: `The ${app} service is not answering.` };
            if (wantsJson(req as Request)) out.status(502).json(body);
            else out.status(502).type('html').send(htmlErrorPage(502));
          },
        },
      }) as RequestHandler;
      proxies.set(app, proxy);
    }
    return proxy;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const onReaderPort = req.socket.localPort === s.readerPort;
    const route = routeFor(req.path, onReaderPort ? READER_ROUTES : EDGE_ROUTES);
    if (route) {
      // Issue 18: the app logs this request under the edge's request id (apps trust loopback).
      req.headers['x-request-id'] = String(req.id);
      res.locals.route = route.describe;
      forwardedAsJudged(req);
      return proxyFor(route.app)(req, res, next);
    }
    // The reader port serves reader pages and nothing else (not even the edge's health).
    if (onReaderPort) return void res.status(404).type('html').send(htmlErrorPage(404));
    return next();
  };
}
