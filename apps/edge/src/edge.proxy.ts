import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { AppName, settings } from '@hc/contracts';
import { htmlErrorPage, wantsJson } from '@hc/http';
import { routeFor } from './routes';

/**
 * Forwards each request, body untouched, to the app that owns its path, adding
 * X-Forwarded-For/-Proto/-Host so the apps see the client (they trust loopback by default).
 */
export function edgeProxy(): RequestHandler {
  const s = settings();
  const proxies = new Map<AppName, RequestHandler>();
  const proxyFor = (app: AppName) => {
    let proxy = proxies.get(app);
    if (!proxy) {
      proxy = createProxyMiddleware<Request, Response>({
        target: `http://127.0.0.1:${s.ports[app]}`,
        xfwd: true,
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
    const route = routeFor(req.path);
    if (!route) return next();
    return proxyFor(route.app)(req, res, next);
  };
}
