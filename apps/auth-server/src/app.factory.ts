import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import { createHttpApp, RATE_LIMIT_STORE, safeJsonParser } from '@hc/http';
import { AppModule } from './app.module';
import { oauthMiddleware } from './oauth/oauth.middleware';
import { INVALID_JSON } from './oauth/registration.controller';
import { OidcService } from './oauth/oidc.service';
import { ClientsService } from './storage/clients.service';
import { pageHeaders } from './pages/headers';
import { serveStylesheet, STYLESHEET_PREFIX } from './pages/stylesheet';
import { tokenMetrics } from './oauth/token.metrics';

/**
 * The authorization server. oidc-provider parses its own request bodies, so the shared JSON
 * parser is off; this app's own routes parse theirs. No CORS headers (spec 4.13).
 */
export async function createAuthServer(): Promise<INestApplication> {
  const app = (await createHttpApp(AppModule, {
    jsonBody: false,
    cors: false,
  })) as NestExpressApplication;
  // A body that is not JSON is refused by the controller, after the per-IP counter (spec 8).
  app.use(
    '/oauth/register',
    lenientJson(() => true),
  );
  // The dashboard's connected-apps calls (issue 38); a body that is not JSON is refused as 422.
  app.use('/app/account/connections', lenientJson('application/json'));
  const headers = pageHeaders();
  app.use(STYLESHEET_PREFIX, headers, serveStylesheet);
  for (const path of ['/signin', '/consent', '/app']) {
    app.use(path, headers);
    app.use(path, express.urlencoded({ extended: false, limit: '64kb' }));
  }
  app.use('/oauth/token', tokenMetrics());
  app.use(
    oauthMiddleware(app.get(OidcService), {
      clients: app.get(ClientsService),
      store: app.get(RATE_LIMIT_STORE),
    }),
  );
  return app;
}

/** A JSON body parser whose unreadable body reaches the controller as INVALID_JSON, refused there. */
function lenientJson(type: string | (() => boolean)) {
  const parse = safeJsonParser({ limit: '64kb', type });
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (err?: unknown) => {
      if (err) (req as Request & { body: unknown }).body = INVALID_JSON;
      next();
    });
}
