import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';

/** The content-api as main.ts and the tests build it: every REST path under /v1 (spec 9). */
export async function createContentApi(): Promise<INestApplication> {
  const app = await createHttpApp(AppModule);
  app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
  return app;
}
