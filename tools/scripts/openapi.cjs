#!/usr/bin/env node
// The OpenAPI 3.1 document of the REST API, generated from the code (issue 21): the controllers
// of content-api and design-service are scanned by @nestjs/swagger in Nest's preview mode (no
// providers run, so no database), and each operation's security comes from the route's own
// `@Scopes()`, `@Public()` and `@ApiKeysOnly()` metadata. Writes docs/openapi.json; with
// `--check` it only compares and exits 1 when the file is stale (CI, `npm test`).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { buildIfStale, ROOT, OUT } = require('./build.cjs');

const FILE = path.join(ROOT, 'docs/openapi.json');
/** The largest path id the IdPipe accepts (an unsigned INT). */
const MAX_ID = 4_294_967_295;

/** The apps whose controllers make the API, with the prefix each app's factory sets. */
const APPS = [
  { name: 'content-api', module: 'apps/content-api/src/app.module.js' },
  { name: 'design-service', module: 'apps/design-service/src/app.module.js' },
];

/** Spec 5.2 `scopes_supported` that guard API routes, with what each allows. */
const SCOPE_TEXT = {
  'content.read': 'Read articles, categories, images, comments and sites',
  'content.write': 'Create, change and delete content',
  'analytics.read': 'Read analytics',
  'webhooks.manage': 'Register, list and delete webhooks',
  'notes.read': 'Read team notes',
  'notes.write': 'Reply to and resolve team notes',
  'design.read': 'Read the design (template)',
  'design.write': 'Change and publish the design (template)',
};

function requireDist(file) {
  return require(path.join(OUT, file));
}

/** Operation id → the route's credential metadata, read from every controller of the app. */
function routeMetadata(app) {
  const { ModulesContainer } = require('@nestjs/core');
  const keys = requireDist('libs/auth/src/decorators.js');
  const out = new Map();
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const type = wrapper.metatype;
      if (!type || !type.prototype) continue;
      for (const method of Object.getOwnPropertyNames(type.prototype)) {
        if (method === 'constructor') continue;
        const handler = type.prototype[method];
        const read = (key) => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, type);
        out.set(`${type.name}_${method}`, {
          public: read(keys.PUBLIC_KEY) === true,
          apiKeysOnly: read(keys.API_KEYS_ONLY_KEY) === true,
          scopes: read(keys.SCOPES_KEY),
        });
      }
    }
  }
  return out;
}

/**
 * Security of one operation: none for public routes; the `apikey` header; and, unless API keys
 * only (change sets, spec 5.2), an OAuth 2 token holding the route's scopes. An explicit
 * `@ApiOAuth2([...])` on a route (guards that decide scopes themselves) wins over `@Scopes()`.
 */
function security(operation, meta) {
  if (!meta || meta.public) return [];
  const explicit = (operation.security ?? []).find((s) => s.oauth2)?.oauth2;
  const scopes = explicit ?? meta.scopes ?? [];
  const out = [{ apikey: [] }];
  if (!meta.apiKeysOnly) out.push({ oauth2: scopes });
  return out;
}

async function generate() {
  await buildIfStale({ quiet: true });
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { DocumentBuilder, SwaggerModule } = require('@nestjs/swagger');
  const { version } = require(path.join(ROOT, 'package.json'));

  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Help-center API')
    .setDescription(
      'REST API of the help-center platform: content (articles, categories, images, comments, ' +
        'notes, analytics, webhooks, staged changes) and design. Errors follow the catalog in ' +
        '`@hc/contracts` (spec 7).',
    )
    .setVersion(version)
    .addServer('{api_origin}', 'The API origin', {
      api_origin: { default: 'http://localhost:8080' },
    })
    .addApiKey({ type: 'apiKey', in: 'header', name: 'apikey' }, 'apikey')
    .addOAuth2(
      {
        type: 'oauth2',
        description: 'Authorization code with PKCE (S256) and refresh tokens (spec 5.2).',
        flows: {
          authorizationCode: {
            authorizationUrl: '/oauth/authorize',
            tokenUrl: '/oauth/token',
            refreshUrl: '/oauth/token',
            scopes: SCOPE_TEXT,
          },
        },
      },
      'oauth2',
    )
    .build();

  const doc = { ...config, paths: {}, components: { ...config.components, schemas: {} } };
  for (const entry of APPS) {
    const { AppModule } = requireDist(entry.module);
    const app = await NestFactory.create(AppModule, { preview: true, logger: false });
    app.setGlobalPrefix('v1', { exclude: ['health/live', 'health/ready', 'metrics'] });
    const part = SwaggerModule.createDocument(app, config);
    const meta = routeMetadata(app);
    await app.close();
    for (const [route, item] of Object.entries(part.paths)) {
      // Per-service probes and metrics, not the API.
      if (route.startsWith('/health/') || route === '/metrics') continue;
      for (const operation of Object.values(item)) {
        operation.security = security(operation, meta.get(operation.operationId));
        for (const param of operation.parameters ?? []) {
          // Numeric path ids go through the one IdPipe (libs/http/src/id.pipe.ts).
          if (param.in === 'path' && param.schema?.type === 'number')
            param.schema = { type: 'integer', minimum: 1, maximum: MAX_ID };
        }
      }
      doc.paths[route] = { ...doc.paths[route], ...item };
    }
    Object.assign(doc.components.schemas, part.components?.schemas ?? {});
  }
  doc.paths = Object.fromEntries(Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify(doc, null, 2)}\n`;
}

async function main() {
  const text = await generate();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '';
    if (current !== text) {
      console.error('docs/openapi.json is stale: run `npm run openapi` and commit the result.');
      process.exit(1);
    }
    console.log('docs/openapi.json is current.');
    return;
  }
  fs.writeFileSync(FILE, text);
  console.log(`wrote docs/openapi.json (${Object.keys(JSON.parse(text).paths).length} paths)`);
}

module.exports = { generate, FILE };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
