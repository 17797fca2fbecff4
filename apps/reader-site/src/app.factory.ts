import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { urlencoded } from 'express';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';
import { readerHeaders } from './site/headers';

/** The reader site (`/hc/{subdomain}/…`): server-rendered pages and their HTML forms. */
export async function createReaderSite(): Promise<INestApplication> {
  const app = await createHttpApp(AppModule, { cors: false });
  (app as NestExpressApplication).use(readerHeaders());
  // The forms post `application/x-www-form-urlencoded`; nothing a reader sends is large.
  (app as NestExpressApplication).use(urlencoded({ extended: false, limit: '64kb' }));
  return app;
}
