#!/usr/bin/env node
// The OpenAPI 3.1 document of the REST API, generated from the code (issue 21): the controllers
// of content-api and design-service are scanned by @nestjs/swagger in Nest's preview mode (no
// providers run, so no database), and each operation's security comes from the route's own
// `@Scopes()`, `@Public()` and `@ApiKeysOnly()` metadata. Writes docs/openapi.json; with
// `--check` it only compares and exits 1 when the file is stale (CI, `npm test`).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { isDeepStrictEqual } = require('node:util');
const { buildIfStale, ROOT, OUT } = require('./build.cjs');
const { operationsOf, writeClientSchema } = require('./client-schema.cjs');

const FILE = path.join(ROOT, 'docs/openapi.json');
/** The largest path id the IdPipe accepts (an unsigned INT). */
const MAX_ID = 4_294_967_295;

/** The apps whose controllers make the API, with the prefix each app's factory sets. */
const APPS = [
  {
    name: 'content-api',
    module: 'apps/content-api/src/app.module.js',
    answers: ['apps/content-api/src/openapi.responses.js', 'CONTENT_SCHEMAS', 'CONTENT_RESPONSES'],
  },
  {
    name: 'design-service',
    module: 'apps/design-service/src/app.module.js',
    answers: ['apps/design-service/src/openapi.responses.js', 'DESIGN_SCHEMAS', 'DESIGN_RESPONSES'],
  },
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

/** Spec 5.2's identity scopes: what the ID token and /oauth/userinfo carry (spec 2.11). */
const IDENTITY_SCOPE_TEXT = {
  openid: 'An ID token and /oauth/userinfo (`sub`)',
  profile: 'Name and picture in the ID token and userinfo',
  email: 'Email address in the ID token and userinfo',
  offline_access: 'Asked for by some clients; a refresh token is issued either way',
};

function requireDist(file) {
  return require(path.join(OUT, file));
}

/** Operation id → the route's credential metadata, read from every controller of the app. */
function routeMetadata(app) {
  const { ModulesContainer } = require('@nestjs/core');
  const keys = requireDist('libs/auth/src/decorators.js');
  const { ID_PARAMS_KEY } = requireDist('libs/http/src/id.pipe.js');
  const out = new Map();
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const type = wrapper.metatype;
      if (!type || !type.prototype) continue;
      for (const method of Object.getOwnPropertyNames(type.prototype)) {
        if (method === 'constructor') continue;
        const handler = type.prototype[method];
        const read = (key) => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, type);
        // An explicit `@ApiOperation({operationId})` names the operation (a split controller
        // keeps its routes' ids); otherwise Nest's `<Controller>_<method>`.
        const id = Reflect.getMetadata('swagger/apiOperation', handler)?.operationId;
        out.set(id ?? `${type.name}_${method}`, {
          public: read(keys.PUBLIC_KEY) === true,
          apiKeysOnly: read(keys.API_KEYS_ONLY_KEY) === true,
          sessionOnly: read(keys.SESSION_ONLY_KEY) !== undefined,
          siteOptional: read(keys.SITE_OPTIONAL_KEY) === true,
          scopes: read(keys.SCOPES_KEY),
          idParams: Reflect.getMetadata(ID_PARAMS_KEY, handler) ?? [],
        });
      }
    }
  }
  return out;
}

/**
 * Security of one operation: none for public routes; the `apikey` header; and, unless API keys
 * only (change sets, spec 5.2), an OAuth 2 token holding the route's scopes and the dashboard
 * session (issue 37). An explicit `@ApiOAuth2([...])` on a route (guards that decide scopes
 * themselves) wins over `@Scopes()`. A dashboard-only operation has the session alone.
 */
function security(operation, meta) {
  if (!meta || meta.public) return [];
  if (meta.sessionOnly) return [{ dashboardSession: [] }];
  const explicit = (operation.security ?? []).find((s) => s.oauth2)?.oauth2;
  const scopes = explicit ?? meta.scopes ?? [];
  const out = [{ apikey: [] }];
  if (!meta.apiKeysOnly) out.push({ oauth2: scopes }, { dashboardSession: [] });
  return out;
}

/** The error bodies of spec 7 ((a)–(f)) that the document refers to; codes from the error catalog. */
function errorSchemas() {
  const { ERROR_CODES } = requireDist('libs/contracts/src/error-catalog.js');
  const code = { type: 'string', enum: [...ERROR_CODES] };
  const fieldErrors = {
    type: 'object',
    description: 'Field name → messages.',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  };
  return {
    ErrorBody: {
      type: 'object',
      description:
        'Shape (a) of spec 7: `status` error, `code` and `message`, with extra keys per case ' +
        '(`errors`, `etag`, `scope`, `referenced_by`, `customizer_url`, `sites`). Change sets carry ' +
        '`reason` instead of `code`.',
      required: ['status', 'message'],
      properties: {
        status: { const: 'error' },
        code,
        reason: code,
        message: { type: 'string' },
        errors: {
          description: 'Field messages, or (`template_invalid`) the failed operations.',
          anyOf: [
            fieldErrors,
            {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  operation: { type: 'integer' },
                  op: { type: 'string' },
                  path: { type: ['string', 'null'] },
                  message: { type: 'string' },
                },
                additionalProperties: false,
              },
            },
          ],
        },
        etag: { type: ['string', 'null'] },
        shared_etag: { type: ['string', 'null'] },
        scope: { type: 'string', enum: ['locale', 'shared'] },
        referenced_by: { type: 'array', items: { type: 'object' } },
        customizer_url: { type: 'string' },
        sites: {
          description: '`site_required`: the sites the token reaches (spec 7).',
          type: 'array',
          items: { type: 'integer' },
        },
        articles_count: {
          description: 'A refused category delete: what the category holds.',
          type: 'integer',
        },
        children_count: { type: 'integer' },
        on_orphan_choices: { type: 'array', items: { type: 'string' } },
        article: {
          description: '`revision_conflict` (issue 37): the article as it is now.',
          $ref: '#/components/schemas/Article',
        },
      },
      additionalProperties: false,
    },
    ValidationErrorBody: {
      type: 'object',
      description:
        'Shape (b) of spec 7; message `The request could not be accepted.` unless stated. ' +
        'Staged endpoints add `code`.',
      required: ['status', 'message', 'errors'],
      properties: {
        status: { const: 'validation_error' },
        code,
        reason: { ...code, description: 'Change sets carry `reason` instead of `code`.' },
        message: { type: 'string' },
        errors: fieldErrors,
      },
      additionalProperties: false,
    },
    RefusalBody: {
      description:
        'A refused request (400, 422): shape (b) `validation_error` with field messages, or ' +
        'shape (a) with the code of the refusal (spec 7).',
      oneOf: [ref('ValidationErrorBody'), ref('ErrorBody')],
    },
    PlainErrorBody: {
      type: 'object',
      description: 'Shape (c) of spec 7: no `status` (for example PATCH /articles/{id}).',
      required: ['message', 'errors'],
      properties: { message: { type: 'string' }, errors: fieldErrors },
      additionalProperties: false,
    },
    UnauthorizedBody: {
      type: 'object',
      description: 'Shape (d) of spec 7; change sets add `message: Unknown API key` for a token.',
      required: ['status'],
      properties: { status: { const: 'unauthorized' }, message: { type: 'string' } },
      additionalProperties: false,
    },
    TooManyAttemptsBody: {
      type: 'object',
      description: 'Shape (e) of spec 7; wait for `Retry-After` seconds.',
      required: ['message'],
      properties: { message: { const: 'Too Many Attempts.' } },
      additionalProperties: false,
    },
    OAuthErrorBody: {
      type: 'object',
      description: 'Shape (f) of spec 7: OAuth errors.',
      required: ['error', 'error_description'],
      properties: {
        error: { type: 'string' },
        error_description: { type: 'string' },
        hint: { type: 'string' },
        message: { type: 'string' },
      },
      additionalProperties: false,
    },
    MessageBody: {
      type: 'object',
      description: 'A bare message (413).',
      required: ['message'],
      properties: { message: { type: 'string' } },
      additionalProperties: false,
    },
    ServerErrorBody: {
      type: 'object',
      description: 'A 500 (spec 7 lists the cases); `error_id` leads to the request in the logs.',
      required: ['message'],
      properties: { message: { type: 'string' }, error_id: { type: 'string' } },
      additionalProperties: false,
    },
  };
}

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The error answers a route's own metadata proves: 401 and 429 for every credentialed route
 * (spec 4.1, 8), 403 `insufficient_scope` when it needs a scope (spec 5.2), and the 404 of each
 * `@IdParam`, whose body is the route's own not-found error (built here by calling it).
 */
function errorResponses(operation, meta, answers) {
  const responses = operation.responses;
  const { html, namedError } = answers.http;
  for (const { onInvalid } of meta?.idParams ?? []) {
    const error = onInvalid();
    responses[String(error.status)] ??= answers.toResponse(
      error.rendering === 'html'
        ? html(
            'Unknown id (or a path segment that is no id): the HTML not-found page (spec 4.1 rule 3).',
          )
        : namedError('Unknown id, or a path segment that is no id.', error.body),
    );
  }
  // Spec 4.1 rule 10: any body over 32 MB.
  if (operation.requestBody) responses['413'] ??= answers.refTo('PayloadTooLarge');
  if (!meta || meta.public) return;
  responses['401'] = answers.refTo('Unauthorized');
  // Spec 5.2, 5.3: a token that reaches no site; a tool-server token on a site without the plan.
  if (!meta.siteOptional && !meta.apiKeysOnly) {
    responses['400'] ??= answers.refTo('SiteRequired');
    if (!meta.sessionOnly) responses['402'] = answers.refTo('PlanUpgradeRequired');
  }
  // Issue 37: keys and tokens are refused on the operations the spec reserves for the dashboard.
  if (meta.sessionOnly) responses['403'] ??= answers.refTo('SessionRequired');
  const scopes = operation.security.find((s) => s.oauth2)?.oauth2 ?? [];
  if (scopes.length) responses['403'] ??= answers.refTo(`InsufficientScope.${scopes[0]}`);
  responses['429'] = answers.refTo('TooManyAttempts');
}

/** One answer of a table (libs/http/src/openapi-schema.ts `ResponseSpec`) as an OpenAPI response. */
function inline(spec) {
  const out = { description: spec.description };
  if (spec.headers) out.headers = spec.headers;
  const content = {};
  if (spec.schema) {
    content['application/json'] = {
      schema: spec.schema,
      ...(spec.example === undefined ? {} : { example: spec.example }),
    };
  }
  Object.assign(content, spec.content);
  if (Object.keys(content).length) out.content = content;
  return out;
}

/**
 * The answers of `components.responses` and the `$ref`s to them: the generic ones of
 * openapi-schema.ts (`GENERIC_ANSWERS`), the generator's own (`sharedResponses`) and every table
 * answer marked `shared`. A reference keeps the operation's own description beside the `$ref`
 * (OpenAPI 3.1) when it differs from the shared one; one name with two different answers stops
 * the generator.
 */
function answerRegistry(http) {
  const defined = new Map();
  const refTo = (name, description) => {
    const target = defined.get(name);
    if (!target) throw new Error(`openapi: no shared answer ${name}`);
    const $ref = `#/components/responses/${name}`;
    return description && description !== target.description ? { $ref, description } : { $ref };
  };
  const define = (name, response) => {
    const known = defined.get(name);
    const body = (r) => ({ ...r, description: undefined });
    if (known && !isDeepStrictEqual(body(known), body(response))) {
      throw new Error(`openapi: two different answers are named ${name}`);
    }
    if (!known) defined.set(name, response);
    return refTo(name, response.description);
  };
  const toResponse = (spec) => {
    if (!spec.ref) return spec.shared ? define(spec.shared, inline(spec)) : inline(spec);
    if (spec.schema || spec.content || spec.headers || spec.example !== undefined) {
      throw new Error(`openapi: an answer that refers to ${spec.ref} adds nothing of its own`);
    }
    return refTo(spec.ref, spec.description);
  };
  const shared = { ...http.GENERIC_ANSWERS, ...sharedResponses(http) };
  for (const [name, spec] of Object.entries(shared)) define(name, inline(spec));
  /** The shared answers some operation refers to (an unused component is noise). */
  const used = (doc) => {
    const text = JSON.stringify(doc.paths);
    return Object.fromEntries(
      [...defined].filter(([name]) => text.includes(`"#/components/responses/${name}"`)),
    );
  };
  return { http, toResponse, refTo, used };
}

/**
 * The operation's answers from its app's table (every status the spec names, with its body);
 * they replace the framework's bodiless defaults. An operation without a table entry, or a table
 * entry without an operation, stops the generator: the document never lacks a success schema.
 */
function applyAnswers(operation, table, seen, answers) {
  const entry = table[operation.operationId];
  if (!entry) {
    throw new Error(
      `openapi: ${operation.operationId} has no answers in its app's openapi.responses.ts`,
    );
  }
  seen.add(operation.operationId);
  // A body a controller declares itself (`@ApiOkResponse({ schema })`) stays unless the table
  // names that status too; the framework's bodiless defaults go.
  const declared = Object.entries(operation.responses ?? {}).filter(([, r]) => r.content);
  operation.responses = Object.fromEntries([
    ...declared,
    ...Object.entries(entry).map(([status, spec]) => [status, answers.toResponse(spec)]),
  ]);
}

/**
 * The answers every credentialed route shares, once in `components.responses` (the operations
 * refer to them), so the document and the client's generated types do not repeat them per route.
 */
function sharedResponses({ ok, header, GENERIC_ANSWERS }) {
  const error = (description, code, message, extra = {}) =>
    ok(description, ref('ErrorBody'), { status: 'error', code, message, ...extra });
  /** JSON, or the HTML page without `Accept: application/json`. */
  const orHtml = (spec) => ({ ...spec, content: GENERIC_ANSWERS.Html.content });
  const insufficientScope = Object.fromEntries(
    Object.keys(SCOPE_TEXT).map((scope) => [
      `InsufficientScope.${scope}`,
      error(
        `The credential lacks the ${scope} scope (\`insufficient_scope\`); also ` +
          '`site_forbidden` (the site is no longer shared with the app) and the access checks ' +
          'of the domain (`design_forbidden`, `notes_forbidden`).',
        'insufficient_scope',
        `This action requires the ${scope} scope.`,
      ),
    ]),
  );
  return {
    Unauthorized: ok('Missing, unknown, expired or revoked credential.', ref('UnauthorizedBody'), {
      status: 'unauthorized',
    }),
    TooManyAttempts: {
      ...orHtml(
        ok(
          'Rate limit reached (spec 8); HTML without `Accept: application/json`.',
          ref('TooManyAttemptsBody'),
          { message: 'Too Many Attempts.' },
        ),
      ),
      headers: { 'Retry-After': header('RetryAfter') },
    },
    SiteRequired: ok(
      'Invalid input, or `site_required`: the token reaches no site (spec 5.2).',
      ref('RefusalBody'),
      {
        status: 'error',
        code: 'site_required',
        message: 'The token reaches no site. List sites with GET /sites.',
        sites: [],
      },
    ),
    SessionRequired: error(
      '`session_required`: an API key or OAuth token on an operation the spec reserves for the ' +
        'dashboard (issue 37); also `site_forbidden` (not a member of the site) and ' +
        "`role_forbidden` (the person's current role does not allow it).",
      'session_required',
      'Only a person signed in to the dashboard can do this; API keys and OAuth tokens cannot.',
    ),
    PlanUpgradeRequired: error(
      '`plan_upgrade_required`: a tool-server token on a site without the Growth or Catalyst plan (spec 5.3).',
      'plan_upgrade_required',
      'The tool server is available on the Growth and Catalyst plans.',
    ),
    PayloadTooLarge: orHtml(
      ok(
        'The request body is over 32 MB (spec 4.1); HTML without `Accept: application/json`.',
        ref('MessageBody'),
        { message: 'The request body is larger than 32 MB.' },
      ),
    ),
    ...insufficientScope,
  };
}

/** The schema a `#/components/schemas/…` reference points at (a property of one included). */
const schemaAt = (schemas, $ref) =>
  $ref
    .replace('#/components/schemas/', '')
    .split('/')
    .reduce((at, key) => at?.[key], schemas);

/**
 * A schema that shares five properties or more, described exactly alike, with an earlier one (the
 * update DTO of a create DTO, the staged fields of an article, the dry-run form of an article or
 * image, OpenID discovery of OAuth discovery) refers to those properties of the earlier schema
 * instead of repeating them.
 */
function shareVariantProperties(schemas) {
  const names = Object.keys(schemas);
  const own = (schema) =>
    Object.entries(schema.properties ?? {}).filter(([, p]) => !p.$ref && Object.keys(p).length);
  for (const [index, name] of names.entries()) {
    const props = own(schemas[name]);
    const same = (base) =>
      props.filter(([key, p]) => isDeepStrictEqual(schemas[base].properties?.[key], p));
    const base = names
      .slice(0, index)
      .map((b) => [b, same(b)])
      .sort((x, y) => y[1].length - x[1].length)[0];
    if (!base || base[1].length < 5) continue;
    for (const [key] of base[1]) {
      schemas[name].properties[key] = { $ref: `#/components/schemas/${base[0]}/properties/${key}` };
    }
  }
}

/**
 * An example value for a schema, for bodies whose table gives none: a schema's own `examples`
 * first (the resource objects carry real ones), else `const`, the first `enum` value, the first
 * branch of a choice, and for objects their required keys. `openapi.spec.ts` checks every example
 * against its schema.
 */
function exampleOf(schema, schemas, depth = 0) {
  if (!schema || depth > 12) return undefined;
  if (schema.$ref) return exampleOf(schemaAt(schemas, schema.$ref), schemas, depth + 1);
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = schema.oneOf ?? schema.anyOf ?? schema.allOf;
  if (branch) return exampleOf(branch[0], schemas, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      if (!schema.properties) return {};
      const keys = schema.required ?? [];
      return Object.fromEntries(
        keys.map((k) => [k, exampleOf(schema.properties[k], schemas, depth + 1)]),
      );
    }
    case 'array':
      return schema.maxItems === 0 ? [] : [exampleOf(schema.items, schemas, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return 'string';
    default:
      // Any value (`{}`): null is one.
      return null;
  }
}

/** Gives every JSON body of the document (answers, shared answers, requests) an example. */
function addExamples(doc) {
  const schemas = doc.components.schemas;
  const fill = (content) => {
    const media = content?.['application/json'];
    if (!media?.schema || media.example !== undefined || media.examples) return;
    const example = exampleOf(media.schema, schemas);
    if (example !== undefined) media.example = example;
  };
  for (const res of Object.values(doc.components.responses)) fill(res.content);
  for (const operation of operationsOf(doc)) {
    fill(operation.requestBody?.content);
    for (const res of Object.values(operation.responses)) fill(res.content);
  }
}

/**
 * Keeps each value that stands in two places or more once in `components[kind]`: `places` lists
 * `[value, place]`; a kept value is named by `nameOf(value, places)` (`name.2` … when taken),
 * stored as `store(value)`, and each of its places gets `refer(place, $ref)`.
 */
function hoistRepeated(kind, places, { nameOf, store = (v) => v, refer }) {
  const uses = new Map();
  for (const [value, place] of places) {
    const key = JSON.stringify(value);
    uses.set(key, [...(uses.get(key) ?? []), place]);
  }
  const kept = {};
  for (const [key, list] of uses) {
    if (list.length < 2) continue;
    const value = JSON.parse(key);
    const base = nameOf(value, list);
    let name = base;
    for (let n = 2; name in kept; n++) name = `${base}.${n}`;
    kept[name] = store(value);
    for (const place of list) refer(place, `#/components/${kind}/${name}`);
  }
  return kept;
}

/**
 * A whole example several operations show (the same article answer, the same request body) is
 * kept once in `components.examples`, named after the body schema it shows or the first
 * operation showing it; each body refers to it. Shared answers keep theirs inline.
 */
function shareExamples(doc) {
  const places = [];
  const visit = (content, where) => {
    const media = content?.['application/json'];
    const example = media?.example;
    if (example && typeof example === 'object' && Object.keys(example).length) {
      places.push([example, { media, where }]);
    }
  };
  for (const operation of operationsOf(doc)) {
    visit(operation.requestBody?.content, `${operation.operationId}.request`);
    for (const [status, res] of Object.entries(operation.responses)) {
      visit(res.content, `${operation.operationId}.${status}`);
    }
  }
  return hoistRepeated('examples', places, {
    nameOf: (value, list) =>
      list
        .map((u) => u.media.schema.$ref)
        .find(Boolean)
        ?.split('/')
        .pop() ?? list[0].where,
    store: (value) => ({ value }),
    refer: ({ media }, $ref) => {
      delete media.example;
      media.examples = { [$ref.split('/').pop()]: { $ref } };
    },
  });
}

/**
 * A parameter several operations take alike (a path id, paging) is kept once in
 * `components.parameters` under its name (`name.2` … for a second variant); operations refer to it.
 */
function shareParameters(doc) {
  const places = [];
  for (const operation of operationsOf(doc)) {
    for (const [index, param] of (operation.parameters ?? []).entries()) {
      if (!param.$ref) places.push([param, [operation.parameters, index]]);
    }
  }
  return hoistRepeated('parameters', places, {
    nameOf: (param) => param.name,
    refer: ([params, index], $ref) => {
      params[index] = { $ref };
    },
  });
}

/** The shared headers (`SHARED_HEADERS` of openapi-schema.ts) some answer refers to. */
function usedHeaders(doc, { SHARED_HEADERS }) {
  const text = JSON.stringify([doc.paths, doc.components.responses]);
  return Object.fromEntries(
    Object.entries(SHARED_HEADERS).filter(([name]) =>
      text.includes(`"#/components/headers/${name}"`),
    ),
  );
}

/**
 * Issue 36 item 9: the `webhooks` section (OpenAPI 3.1), one entry per event of spec 6: the
 * body's schema (the same JSON Schemas the events are checked against, from
 * libs/contracts/src/event-documents.ts), every header of a delivery, and what the receiver's
 * answer means.
 */
function webhookSection() {
  const c = requireDist('libs/contracts/src/event-documents.js');
  const { DELIVERED_EVENTS, EVENT_DATA_SCHEMAS } = requireDist('libs/contracts/src/index.js');
  const title = (kind) => kind[0].toUpperCase() + kind.slice(1);
  const schemas = {};
  for (const kind of ['article', 'category', 'site', 'webhook']) {
    schemas[`${title(kind)}EventData`] = {
      ...EVENT_DATA_SCHEMAS[kind],
      description: `The \`data\` of ${kind} events (spec 6).`,
    };
    schemas[`${title(kind)}WebhookBody`] = c.webhookBodySchema(
      kind,
      `#/components/schemas/${title(kind)}EventData`,
    );
  }
  const parameters = c.WEBHOOK_HEADERS.map((h) => ({
    name: h.name,
    in: 'header',
    required: h.required,
    description: h.description,
    schema: h.schema,
    example: h.example,
  }));
  const webhooks = {};
  for (const event of DELIVERED_EVENTS) {
    const kind = c.eventDataKind(event);
    webhooks[event] = {
      post: {
        operationId: `webhook.${event}`,
        summary: event,
        description:
          `${c.EVENT_SENT_WHEN[event]} A signed \`POST\` to ` +
          (event === 'webhook.test' ? 'that webhook ' : 'every webhook of the site (spec 6), ') +
          'sent in the background shortly after the change is saved. The receiver has 10 seconds ' +
          'to answer; failures are retried after 10 s, 30 s, 2 min and 5 min, with the same body ' +
          'and signature and a new `X-Service-Delivery`. The same change can arrive more than ' +
          'once and out of order: deduplicate by signature (or `webhook-id`), order by ' +
          '`data.updated_at`.',
        tags: ['Webhook events'],
        security: [],
        parameters,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/${title(kind)}WebhookBody` },
              example: c.exampleWebhookBody(event),
            },
          },
        },
        responses: {
          200: {
            description:
              'Delivered: any status below 400 counts (3xx included; redirects are not followed).',
          },
          401: {
            description:
              'The signature is missing or wrong: the receiver ignores the body. Like any status ' +
              'of 400 or above, a timeout or a connection error, the attempt failed and is retried.',
          },
        },
      },
    };
  }
  return { schemas, webhooks };
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
        'notes, analytics, webhooks, staged changes) and design, and the OAuth 2.1 endpoints ' +
        'of the authorization server at {auth_url}. Errors follow the catalog in ' +
        '`@hc/contracts` (spec 7); every answer names its body schema, and the end-to-end ' +
        'suite checks real answers against this document.',
    )
    .setVersion(version)
    .addServer('{api_origin}', 'The API origin', {
      api_origin: { default: 'http://localhost:8080' },
    })
    .addApiKey({ type: 'apiKey', in: 'header', name: 'apikey' }, 'apikey')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'cookie',
        name: 'hc_dashboard',
        description:
          'The dashboard session (issue 37): the cookie auth-server sets at sign-in ' +
          '(`__Host-hc_dashboard` under https), valid only on a same-origin request carrying ' +
          '`X-CSRF-Token` (the `csrf_token` of GET /v1/session), reads included; `X-Service-Site` ' +
          'names the site. An `apikey` or `Authorization` header wins over it. What a person may ' +
          'do is their current role on the site (`role_forbidden` otherwise).',
      },
      'dashboardSession',
    )
    .addTag(
      'Dashboard',
      'Operations the spec reserves for the dashboard (issue 37): only a dashboard session; ' +
        'API keys and OAuth tokens get 403 `session_required`.',
    )
    .addOAuth2(
      {
        type: 'oauth2',
        description: 'Authorization code with PKCE (S256) and refresh tokens (spec 5.2).',
        flows: {
          authorizationCode: {
            authorizationUrl: '/oauth/authorize',
            tokenUrl: '/oauth/token',
            refreshUrl: '/oauth/token',
            scopes: { ...IDENTITY_SCOPE_TEXT, ...SCOPE_TEXT },
          },
        },
      },
      'oauth2',
    )
    .build();

  const answers = answerRegistry(requireDist('libs/http/src/openapi-schema.js'));
  const doc = {
    ...config,
    paths: {},
    components: { ...config.components, schemas: errorSchemas() },
  };
  for (const entry of APPS) {
    const { AppModule } = requireDist(entry.module);
    const [file, schemas, responses] = entry.answers;
    const table = requireDist(file)[responses];
    const seen = new Set();
    Object.assign(doc.components.schemas, requireDist(file)[schemas]);
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
        applyAnswers(operation, table, seen, answers);
        errorResponses(operation, meta.get(operation.operationId), answers);
        for (const param of operation.parameters ?? []) {
          // Numeric path ids go through the one IdPipe (libs/http/src/id.pipe.ts).
          if (param.in === 'path' && param.schema?.type === 'number')
            param.schema = { type: 'integer', minimum: 1, maximum: MAX_ID };
        }
      }
      doc.paths[route] = { ...doc.paths[route], ...item };
    }
    const stray = Object.keys(table).filter((id) => !seen.has(id));
    if (stray.length) {
      throw new Error(`openapi: ${entry.name} answers for no operation: ${stray.join(', ')}`);
    }
    Object.assign(doc.components.schemas, part.components?.schemas ?? {});
  }
  // Spec 4.13: the auth-server's endpoints (oidc-provider's routes and its own controllers),
  // described beside their configuration in apps/auth-server/src/openapi.paths.ts.
  const auth = requireDist('apps/auth-server/src/openapi.paths.js');
  for (const [route, item] of Object.entries(auth.AUTH_PATHS)) {
    for (const operation of Object.values(item)) {
      if (!operation.responses) continue;
      operation.responses = Object.fromEntries(
        Object.entries(operation.responses).map(([status, spec]) => [
          status,
          answers.toResponse(spec),
        ]),
      );
    }
    doc.paths[route] = item;
  }
  Object.assign(doc.components.schemas, auth.AUTH_SCHEMAS);
  doc.tags = [...(doc.tags ?? []), auth.AUTH_TAG];
  const events = webhookSection();
  for (const name of Object.keys(events.schemas)) {
    if (doc.components.schemas[name]) throw new Error(`openapi: two schemas are named ${name}`);
  }
  Object.assign(doc.components.schemas, events.schemas);
  doc.webhooks = events.webhooks;
  doc.tags.push({
    name: 'Webhook events',
    description:
      'What the platform POSTs to a registered webhook (spec 6; docs/webhooks.md). Verify ' +
      '`X-Service-Signature` over the raw body before parsing it. The same events travel the ' +
      'Kafka topic described by docs/asyncapi.yaml.',
  });
  doc.paths = Object.fromEntries(Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b)));
  doc.components.responses = answers.used(doc);
  doc.components.headers = usedHeaders(doc, answers.http);
  doc.components.parameters = shareParameters(doc);
  shareVariantProperties(doc.components.schemas);
  addExamples(doc);
  doc.components.examples = shareExamples(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}

async function main() {
  const text = await generate();
  if (process.argv.includes('--check')) {
    if (!fs.existsSync(FILE) || fs.readFileSync(FILE, 'utf8') !== text) {
      console.error('docs/openapi.json is stale: run `npm run openapi` and commit the result.');
      process.exit(1);
    }
    console.log('docs/openapi.json is current.');
    return;
  }
  fs.writeFileSync(FILE, text);
  await writeClientSchema(text);
  console.log(`wrote docs/openapi.json (${Object.keys(JSON.parse(text).paths).length} paths)`);
}

module.exports = { generate, exampleOf, FILE };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
