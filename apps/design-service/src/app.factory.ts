import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';

/** The design API (`/v1/template*`): strings are stored as sent, never trimmed (spec 4.12). */
export async function createDesignService(): Promise<INestApplication> {
  const app = await createHttpApp(AppModule, { trimStrings: false });
  app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
  return app;
}
