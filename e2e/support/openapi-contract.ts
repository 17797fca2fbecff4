// Issue 21 item 4: every answer the e2e suite receives from a documented operation is checked
// against docs/openapi.json. The check wraps the global `fetch` of each test file, so every
// helper (edge(), openid-client, the OAuth browser) goes through it. An answer whose status the
// operation does not list, whose content type it does not list, or whose JSON body does not match
// the schema (response schemas forbid undocumented keys) fails the request that got it. Each
// validated operation is recorded for the coverage report of global-teardown.cjs.
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

const DOC_FILE = path.resolve(__dirname, '../../docs/openapi.json');

type MediaType = { schema?: unknown };
type Response = { content?: Record<string, MediaType>; $ref?: string };
type Operation = { operationId: string; responses: Record<string, Response> };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  /** Shared answers, headers, parameters and examples that `$ref`s point at. */
  components: Record<string, Record<string, unknown> | undefined>;
};

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
  operation: Operation;
}

/** `/v1/articles/{id}` → a RegExp for concrete paths; literal segments win over `{param}`. */
function compileRoutes(doc: Doc): Route[] {
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const source = template
      .split('/')
      .map((seg) =>
        /^\{[^}]+\}$/.test(seg) ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      routes.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}/?$`),
        params: (template.match(/\{/g) ?? []).length,
        operation,
      });
    }
  }
  return routes.sort((a, b) => a.params - b.params);
}

export interface ContractChecker {
  /** The operation a request goes to, or null when the path is not in the document. */
  route(method: string, pathname: string): Route | null;
  /** Problems of one answer (empty when it matches the document). */
  check(route: Route, status: number, contentType: string, text: string): string[];
}

export function contractChecker(
  doc: Doc = JSON.parse(readFileSync(DOC_FILE, 'utf8')),
): ContractChecker {
  // `format` is an annotation here; the document states timestamp formats as patterns.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  // Refs inside the document resolve against it (`#/components/...`).
  ajv.addSchema({ $id: 'openapi.json', components: (doc as { components: unknown }).components });
  const routes = compileRoutes(doc);
  const compiled = new Map<unknown, ValidateFunction>();
  const validator = (schema: unknown): ValidateFunction => {
    let fn = compiled.get(schema);
    if (!fn) {
      const text = JSON.stringify(schema).replaceAll(
        '"#/components/',
        '"openapi.json#/components/',
      );
      fn = ajv.compile(JSON.parse(text));
      compiled.set(schema, fn);
    }
    return fn;
  };
  // A shared answer (`#/components/responses/…`) stands for the operation's own; a reference
  // that leads nowhere is a broken document, never a passing answer.
  const resolve = (res: Response, seen: string[] = []): Response => {
    if (!res.$ref) return res;
    const [hash, components, kind, name, ...rest] = res.$ref.split('/');
    const target =
      hash === '#' && components === 'components' && !rest.length
        ? (doc.components[kind]?.[name] as Response | undefined)
        : undefined;
    if (!target || seen.includes(res.$ref)) {
      throw new Error(
        `openapi contract: unresolvable reference ${[...seen, res.$ref].join(' → ')}`,
      );
    }
    return resolve(target, [...seen, res.$ref]);
  };

  return {
    route(method, pathname) {
      const candidates = routes.filter((r) => r.pattern.test(pathname));
      return candidates.find((r) => r.method === method) ?? null;
    },
    check(route, status, contentType, text) {
      const where = `${route.method} ${route.template} → ${status}`;
      const documented =
        route.operation.responses[String(status)] ??
        route.operation.responses[`${String(status)[0]}XX`];
      if (!documented) {
        const listed = Object.keys(route.operation.responses).join(', ');
        return [
          `${where}: status not documented (documented: ${listed}); body ${text.slice(0, 300)}`,
        ];
      }
      const res = resolve(documented);
      const type = contentType.split(';')[0].trim().toLowerCase();
      if (!res.content) {
        return text.length === 0 || (status >= 300 && status < 400)
          ? []
          : [`${where}: documented without a body, got ${type || 'no type'} ${text.slice(0, 200)}`];
      }
      const media = res.content[type];
      if (!media) {
        const listed = Object.keys(res.content).join(', ');
        return [
          `${where}: content type ${type || '(none)'} not documented (documented: ${listed})`,
        ];
      }
      if (!media.schema || !type.endsWith('json')) return [];
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return [`${where}: body is not JSON: ${text.slice(0, 200)}`];
      }
      const validate = validator(media.schema);
      if (validate(body)) return [];
      const errors = (validate.errors ?? [])
        .slice(0, 8)
        .map(
          (e) =>
            `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
        );
      return [
        `${where}: body does not match the schema:\n  ${errors.join('\n  ')}\n  body: ${text.slice(0, 600)}`,
      ];
    },
  };
}

/** The origins whose answers are checked (the edge on loopback and its public address). */
function checkedOrigins(): string[] {
  return [process.env.HC_E2E_URL, process.env.HC_E2E_PUBLIC_URL]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).origin);
}

/** Replaces the global fetch with one that checks every answer of a documented operation. */
export function installContractCheck(): void {
  const file = process.env.HC_E2E_OPENAPI_COVERAGE;
  if (!file) return;
  const checker = contractChecker();
  const origins = new Set(checkedOrigins());
  const original = globalThis.fetch;
  const checked: typeof fetch = async (input, init) => {
    const res = await original(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!origins.has(url.origin)) return res;
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const route = checker.route(method, url.pathname);
    if (!route) return res;
    const text = await res.clone().text();
    const problems = checker.check(route, res.status, res.headers.get('content-type') ?? '', text);
    appendFileSync(
      file,
      `${JSON.stringify({ op: `${route.method} ${route.template}`, status: res.status, ok: problems.length === 0 })}\n`,
    );
    const samples = process.env.HC_E2E_OPENAPI_SAMPLES;
    if (samples) {
      // Schema work: keep every answer and its problems, fail nothing (see docs/development.md).
      const sample = {
        op: `${route.method} ${route.template}`,
        path: url.pathname,
        status: res.status,
      };
      appendFileSync(
        samples,
        `${JSON.stringify({ ...sample, type: res.headers.get('content-type'), text, problems })}\n`,
      );
      return res;
    }
    if (problems.length) {
      throw new Error(
        `OpenAPI contract (docs/openapi.json): ${method} ${url.pathname}${url.search}\n${problems.join('\n')}`,
      );
    }
    return res;
  };
  globalThis.fetch = checked;
}
