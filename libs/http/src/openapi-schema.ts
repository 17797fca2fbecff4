/**
 * Building blocks for the response side of the OpenAPI 3.1 document (issue 21): JSON Schema
 * 2020-12 objects as OpenAPI 3.1 takes them (`type: ['string', 'null']` for nullable, `const`,
 * `examples`), and the table type each app uses to give every operation its answers.
 * `tools/scripts/openapi.cjs` merges the tables into the document by operation id
 * (`<Controller>_<method>`); `tools/scripts/openapi.spec.ts` fails when an operation has no
 * success schema or a table names an operation that does not exist.
 *
 * Response objects are closed (`additionalProperties: false`): the e2e suite checks every answer
 * against them, so a key the document does not name fails a test (e2e/support/openapi-contract.ts).
 */

import type { pageMeta } from './paging';

declare const DESCRIBES: unique symbol;

/**
 * A JSON Schema object. `T`, known to the compiler only, is the value the schema describes: the
 * builders below carry it (`obj({ id: int })` describes `{ id: number }`), so `agrees` can hold
 * a schema against the type a mapper returns (issue 35 item 6). A plain `Schema` describes
 * `unknown`.
 */
export type Schema<T = unknown> = Record<string, unknown> & { readonly [DESCRIBES]?: T };

/** The value a schema describes. */
export type Described<S> = S extends Schema<infer T> ? T : never;

/** A response header; `header(name)` refers to one of `SHARED_HEADERS` instead. */
export type HeaderSpec = { description?: string; schema: Schema } | { $ref: string };

/**
 * One answer of an operation: a description and its bodies by media type. `ref` points at a
 * shared answer of `components.responses` (the description, when it differs from the shared
 * one, stands beside the `$ref` and names the operation's own case); `shared` keeps this answer
 * once in `components.responses` under that name, and every operation using it refers to it.
 */
export interface ResponseSpec {
  description: string;
  /** JSON body schema (`application/json`). */
  schema?: Schema;
  example?: unknown;
  /** Other media types (HTML pages, images), or a JSON body next to them. */
  content?: Record<string, { schema: Schema; example?: unknown }>;
  headers?: Record<string, HeaderSpec>;
  ref?: string;
  shared?: string;
}

/** Operation id → status → answer. */
export type ResponseTable = Record<string, Record<string, ResponseSpec>>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

declare const ITSELF: unique symbol;
/** What `selfRef` describes: the component being declared, checked where it is declared. */
type Itself = { readonly [ITSELF]: true };
/**
 * A `$ref` to the component being declared, inside it (a comment thread's `replies`): the
 * compiler holds the component against its type once, where it is declared, and the reference
 * agrees with that type at any depth.
 */
export const selfRef = (name: string): Schema<Itself> => ref(name) as Schema<Itself>;

/** A reference to the component `name`, describing what its schema describes. */
export const refTo = <T>(name: string, _component: Schema<T>): Schema<T> => ref(name) as Schema<T>;

/** The value of a closed object whose properties are `P`, those named in `O` optional. */
type ObjectOf<P extends Record<string, Schema<unknown>>, O extends string> = {
  [K in Exclude<keyof P, O>]: Described<P[K]>;
} & { [K in O & keyof P]?: Described<P[K]> };

/** A closed object: every key listed is required unless named in `optional`. */
export function obj<P extends Record<string, Schema<unknown>>, O extends string = never>(
  properties: P,
  optional: O[] = [],
): Schema<ObjectOf<P, O>> {
  return {
    type: 'object',
    required: Object.keys(properties).filter((k) => !(optional as string[]).includes(k)),
    properties,
    additionalProperties: false,
  };
}

/**
 * A schema written elsewhere (an `@ApiOkResponse` schema object), closed the way this document's
 * answers are: every object that lists `properties` and says nothing of others refuses them.
 */
export function closed(schema: object): Schema {
  const s = { ...(schema as Schema) };
  if (s.properties) {
    s.properties = Object.fromEntries(
      Object.entries(s.properties as Record<string, object>).map(([k, v]) => [k, closed(v)]),
    );
    s.additionalProperties ??= false;
  }
  if (s.items) s.items = closed(s.items as object);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    if (Array.isArray(s[key])) s[key] = (s[key] as object[]).map(closed);
  }
  return s;
}

/** A closed object whose keys are all optional (only what is set is sent). */
export const partial = <P extends Record<string, Schema<unknown>>>(
  properties: P,
): Schema<Partial<ObjectOf<P, never>>> =>
  obj(properties, Object.keys(properties)) as Schema<Partial<ObjectOf<P, never>>>;

/** An object whose keys are free (language codes, field names, design documents). */
export const map = <T = unknown>(values: Schema<T> = {}): Schema<Record<string, T>> => ({
  type: 'object',
  additionalProperties: values,
});

/** OpenAPI 3.1 nullable: `type: [t, 'null']` (and `null` among the `enum` values), never `nullable`. */
export const nullable = <T>(schema: Schema<T>): Schema<T | null> => {
  const type = schema.type;
  const values = schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {};
  if (typeof type === 'string') return { ...schema, type: [type, 'null'], ...values };
  if (schema.$ref) return { oneOf: [schema, { type: 'null' }] };
  return { anyOf: [schema, { type: 'null' }] };
};

export const str: Schema<string> = { type: 'string' };
export const int: Schema<number> = { type: 'integer' };
export const num: Schema<number> = { type: 'number' };
export const bool: Schema<boolean> = { type: 'boolean' };
export const id: Schema<number> = { type: 'integer', minimum: 1 };
export const strings: Schema<string[]> = { type: 'array', items: str };
export const ids: Schema<number[]> = { type: 'array', items: int };
export const arr = <T>(items: Schema<T>): Schema<T[]> => ({ type: 'array', items });
export const oneOfStr = <const V extends string>(...values: V[]): Schema<V> => ({
  type: 'string',
  enum: values,
});
export const constant = <const V>(value: V): Schema<V> => ({ const: value });
/** One of `schemas` (JSON Schema `oneOf`). */
export const oneOf = <S extends Schema<unknown>[]>(
  ...schemas: S
): Schema<Described<S[number]>> => ({
  oneOf: schemas,
});
/** Any of `schemas` (JSON Schema `anyOf`). */
export const anyOf = <S extends Schema<unknown>[]>(
  ...schemas: S
): Schema<Described<S[number]>> => ({
  anyOf: schemas,
});
/** JSON `null` (`type: null`). */
export const nil: Schema<null> = { type: 'null' };
/** `schema` with more keywords (a description, examples, bounds), describing the same value. */
export const more = <T>(schema: Schema<T>, keywords: Record<string, unknown>): Schema<T> => ({
  ...schema,
  ...keywords,
});
/** Any JSON value (design documents, free settings). */
export const any: Schema = {};

/** Spec 2.1 format A: `YYYY-MM-DD HH:MM:SS`, UTC without offset. */
export const formatA: Schema<string> = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  examples: ['2026-01-31 09:30:00'],
};
/** Spec 2.1 format B: ISO 8601 with offset. */
export const formatB: Schema<string> = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
  examples: ['2026-01-31T09:30:00+00:00'],
};
/** A plain date `YYYY-MM-DD` (analytics). */
export const date: Schema<string> = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  examples: ['2026-01-31'],
};
/** Spec 2.1 language map: language code → text; `[]` where the spec says an empty one reads so. */
export const langMap = more(map(str), { examples: [{ en: 'Getting started' }] });
export const emptyArray: Schema<never[]> = { type: 'array', maxItems: 0 };
/** `{method, url}` links (spec 2.3, 2.7). */
export const link = obj({ method: str, url: str });
/** `_links` with one `{method, url}` link per name. */
export const links = <const N extends string>(
  ...names: N[]
): Schema<Record<N, Described<typeof link>>> =>
  obj(Object.fromEntries(names.map((n) => [n, link]))) as Schema<Record<N, Described<typeof link>>>;
export const success = constant('success');

/** Spec 4.2 `meta` of a list, as `pageMeta` builds it (the `PageMeta` component). */
export const PAGE_META = agrees<ReturnType<typeof pageMeta>>()(
  obj({ page: int, per_page: int, total_pages: int, items_count: int }),
  true,
);

/** A paged list `{status, <name>: [...], meta}` (spec 4.2) of `item`s. */
export const pagedBody = <N extends string, T>(name: N, item: Schema<T>) =>
  obj({ status: success, [name]: arr(item), meta: refTo('PageMeta', PAGE_META) }) as Schema<
    { status: 'success' } & Record<N, T[]> & { meta: Described<typeof PAGE_META> }
  >;

/**
 * What a dry run (issue 25) answers for an item it would create: the object `schema` with no id
 * yet (and what depends on it null), so `nulls` replaces those properties; no examples.
 */
export function dryRun<T, N extends Record<string, Schema<unknown>>>(
  schema: Schema<T>,
  nulls: N,
  description: string,
) {
  const properties = schema.properties as Record<string, Schema>;
  const out = {
    ...schema,
    properties: { ...properties, ...nulls },
    description,
    examples: undefined,
  };
  return out as Schema as Schema<Omit<T, keyof N> & { [K in keyof N]: Described<N[K]> }>;
}

/**
 * A bulk answer (207, issue 25): per item its index and either its outcome (`statuses`, with
 * `done`) or `status: error` with `failed` (`optional` keys of it may be absent); counts per
 * outcome; `dry_run` when asked.
 */
export function bulkBody<
  S extends string,
  D extends Record<string, Schema<unknown>>,
  F extends Record<string, Schema<unknown>>,
  O extends string = never,
>(statuses: [S, S], done: D, [failed, optional]: [F, O[]]) {
  const meta = obj(Object.fromEntries(['total', ...statuses, 'failed'].map((k) => [k, int])));
  return obj(
    {
      status: success,
      results: arr(
        oneOf(
          obj({ index: int, status: oneOfStr(...statuses), ...done }),
          obj({ index: int, status: constant('error'), ...failed }, optional),
        ),
      ),
      meta: meta as Schema<Record<'total' | S | 'failed', number>>,
      dry_run: constant(true),
    },
    ['dry_run'],
  );
}

/** `{status: success, message, …extra}`: the answer confirming a write. */
export const confirmation = <P extends Record<string, Schema<unknown>> = Record<never, never>>(
  extra: P = {} as P,
) => obj({ status: success, message: str, ...extra });

/** A success answer with a JSON body. */
export const ok = (description: string, schema: Schema, example?: unknown): ResponseSpec => ({
  description,
  schema,
  ...(example === undefined ? {} : { example }),
});

/** `spec`, kept once in `components.responses` as `name`; each operation refers to it. */
export const shared = (name: string, spec: ResponseSpec): ResponseSpec => ({
  ...spec,
  shared: name,
});

/**
 * The answers operations refer to with their own description (`ref`): one per error body schema
 * of spec 7, for errors without an example of their own, and the HTML page of spec 4.1 rule 3.
 * `tools/scripts/openapi.cjs` puts them (those in use) into `components.responses`.
 */
export const GENERIC_ANSWERS: Record<string, ResponseSpec> = {
  Error: ok('An error (shape (a) of spec 7) with its `code`.', ref('ErrorBody')),
  Refusal: ok('A refused request (spec 7: shape (b), or (a) with a code).', ref('RefusalBody')),
  ServerError: ok('A 500 (spec 7 lists the cases).', ref('ServerErrorBody')),
  OAuthError: ok('An OAuth error (shape (f) of spec 7).', ref('OAuthErrorBody')),
  Html: { description: 'An HTML page.', content: { 'text/html': { schema: str } } },
};
const genericFor = (body: string) =>
  Object.keys(GENERIC_ANSWERS).find(
    (name) => GENERIC_ANSWERS[name].schema?.$ref === ref(body).$ref,
  );

/**
 * An error answer in one of the shapes of spec 7 (components `ErrorBody` …): with an example of
 * its own inline, else the shared answer of its body schema with this description.
 */
export const fails = (description: string, body = 'ErrorBody', example?: unknown): ResponseSpec => {
  const generic = example === undefined ? genericFor(body) : undefined;
  return generic ? { description, ref: generic } : ok(description, ref(body), example);
};

/** A refused request (400, 422): shape (b) of spec 7, or (a) with its code (`RefusalBody`). */
export const refused = (description: string, example?: unknown): ResponseSpec =>
  fails(description, 'RefusalBody', example);

/** `"Article not found."` → `ArticleNotFound`: the name of a shared error answer. */
export const answerName = (message: string): string =>
  message
    .replace(/[^A-Za-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

/**
 * A JSON error of spec 7 with its own example body, shared under a name made of its message:
 * the `@IdParam` 404s of the generator and the tables' own not-found answers meet there.
 */
export const namedError = (
  description: string,
  body: { message: string } & Record<string, unknown>,
): ResponseSpec => shared(answerName(body.message), fails(description, 'ErrorBody', body));

/** Response headers several answers share, kept once in `components.headers`. */
export const SHARED_HEADERS: Record<string, { description?: string; schema: Schema }> = {
  RetryAfter: { schema: { type: 'integer', minimum: 1 } },
  ApiOriginLocation: { description: 'The API origin', schema: { type: 'string' } },
  NoStore: { description: '`no-store`', schema: { const: 'no-store' } },
  CacheOneHour: { schema: { const: 'public, max-age=3600' } },
  WwwAuthenticate: { schema: { type: 'string' } },
};

/** A shared header of `SHARED_HEADERS`. */
export const header = (name: keyof typeof SHARED_HEADERS & string): HeaderSpec => {
  if (!SHARED_HEADERS[name]) throw new Error(`openapi: no shared header ${name}`);
  return { $ref: `#/components/headers/${name}` };
};

/** An HTML answer (pages of spec 4.1 rule 3: HTML 404 …), the shared `Html` answer. */
export const html = (description: string): ResponseSpec => ({ description, ref: 'Html' });

/** A 302 to the API origin (spec 4.1 rule 3: invalid input without `Accept: application/json`). */
export const redirect = (description: string): ResponseSpec => ({
  description,
  headers: { Location: header('ApiOriginLocation') },
});

// --- the compiler's check of a schema against a mapper (issue 35 item 6) -------------------

type Scalar = string | number | boolean | bigint | symbol | null | undefined;
/** The object parts of a type (not arrays, not scalars). */
type ObjectPart<T> = Exclude<T, Scalar | readonly unknown[]>;
type ElementOf<T> = T extends readonly (infer E)[] ? E : never;
/** Every key of every member of a union. */
type KeysOf<T> = T extends unknown ? keyof T : never;
type ValueAt<T, K> = T extends unknown ? (K extends keyof T ? T[K] : undefined) : never;
type IsUnknown<T> = unknown extends T ? true : false;
type RequiredKeysOf<T> = T extends unknown
  ? { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T]
  : never;
/** The path of a difference, without its trailing dot; `value` at the top. */
type Where<P extends string> = P extends '' ? 'value' : P extends `${infer Q}.` ? Q : P;

/**
 * Where the value type `M` (what a mapper returns) and `S` (what its schema describes) part,
 * as messages with the path of each difference; `never` when they agree: at every depth the
 * mapper's objects have exactly the schema's properties, and its scalars fit the schema's.
 */
export type Disagreements<M, S, P extends string = '', Loose extends boolean = false> =
  IsItself<S> extends true
    ? never
    : IsUnknown<S> extends true
      ? IsUnknown<M> extends true
        ? never
        : `${Where<P>}: the schema does not say what it holds`
      : IsUnknown<M> extends true
        ? `${Where<P>}: the mapper does not say what it returns`
        : | ([Extract<M, Scalar>] extends [Extract<S, Scalar>] ? never : Misfit<P>)
          | ([ObjectPart<M>] extends [never]
              ? never
              : [ObjectPart<S>] extends [never]
                ? Misfit<P>
                : PropertyDisagreements<ObjectPart<M>, ObjectPart<S>, P, Loose>)
          | ([Extract<M, readonly unknown[]>] extends [never]
              ? never
              : [Extract<S, readonly unknown[]>] extends [never]
                ? Misfit<P>
                : Disagreements<ElementOf<M>, ElementOf<S>, `${Where<P>}[].`, Loose>);

/** `selfRef`'s marker (and not `never`, which agrees with nothing). */
type IsItself<S> = [S] extends [never] ? false : [S] extends [Itself] ? true : false;

type Misfit<P extends string> = `${Where<P>}: the mapper's value does not fit the schema`;

/** A free map (`map`, language maps) has no fixed keys: that its values fit is enough. */
type PropertyDisagreements<M, S, P extends string, Loose extends boolean> =
  string extends KeysOf<S>
    ? [M] extends [S]
      ? never
      : Misfit<P>
    : | `${P}${Exclude<KeysOf<M>, KeysOf<S>> & string}: in the mapper, not in the schema`
      | `${P}${Exclude<Loose extends true ? RequiredKeysOf<S> : KeysOf<S>, KeysOf<M>> & string}: in the schema, not in the mapper`
      | {
          [K in KeysOf<M> & KeysOf<S> & string]: Disagreements<
            ValueAt<M, K>,
            ValueAt<S, K>,
            `${P}${K}.`,
            Loose
          >;
        }[KeysOf<M> & KeysOf<S> & string];

/**
 * `true` when the schema `S` describes exactly the values `M`, else the disagreements; `Loose`:
 * a property the schema leaves optional may be absent from `M` (a component several answers
 * share, like the article with its `deleted_at`, held exactly where it is declared).
 */
export type Agreement<M, S extends Schema<unknown>, Loose extends boolean = false> = [M] extends [
  never,
]
  ? 'the mapper returns nothing (never)'
  : [Disagreements<M, Described<S>, '', Loose>] extends [never]
    ? true
    : Disagreements<M, Described<S>, '', Loose>;

/**
 * `schema`, held by the compiler against `M`, the type its mapper returns:
 * `agrees<ArticleResponse>()(obj({ … }), true)` does not compile while a property of one is
 * missing from the other or their values differ, and the error names each difference.
 */
export function agrees<M>() {
  return <S extends Schema<unknown>>(schema: S, _agreement: Agreement<M, S>): S => schema;
}

/** What Nest sends for handler `K` of controller `C`, as the compiler sees it. */
export type AnswerOf<C, K extends keyof C> = C[K] extends (...args: never[]) => infer R
  ? Awaited<R>
  : never;

/**
 * `agrees` for the answer of handler `K` of controller `C`, loosely: an optional property of the
 * schema (of a shared component) may be one this handler never sends.
 */
export function answers<C, K extends keyof C>() {
  return <S extends Schema<unknown>>(
    schema: S,
    _agreement: Agreement<AnswerOf<C, K>, S, true>,
  ): S => schema;
}
