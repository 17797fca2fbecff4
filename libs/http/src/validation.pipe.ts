import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import {
  ApiError,
  FieldErrors,
  illFormedTextPaths,
  messages,
  validationError,
} from '@hc/contracts';
import { sanitizeJson } from './json-body';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);
const ERROR_SHAPE = Symbol('hc:validation-error-shape');
const BODY_FROM = Symbol('hc:body-from');
/** Separates a sub-path (`en` of `title.en`) from the message in a constraint's message. */
const SUB_PATH = '\u001f';

/** One failed check, in the order the DTO declares its fields: `title.en`, `maxLength`, text. */
export interface FieldFailure {
  path: string;
  constraint: string;
  message: string;
}

/** `body` is the object the DTO was read from (a field sent as null and one left out differ). */
export type ValidationErrorFactory = (
  errors: FieldErrors,
  failures: FieldFailure[],
  body: Record<string, unknown>,
) => ApiError;

/**
 * A DTO whose endpoint answers validation failures in another shape than the plain shape (b)
 * (change sets add `reason`, PATCH /articles has no `status`, some fields are 400) names its
 * error factory here; the global pipe uses it.
 */
export function ValidationErrorShape(factory: ValidationErrorFactory): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(ERROR_SHAPE, factory, target);
  };
}

/**
 * A DTO whose body may arrive in another form than an object names how to read it: the order
 * endpoints take a bare JSON array as `{order: [...]}`. Whatever `read` returns that is not an
 * object reads as an empty body.
 */
export function BodyFrom(read: (raw: unknown) => unknown): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(BODY_FROM, read, target);
  };
}

const OBJECT_BODY = Symbol('hc:object-body');
const TEXT_CHECKED_BY = Symbol('hc:text-checked-by');

/**
 * A DTO whose field `field` is judged for ill-formed text by its endpoint, in its own answer
 * (a design batch's operations: `template_invalid`), not by the pipe.
 */
export function TextCheckedByEndpoint(field: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(TEXT_CHECKED_BY, field, target);
  };
}

/**
 * A DTO whose endpoint refuses a body that is not an object (a top-level array) on the field
 * `path` with `message`, instead of reading it as empty.
 */
export function ObjectBody(path: string, message: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(OBJECT_BODY, { path, message }, target);
  };
}

/**
 * A message for a part of a field (`title.en` of the field `title`): a validator on `title`
 * returns it so the error is filed under `title.en`.
 */
export function subFieldMessage(subPath: string, message: string): string {
  return `${subPath}${SUB_PATH}${message}`;
}

/** class-validator's constraints whose default message we word ourselves, by their `messages` wording. */
const OUR_WORDING: Record<string, (property: string, n: number) => string> = {
  isDefined: messages.required,
  isNotEmpty: messages.required,
  arrayNotEmpty: messages.required,
  isBoolean: messages.boolean,
  isString: messages.string,
  isInt: messages.integer,
  isNumber: messages.integer,
  isArray: messages.array,
  isObject: messages.object,
  max: messages.maxNumber,
  min: messages.minNumber,
  maxLength: messages.maxString,
  minLength: messages.minString,
  arrayMaxSize: messages.maxItems,
  isIn: messages.selectedInvalid,
  isEnum: messages.selectedInvalid,
  isUrl: messages.url,
};

/** class-validator's default messages start with the property name; ours start with "The". */
function translate(constraint: string, property: string, raw: string, args: unknown[]): string {
  if (!raw.startsWith(`${property} `)) return raw; // a message the DTO chose itself
  const word = Object.hasOwn(OUR_WORDING, constraint) ? OUR_WORDING[constraint] : undefined;
  return word ? word(property, Number(args[0])) : raw;
}

function collect(errors: ValidationError[], prefix = '', out: FieldFailure[] = []): FieldFailure[] {
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const constraints = Object.entries(e.constraints ?? {});
    for (const [constraint, raw] of constraints) {
      // A nested object's own check (`@Field`) already said it is not an object.
      if (constraint === 'nestedValidation' && constraints.length > 1) continue;
      const cut = raw.indexOf(SUB_PATH);
      if (cut >= 0) {
        out.push({ path: `${path}.${raw.slice(0, cut)}`, constraint, message: raw.slice(cut + 1) });
        continue;
      }
      const args = (e.contexts?.[constraint]?.args as unknown[]) ?? extractArgs(raw);
      out.push({ path, constraint, message: translate(constraint, e.property, raw, args) });
    }
    if (e.children?.length) collect(e.children, path, out);
  }
  return out;
}

/** The failures as shape (b)'s `errors`: field path to its messages. */
export function fieldErrorsOf(failures: FieldFailure[]): FieldErrors {
  const out: FieldErrors = {};
  for (const f of failures) (out[f.path] ??= []).push(f.message);
  return out;
}

function extractArgs(raw: string): unknown[] {
  const m = /(-?\d+(?:\.\d+)?)/.exec(raw);
  return m ? [Number(m[1])] : [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export type DtoCheck<T> =
  { ok: true; value: T } | { ok: false; failures: FieldFailure[]; body: Record<string, unknown> };

/**
 * Reads `raw` into the DTO class `type` and runs its checks: what the global pipe does for a
 * body or query, for callers that judge one object of a larger body (bulk items). Unknown fields
 * are dropped; each field gets the message of the first check it fails.
 */
export function checkDto<T extends object>(type: new () => T, raw: unknown): DtoCheck<T> {
  const read = Reflect.getMetadata(BODY_FROM, type) as ((raw: unknown) => unknown) | undefined;
  const value = read ? read(raw) : raw;
  const refuse = Reflect.getMetadata(OBJECT_BODY, type) as
    { path: string; message: string } | undefined;
  if (refuse && value !== undefined && !isPlainObject(value))
    return { ok: false, failures: [{ ...refuse, constraint: 'isObject' }], body: {} };
  // A body that is not an object (a top-level array) reads as empty, like a body without the
  // JSON content type (spec 4.1 rule 4); prototype keys never reach class-transformer.
  const plain = isPlainObject(value) ? value : {};
  sanitizeJson(plain);
  const instance = plainToInstance(type, plain, { enableImplicitConversion: false });
  const errors = validateSync(instance, {
    whitelist: true,
    forbidUnknownValues: false,
    // One message per field: the first check that fails (spec 7 lists one per rule broken).
    stopAtFirstError: true,
    validationError: { target: false, value: false },
  });
  const found = collect(errors);
  const own = Reflect.getMetadata(TEXT_CHECKED_BY, type) as string | undefined;
  const failures = [
    ...found,
    ...illFormedText(
      instance,
      own ? [...found, { path: own, constraint: '', message: '' }] : found,
    ),
  ];
  return failures.length ? { ok: false, failures, body: plain } : { ok: true, value: instance };
}

/**
 * Issue 34 item 7: a string of the checked body (unknown fields are gone by now) holding an
 * unpaired surrogate is refused on its own path, unless its field already failed a check.
 */
function illFormedText(instance: object, failed: FieldFailure[]): FieldFailure[] {
  const top = (path: string) => path.split('.')[0];
  const taken = new Set(failed.map((f) => top(f.path)));
  return illFormedTextPaths(instance)
    .filter((path) => path && !taken.has(top(path)))
    .map((path) => ({ path, constraint: 'isWellFormed', message: messages.text(path) }));
}

/** The error a DTO's failures answer: its own shape (`@ValidationErrorShape`) or shape (b). */
export function dtoError(
  type: object,
  failures: FieldFailure[],
  body: Record<string, unknown> = {},
): ApiError {
  const shape = Reflect.getMetadata(ERROR_SHAPE, type) as ValidationErrorFactory | undefined;
  const errors = fieldErrorsOf(failures);
  return shape ? shape(errors, failures, body) : validationError(errors);
}

/**
 * The one global validation pipe: DTO classes (class-validator) for bodies and queries; failures
 * become 422 shape (b) with the spec's field messages, or the DTO's own shape. Unknown fields
 * are dropped, not refused.
 */
@Injectable()
export class HcValidationPipe implements PipeTransform {
  async transform(value: unknown, meta: ArgumentMetadata): Promise<unknown> {
    const type = meta.metatype as (new () => object) | undefined;
    if (!type || PRIMITIVES.has(type) || (meta.type !== 'body' && meta.type !== 'query'))
      return value;
    const checked = checkDto(type, value);
    if (checked.ok) return checked.value;
    // Nest resolves a handler's parameters together and answers the first refusal. Path
    // parameters are settled within this turn (the id and theme pipes are synchronous), so
    // refusing the body one turn later lets a path's 404 win over the body's 422.
    await new Promise((resolve) => setImmediate(resolve));
    throw dtoError(type, checked.failures, checked.body);
  }
}
