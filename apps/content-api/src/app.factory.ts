import type { INestApplication } from '@nestjs/common';
import { createHttpApp, serveOpenApi } from '@hc/http';
import { AppModule } from './app.module';

/**
 * The content-api as main.ts and the tests build it: every REST path under /v1 (spec 9), plus
 * /v1/openapi.json, /v1/openapi.yaml and the /docs reference page.
 */
export async function createContentApi(): Promise<INestApplication> {
  // Upload URLs (spec 4.7) check their signature before reading their multipart body.
  const app = await createHttpApp(AppModule, {
    signedBodyPaths: /^\/v1\/images\/uploads\/[^/]+$/,
    // mcp-gateway's calls with HC_INTERNAL_TOKEN count under the agent's address (issue 36).
    internalCallers: true,
  });
  app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
  // The whole API's document (content and design) and its reference page: issue 21.
  serveOpenApi(app);
  return app;
}
