import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Logger, type INestApplication } from '@nestjs/common';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** Where `npm run openapi` writes the document, searched upward from this file (src or dist). */
export function openApiFile(from = __dirname): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'docs', 'openapi.json');
    if (existsSync(file)) return file;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The document as served (issue 36 item 9): its first server is `/`, which OpenAPI 3.1 resolves
 * against the address the document was fetched from, so "Try it out" on /docs calls the origin
 * the page came from (the edge, a load balancer, a test's port) whatever the Host, and no
 * request header is written into the answer. The generated `{api_origin}` server follows for
 * other origins.
 */
export function servedDocument(document: OpenAPIObject): OpenAPIObject {
  return {
    ...document,
    servers: [
      { url: '/', description: 'This origin: the one this document is served from' },
      ...(document.servers ?? []).filter((s) => s.url !== '/'),
    ],
  };
}

/**
 * Serves the API's OpenAPI 3.1 document (generated from the code, issue 21) at
 * `/v1/openapi.json` and `/v1/openapi.yaml`, and the reference page at `/docs` with its assets
 * (swagger-ui-dist) served from this process: nothing is loaded from another origin. Public.
 */
export function serveOpenApi(app: INestApplication, file = openApiFile()): boolean {
  if (!file) {
    new Logger('openapi').warn(
      'docs/openapi.json not found: /docs and /v1/openapi.json answer 404',
    );
    return false;
  }
  const document = servedDocument(JSON.parse(readFileSync(file, 'utf8')) as OpenAPIObject);
  SwaggerModule.setup('docs', app, document, {
    useGlobalPrefix: false,
    jsonDocumentUrl: '/v1/openapi.json',
    yamlDocumentUrl: '/v1/openapi.yaml',
    customSiteTitle: 'Help-center API reference',
  });
  return true;
}
