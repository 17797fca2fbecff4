import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ValidateBy, ValidateIf, ValidateNested, ValidationArguments } from 'class-validator';
import { FieldSpec, FieldTable, messages } from '@hc/contracts';
import { subFieldMessage } from './validation.pipe';

/** Spec 2.1 language codes; a key outside them is refused by `languageKeys`. */
type LanguageCheck = (code: string) => boolean;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The OpenAPI schema of one field of the table (request bodies in docs/openapi.json). */
export function fieldSchema(spec: FieldSpec): Record<string, unknown> {
  const nullNote =
    spec.null === 'clears' ? ' null: none.' : spec.null === 'ignored' ? ' null: ignored.' : '';
  const base = {
    description: `${spec.description}.${nullNote}`.replace('..', '.'),
    ...(spec.example !== undefined ? { example: spec.example } : {}),
  };
  switch (spec.kind) {
    case 'text':
      return { ...base, type: 'string', maxLength: spec.maxLength, minLength: spec.minLength };
    case 'integer':
      return { ...base, type: 'integer', minimum: spec.minimum, maximum: spec.maximum };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'choice':
      return { ...base, type: 'string', enum: [...spec.values] };
    case 'ids':
      return { ...base, type: 'array', items: { type: 'integer', minimum: 1 } };
    case 'languageMap':
      return {
        ...base,
        type: 'object',
        // null (or an empty text) clears that language (spec 2.1).
        additionalProperties: { type: ['string', 'null'], maxLength: spec.maxLength },
      };
    case 'object':
      return {
        ...base,
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(spec.fields).map(([k, v]) => [
            k,
            v.null ? nullableFieldSchema(v) : fieldSchema(v),
          ]),
        ),
      };
  }
}

/**
 * The schema of a field that reads a null (ignored, or "none"): the value's schema or null, as
 * OpenAPI 3.1 says it (`anyOf` with `{type: 'null'}`; Nest reads a `type` list as an array). The
 * words and the example stay beside it.
 */
export function nullableFieldSchema(spec: FieldSpec): Record<string, unknown> {
  const { description, example, ...value } = fieldSchema(spec);
  return {
    description,
    ...(example !== undefined ? { example } : {}),
    anyOf: [value, { type: 'null' }],
  };
}

/** A refused field: the message, and the part of the field it is about (`en` of `title.en`). */
export interface FieldProblem {
  at?: string;
  message: string;
}

const problem = (message: string, at?: string): FieldProblem => ({ message, at });

/**
 * The REST reading of a field of the table: its first broken rule, or null. `isLanguage` tells
 * a language code (spec 2.1); which codes a site has is the service's check.
 */
export function fieldProblem(
  spec: FieldSpec,
  field: string,
  value: unknown,
  isLanguage: LanguageCheck,
): FieldProblem | null {
  if (value === null && spec.null) return null;
  switch (spec.kind) {
    case 'text': {
      if (typeof value !== 'string') return problem(messages.string(field));
      const length = Array.from(value).length;
      if (spec.minLength !== undefined && length < spec.minLength)
        return problem(
          spec.minLength === 1
            ? messages.required(field)
            : messages.minString(field, spec.minLength),
        );
      if (spec.maxLength !== undefined && length > spec.maxLength)
        return problem(messages.maxString(field, spec.maxLength));
      return null;
    }
    case 'integer': {
      const n =
        spec.zeroMeansNone && typeof value === 'string' && /^\d{1,10}$/.test(value)
          ? Number(value)
          : value;
      if (!isInt(n)) return problem(messages.integer(field));
      if (spec.zeroMeansNone && n === 0) return null;
      if (spec.minimum !== undefined && n < spec.minimum)
        return problem(
          spec.zeroMeansNone ? messages.integer(field) : messages.minNumber(field, spec.minimum),
        );
      if (spec.maximum !== undefined && n > spec.maximum)
        return problem(messages.maxNumber(field, spec.maximum));
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : problem(messages.boolean(field));
    case 'choice':
      return typeof value === 'string' && spec.values.includes(value)
        ? null
        : problem(messages.selectedInvalid(field));
    case 'ids':
      if (!Array.isArray(value)) return problem(messages.array(field));
      return value.every((v) => isInt(v) && v > 0) ? null : problem(messages.integer(field));
    case 'languageMap':
      return languageMapProblem(spec, field, value, isLanguage);
    case 'object': {
      if (!isObject(value)) return problem(messages.object(field));
      for (const [key, sub] of Object.entries(spec.fields)) {
        if (value[key] === undefined) continue;
        const found = fieldProblem(sub, `${field}.${key}`, value[key], isLanguage);
        if (found) return problem(found.message, found.at ? `${key}.${found.at}` : key);
      }
      return null;
    }
  }
}

/** Marks a language-key refusal so an endpoint can answer it in its own status (spec 2.1). */
export const LANGUAGE_KEY_CONSTRAINT = 'languageKey';

function languageMapProblem(
  spec: Extract<FieldSpec, { kind: 'languageMap' }>,
  field: string,
  value: unknown,
  isLanguage: LanguageCheck,
): FieldProblem | null {
  // An empty map may come back as `[]`, the way an empty description reads (spec 2.1).
  if (Array.isArray(value) && value.length === 0) return null;
  if (!isObject(value)) return problem(messages.object(field));
  for (const [code, text] of Object.entries(value)) {
    if (!isLanguage(code)) return null; // the `languageKey` check answers it
    const path = `${field}.${code}`;
    if (text === null || typeof text === 'number') continue;
    if (typeof text !== 'string') return problem(messages.string(path), code);
    if (spec.maxLength !== undefined && Array.from(text.trim()).length > spec.maxLength)
      return problem(messages.maxString(path, spec.maxLength), code);
    if (spec.maxBytes !== undefined && Buffer.byteLength(text) > spec.maxBytes)
      return problem(
        `The ${path} field must not be larger than ${Math.round(spec.maxBytes / 2 ** 20)} MB.`,
        code,
      );
  }
  return null;
}

/** The first key of a language map (nested in `object` fields too) that is not a language code. */
function foreignKey(spec: FieldSpec, value: unknown, isLanguage: LanguageCheck): string | null {
  if (!isObject(value)) return null;
  if (spec.kind === 'languageMap') return Object.keys(value).find((k) => !isLanguage(k)) ?? null;
  if (spec.kind !== 'object') return null;
  for (const [key, sub] of Object.entries(spec.fields)) {
    const found = foreignKey(sub, value[key], isLanguage);
    if (found !== null) return found;
  }
  return null;
}

export interface FieldOptions {
  /** Present and not null; the message when missing (default `The <field> field is required.`). */
  required?: boolean;
  /** The language codes a key may be (spec 2.1); required for language maps. */
  isLanguage?: LanguageCheck;
  /** The message for a key that is not a language code (default: the field's object message). */
  languageKeyMessage?: (code: string) => string;
  /** The message for a null the entry does not allow (default: the kind's message). */
  nullMessage?: string;
  /** The field's name in messages when it sits inside another (`metadata.title`). */
  path?: string;
}

/**
 * The class an `object` entry's value is read into, one `@Field` per sub-field, so each sub-field
 * is judged and reported on its own (`metadata.title.en` and `metadata.description.en`).
 */
function nestedClass(
  spec: Extract<FieldSpec, { kind: 'object' }>,
  path: string,
  options: FieldOptions,
) {
  class Nested {}
  for (const [key, sub] of Object.entries(spec.fields)) {
    Field(sub, { ...options, required: false, nullMessage: undefined, path: `${path}.${key}` })(
      Nested.prototype,
      key,
    );
  }
  return Nested;
}

/**
 * A DTO property checked and documented from its entry in a field table of `@hc/contracts`:
 * absent (and null where the entry allows it) passes; otherwise the first rule broken gives
 * the property's one message. A language map's refused key is the `languageKey` constraint.
 */
export function Field(spec: FieldSpec, options: FieldOptions = {}): PropertyDecorator {
  return (target, key) =>
    applyDecorators(...fieldDecorators(spec, { ...options, path: options.path ?? String(key) }))(
      target,
      key,
    );
}

function fieldDecorators(spec: FieldSpec, options: FieldOptions): PropertyDecorator[] {
  const isLanguage = options.isLanguage ?? (() => true);
  const name = () => options.path ?? '';
  // An object's sub-fields are judged by its nested class, not here.
  const own: FieldSpec = spec.kind === 'object' ? { ...spec, fields: {} } : spec;
  const judge = (args?: ValidationArguments) =>
    args?.value === null && options.nullMessage
      ? problem(options.nullMessage)
      : fieldProblem(own, name(), args?.value, isLanguage);
  // class-validator runs a property's checks in the order they are declared here, and the
  // global pipe keeps the first failure: required, then language keys, then the field's rules.
  const decorators: PropertyDecorator[] = [
    options.required
      ? ApiProperty(fieldSchema(spec))
      : ApiPropertyOptional(spec.null ? nullableFieldSchema(spec) : fieldSchema(spec)),
  ];
  if (options.required) {
    decorators.push(
      ValidateBy({
        name: 'isDefined',
        validator: {
          validate: (v: unknown) => v !== undefined && v !== null,
          defaultMessage: () => messages.required(name()),
        },
      }),
    );
  } else {
    decorators.push(ValidateIf((_o, v: unknown) => v !== undefined && !(v === null && spec.null)));
  }
  if (spec.kind === 'languageMap') {
    decorators.push(
      ValidateBy({
        name: LANGUAGE_KEY_CONSTRAINT,
        validator: {
          validate: (v: unknown) => foreignKey(spec, v, isLanguage) === null,
          defaultMessage: (args) => {
            const code = foreignKey(spec, args?.value, isLanguage) ?? '';
            return options.languageKeyMessage?.(code) ?? messages.object(name());
          },
        },
      }),
    );
  }
  decorators.push(
    ValidateBy({
      name: 'field',
      validator: {
        validate: (_v: unknown, args) => judge(args) === null,
        defaultMessage: (args) => {
          const found = judge(args);
          if (!found) return '';
          return found.at ? subFieldMessage(found.at, found.message) : found.message;
        },
      },
    }),
  );
  if (spec.kind === 'object') {
    const Nested = nestedClass(spec, name(), options);
    decorators.push(
      ValidateNested(),
      Type(() => Nested),
    );
  }
  return decorators;
}

/** Every entry of a table as `[name, spec]`, for DTOs that take all of them. */
export function fieldsOf<T extends FieldTable>(table: T): Array<[keyof T & string, FieldSpec]> {
  return Object.entries(table) as Array<[keyof T & string, FieldSpec]>;
}
