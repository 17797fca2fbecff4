import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { settings } from '@hc/contracts';
import { forceHttps, nestLogger, parseTrustProxy, requestLogging } from '@hc/http';
import { AppModule } from './app.module';
import { edgeProxy } from './edge.proxy';

export async function createEdge(): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(nestLogger());
  app.set('trust proxy', parseTrustProxy(settings().trustProxy));
  app.disable('x-powered-by');
  app.use(requestLogging());
  if (settings().forceHttps) app.use(forceHttps());
  app.use(edgeProxy());
  return app;
}
