import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CODES, SCOPES } from '@hc/contracts';

const ROOT = path.resolve(__dirname, '../..');
const doc = JSON.parse(readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8'));

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  tags?: string[];
  responses: Record<string, unknown>;
};
const operations: [string, string, Operation][] = Object.entries(
  doc.paths as Record<string, Record<string, Operation>>,
).flatMap(([route, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([m, op]): [string, string, Operation] => [m.toUpperCase(), route, op]),
);
const find = (method: string, route: string) =>
  operations.find(([m, r]) => m === method && r === route)?.[2];
/** What a local `$ref` (`#/components/parameters/id` …) points at; anything else as it is. */
const deref = <T>(value: T): T => {
  const target = (value as { $ref?: string })?.$ref;
  if (!target?.startsWith('#/components/')) return value;
  const [, , kind, name] = target.split('/');
  return doc.components[kind][name];
};
/** The example a media object shows: its own, or the shared one its `examples` refers to. */
const exampleIn = (media: { example?: unknown; examples?: Record<string, unknown> }) =>
  media.example ??
  Object.values(media.examples ?? {}).map((e) => deref(e) as { value: unknown })[0]?.value;

/** Issue 21 item 3: docs/openapi.json is generated from the code, current, and valid 3.1. */
describe('docs/openapi.json', () => {
  it('is what `npm run openapi` generates from the controllers now (a stale file fails CI)', () => {
    const out = execFileSync('node', [path.join(ROOT, 'tools/scripts/openapi.cjs'), '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(out).toMatch(/is current/);
  }, 120_000);

  it('is a valid OpenAPI 3.1 document (checked against the 3.1 schema, not only its version)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('passes Redocly CLI lint (recommended rules, redocly.yaml) with zero errors', () => {
    const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    let out: string;
    try {
      out = execFileSync('node', [cli, 'lint', 'docs/openapi.json', '--format', 'stylish'], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`redocly lint failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
    expect(out).not.toMatch(/\d+:\d+ +error/);
  }, 120_000);

  it('lists the REST operations of content-api and design-service, and no health probes', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const [method, route] of [
      ['GET', '/v1/articles/{id}'],
      ['PATCH', '/v1/articles/{articleId}/staged'],
      ['POST', '/v1/images/bulk'],
      ['PATCH', '/v1/template/draft'],
      ['POST', '/v1/template/versions/{versionId}/restore'],
    ]) {
      expect(find(method, route)).toBeDefined();
    }
    // …plus, beside them, auth-server's connected-apps JSON of the dashboard (issue 38).
    expect(
      Object.keys(doc.paths).filter(
        (p) => !/^\/(v1|oauth|\.well-known|app\/account\/connections)\//.test(`${p}/`),
      ),
    ).toEqual([]);
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/app/'))
        .flatMap((p) =>
          Object.values(doc.paths[p]).flatMap(
            (o) => (o as { security?: unknown[] }).security ?? [],
          ),
        ),
    ).toEqual(Array(3).fill({ dashboardSession: [] }));
  });

  it("lists the auth-server's endpoints of spec 4.13 at {auth_url}, and no revocation or introspection", () => {
    for (const [method, route] of [
      ['GET', '/.well-known/oauth-authorization-server'],
      ['GET', '/.well-known/openid-configuration'],
      ['GET', '/oauth/authorize'],
      ['POST', '/oauth/token'],
      ['POST', '/oauth/register'],
      ['GET', '/oauth/userinfo'],
      ['GET', '/oauth/jwks'],
    ]) {
      expect(find(method, route)).toBeDefined();
      expect(doc.paths[route].servers[0].url).toBe('{auth_url}');
    }
    expect(Object.keys(doc.paths).filter((p) => /revoke|introspect/.test(p))).toEqual([]);
    const token = find('POST', '/oauth/token') as unknown as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(token.requestBody.content)).toContain('application/x-www-form-urlencoded');
  });

  it('gives every operation a success answer with its body schema, closed against undocumented keys', () => {
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    const resolve = (s: Record<string, unknown>) =>
      typeof s.$ref === 'string' ? schemas[s.$ref.replace('#/components/schemas/', '')] : s;
    for (const [method, route, op] of operations) {
      const success = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
      expect(`${method} ${route}: ${success.length}`).not.toMatch(/: 0$/);
      for (const [status, res] of success as [
        string,
        { content?: Record<string, { schema?: Record<string, unknown> }> },
      ][]) {
        if (/^3/.test(status)) continue;
        expect(`${method} ${route} ${status} ${Object.keys(res.content ?? {})}`).toMatch(/\/.+/);
        const body = res.content?.['application/json']?.schema;
        if (!body) continue;
        expect(`${method} ${route} ${status} ${resolve(body).additionalProperties}`).toMatch(
          /false$/,
        );
      }
    }
  });

  it('gives every JSON body (answers and requests) an example that its own schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'openapi.json', components: doc.components });
    const compile = (schema: unknown) =>
      ajv.compile(
        JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
        ),
      );
    type Media = { schema?: unknown; example?: unknown; examples?: Record<string, unknown> };
    const bodies: [string, Media][] = [];
    for (const [method, route, op] of operations) {
      const withBody = op as Operation & { requestBody?: { content?: Record<string, Media> } };
      const request = withBody.requestBody?.content?.['application/json'];
      if (request)
        bodies.push([`${method} ${route} request`, { ...request, example: exampleIn(request) }]);
      for (const [status, res] of Object.entries(op.responses) as [
        string,
        { content?: Record<string, Media> },
      ][]) {
        const media = deref(res).content?.['application/json'];
        if (media)
          bodies.push([`${method} ${route} ${status}`, { ...media, example: exampleIn(media) }]);
      }
    }
    const problems: string[] = [];
    for (const [where, media] of bodies) {
      if (media.example === undefined) {
        problems.push(`${where}: no example`);
        continue;
      }
      const validate = compile(media.schema);
      if (!validate(media.example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    }
    for (const [name, schema] of Object.entries(
      doc.components.schemas as Record<string, { examples?: unknown[] }>,
    )) {
      for (const example of schema.examples ?? []) {
        const validate = compile({ $ref: `#/components/schemas/${name}` });
        if (!validate(example)) problems.push(`${name}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(bodies.length).toBeGreaterThan(100);
  });

  it('states nullable values the 3.1 way (type arrays), never with the 3.0 `nullable` keyword', () => {
    expect(JSON.stringify(doc)).not.toMatch(/"nullable":/);
    expect(JSON.stringify(doc.components.schemas.Article)).toMatch(/"type":\["string","null"\]/);
  });

  it('declares the apikey header and OAuth 2 code flow with the scopes of spec 5.2', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.apikey).toEqual({ type: 'apiKey', in: 'header', name: 'apikey' });
    const flow = schemes.oauth2.flows.authorizationCode;
    // Every scope of spec 5.2 a client may ask for, identity scopes included.
    expect(Object.keys(flow.scopes).sort()).toEqual([...SCOPES].sort());
    expect(flow.tokenUrl).toBe('/oauth/token');
  });

  it('gives every operation the scope its route checks, API keys only where spec 5.2 says', () => {
    const oauthScopes = (op?: Operation) => op?.security.find((s) => s.oauth2)?.oauth2;
    expect(oauthScopes(find('GET', '/v1/articles/{id}'))).toEqual(['content.read']);
    expect(oauthScopes(find('PATCH', '/v1/template/draft'))).toEqual(['design.write']);
    expect(oauthScopes(find('POST', '/v1/articles/{id}/notes/{noteId}/replies'))).toEqual([
      'notes.write',
    ]);
    expect(oauthScopes(find('POST', '/v1/webhooks'))).toEqual(['webhooks.manage']);
    expect(find('GET', '/v1/change-sets')?.security).toEqual([{ apikey: [] }]);
    expect(find('POST', '/v1/images/uploads/{intent}')?.security).toEqual([]);
    expect(oauthScopes(find('GET', '/v1/articles'))).toEqual(['content.read']);
    expect(find('GET', '/v1/articles')?.security).toContainEqual({ dashboardSession: [] });
    // Issue 37: the operations the spec reserves for the dashboard take only the session.
    const dashboardOnly = operations.filter(([, , op]) => op.tags?.includes('Dashboard'));
    expect(dashboardOnly.map(([m, r]) => `${m} ${r}`)).toContain('GET /v1/session');
    for (const [method, route, op] of operations.filter(([, r]) => r.startsWith('/v1'))) {
      const isPublic = op.security.length === 0;
      const only = op.tags?.includes('Dashboard');
      if (only)
        expect([method, route, op.security]).toEqual([method, route, [{ dashboardSession: [] }]]);
      else if (!isPublic)
        expect(`${method} ${route} ${JSON.stringify(op.security[0])}`).toMatch(/apikey/);
    }
  });

  it('types every numeric path id as the IdPipe reads it', () => {
    const param = (
      find('GET', '/v1/articles/{id}') as unknown as {
        parameters: { name: string; schema: unknown }[];
      }
    ).parameters
      .map(deref)
      .find((p) => p.name === 'id');
    expect(param?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 4294967295 });
  });

  it('documents the error answers the routes prove, with the catalog as the code list', () => {
    expect(doc.components.schemas.ErrorBody.properties.code.enum).toEqual([...ERROR_CODES]);
    for (const [method, route, op] of operations.filter(([, r]) => r.startsWith('/v1'))) {
      const statuses = Object.keys(op.responses);
      if (op.security.length === 0) continue;
      expect(`${method} ${route} ${statuses}`).toMatch(/401.*429/);
      if (/\{(id|articleId|versionId|webhookId|noteId)\}/.test(route))
        expect(`${method} ${route} ${statuses}`).toMatch(/404/);
    }
  });
});
