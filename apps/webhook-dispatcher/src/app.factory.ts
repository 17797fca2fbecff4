import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';

/** The webhook dispatcher: health endpoints over HTTP; its work happens in the background. */
export async function createWebhookDispatcher(): Promise<INestApplication> {
  return createHttpApp(AppModule);
}
