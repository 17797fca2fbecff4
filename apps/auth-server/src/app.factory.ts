import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';

/** The authorization server; oidc-provider parses its own request bodies. */
export async function createAuthServer(): Promise<INestApplication> {
  return createHttpApp(AppModule, { jsonBody: false });
}
