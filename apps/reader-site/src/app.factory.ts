import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { urlencoded } from 'express';
import { createHttpApp, knownPlatformHost } from '@hc/http';
import { AppModule } from './app.module';
import { SiteDirectory } from './data/site-directory';
import { readerHeaders } from './http/headers';

/** The reader site (`/hc/{subdomain}/…`): server-rendered pages and their HTML forms. */
export async function createReaderSite(): Promise<INestApplication> {
  const app = await createHttpApp(AppModule, {
    cors: false,
    // The HTTPS redirect (HC_FORCE_HTTPS) also goes to sites' own domains, and nowhere else.
    knownHost: (nest) => (host) =>
      knownPlatformHost(host) || nest.get(SiteDirectory).knowsDomain(host),
  });
  (app as NestExpressApplication).use(readerHeaders());
  // The forms post `application/x-www-form-urlencoded`; nothing a reader sends is large.
  (app as NestExpressApplication).use(urlencoded({ extended: false, limit: '64kb' }));
  return app;
}
