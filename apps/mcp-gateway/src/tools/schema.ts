// Tool input schemas. zod's v3 API (shipped inside zod 4) gives the spec's wording for unknown
// arguments: "Unrecognized key(s) in object: '<name>'" (spec 4.14).
import { z } from 'zod/v3';
import type { FieldSpec, FieldTable } from '@hc/contracts';

export { z };

/** Spec 4.14 rule 1: two letters, optionally a hyphen and two more (zh-Hans, fil, mul refused). */
export const LANGUAGE_KEY = /^[a-z]{2}(-[A-Za-z]{2})?$/;
export const LANGUAGE_KEY_MESSAGE =
  'Language keys are two letters, optionally followed by a hyphen and two more letters (for example en, de, de-AT).';

export const language = () => z.string().regex(LANGUAGE_KEY, LANGUAGE_KEY_MESSAGE);

/** A per-language text: an object keyed by language code. */
export const languageMap = (what: string, maxLength?: number) =>
  z
    .record(maxLength === undefined ? z.string() : z.string().max(maxLength))
    .superRefine((map, ctx) => {
      for (const key of Object.keys(map)) {
        if (!LANGUAGE_KEY.test(key)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `${LANGUAGE_KEY_MESSAGE} Got "${key}".`,
            path: [key],
          });
        }
      }
    })
    .describe(`${what}, keyed by language code, e.g. {"en": "…", "de": "…"}`);

export const id = (what: string) => z.number().int().positive().describe(what);

export const responseFormat = z
  .enum(['markdown', 'json'])
  .optional()
  .describe(
    'markdown (default): a short summary without article bodies; json: the full API response',
  );

export const page = z.number().int().min(1).optional().describe('Page number, from 1');

/** A list's `limit`: 1 to 100; `description` says the default. */
export const pageSize = (description: string) =>
  z.number().int().min(1).max(100).optional().describe(description);

export type Shape = z.ZodRawShape;

/** The value an entry of a field table holds (`@hc/contracts` request-fields). */
type ValueOf<S> = S extends { kind: 'text' }
  ? string
  : S extends { kind: 'integer' }
    ? number
    : S extends { kind: 'boolean' }
      ? boolean
      : S extends { kind: 'choice'; values: readonly (infer V)[] }
        ? V
        : S extends { kind: 'ids' }
          ? number[]
          : S extends { kind: 'languageMap' }
            ? Record<string, string>
            : S extends { kind: 'object'; fields: infer F }
              ? { [K in keyof F]?: ValueOf<F[K]> }
              : never;
type FieldValue<S> = ValueOf<S> | (S extends { null: 'clears' } ? null : never);

/**
 * A tool argument from the REST field table (issue 21 item 6): the bounds, values and words of
 * the DTO's field, in zod. Objects stay strict and language maps keep the tool's key rule
 * (spec 4.14 rule 1); a null is accepted where it clears the field.
 */
export function fromField<S extends FieldSpec>(
  spec: S,
  description?: string,
): z.ZodType<FieldValue<S>> {
  const words = description ?? spec.description;
  let schema: z.ZodTypeAny;
  switch (spec.kind) {
    case 'text': {
      let text = z.string();
      if (spec.minLength !== undefined) text = text.min(spec.minLength);
      if (spec.maxLength !== undefined) text = text.max(spec.maxLength);
      schema = text;
      break;
    }
    case 'integer': {
      let n = z.number().int();
      if (spec.minimum !== undefined) n = n.min(spec.minimum);
      if (spec.maximum !== undefined) n = n.max(spec.maximum);
      schema = n;
      break;
    }
    case 'boolean':
      schema = z.boolean();
      break;
    case 'choice':
      schema = z.enum(spec.values as [string, ...string[]]);
      break;
    case 'ids':
      schema = z.array(z.number().int().positive());
      break;
    case 'languageMap':
      schema = languageMap(words, spec.maxLength);
      break;
    case 'object':
      schema = z
        .object(
          Object.fromEntries(
            Object.entries(spec.fields).map(([key, sub]) => [key, fromField(sub).optional()]),
          ),
        )
        .strict();
      break;
  }
  if (spec.null === 'clears') schema = schema.nullable();
  return (spec.kind === 'languageMap' ? schema : schema.describe(words)) as z.ZodType<
    FieldValue<S>
  >;
}

/** Optional tool arguments for the named entries of a field table, as the REST DTO has them. */
export function fromFields<T extends FieldTable, const K extends keyof T & string>(
  table: T,
  keys: readonly K[],
): { [P in K]: z.ZodOptional<z.ZodType<FieldValue<T[P]>>> } {
  return Object.fromEntries(keys.map((k) => [k, fromField(table[k]).optional()])) as {
    [P in K]: z.ZodOptional<z.ZodType<FieldValue<T[P]>>>;
  };
}

/** Optional tool arguments for every entry of a field table. */
export function fromTable<T extends FieldTable>(table: T) {
  return fromFields(table, Object.keys(table) as Array<keyof T & string>);
}
