import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { ApiError, FieldErrors, messages, validationError } from '@hc/contracts';
import { sanitizeJson } from './json-body';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);
const ERROR_SHAPE = Symbol('hc:validation-error-shape');

/**
 * A DTO whose endpoint answers validation failures in another shape than the plain shape (b)
 * (change sets add `reason`) names its error factory here; the global pipe uses it.
 */
export function ValidationErrorShape(factory: (errors: FieldErrors) => ApiError): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(ERROR_SHAPE, factory, target);
  };
}

/** class-validator's default messages start with the property name; ours start with "The". */
function translate(constraint: string, property: string, raw: string, args: unknown[]): string {
  if (!raw.startsWith(`${property} `)) return raw; // a message the DTO chose itself
  const n = Number(args[0]);
  switch (constraint) {
    case 'isDefined':
    case 'isNotEmpty':
    case 'arrayNotEmpty':
      return messages.required(property);
    case 'isBoolean':
      return messages.boolean(property);
    case 'isString':
      return messages.string(property);
    case 'isInt':
    case 'isNumber':
      return messages.integer(property);
    case 'isArray':
      return messages.array(property);
    case 'isObject':
      return messages.object(property);
    case 'max':
      return messages.maxNumber(property, n);
    case 'min':
      return messages.minNumber(property, n);
    case 'maxLength':
      return messages.maxString(property, n);
    case 'minLength':
      return messages.minString(property, n);
    case 'arrayMaxSize':
      return messages.maxItems(property, n);
    case 'isIn':
    case 'isEnum':
      return messages.selectedInvalid(property);
    case 'isUrl':
      return messages.url(property);
    default:
      return raw;
  }
}

function collect(errors: ValidationError[], prefix = '', out: FieldErrors = {}): FieldErrors {
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) {
      const list = (out[path] ??= []);
      for (const [constraint, raw] of Object.entries(e.constraints)) {
        const args = (e.contexts?.[constraint]?.args as unknown[]) ?? extractArgs(raw);
        list.push(translate(constraint, e.property, raw, args));
      }
    }
    if (e.children?.length) collect(e.children, path, out);
  }
  return out;
}

function extractArgs(raw: string): unknown[] {
  const m = /(-?\d+(?:\.\d+)?)/.exec(raw);
  return m ? [Number(m[1])] : [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The one global validation pipe: DTO classes (class-validator) for bodies and queries; failures
 * become 422 shape (b) with the spec's field messages. Unknown fields are dropped, not refused.
 */
@Injectable()
export class HcValidationPipe implements PipeTransform {
  async transform(value: unknown, meta: ArgumentMetadata): Promise<unknown> {
    const type = meta.metatype;
    if (!type || PRIMITIVES.has(type) || (meta.type !== 'body' && meta.type !== 'query'))
      return value;
    // A body that is not an object (a top-level array) reads as empty, like a body without the
    // JSON content type (spec 4.1 rule 4); prototype keys never reach class-transformer.
    const plain = isPlainObject(value) ? value : {};
    sanitizeJson(plain);
    const instance = plainToInstance(type, plain, { enableImplicitConversion: false });
    const errors = await validate(instance as object, {
      whitelist: true,
      forbidUnknownValues: false,
      // One message per field: the first check that fails (spec 7 lists one per rule broken).
      stopAtFirstError: true,
      validationError: { target: false, value: false },
    });
    if (errors.length) {
      // Nest resolves a handler's parameters together and answers the first refusal. Path
      // parameters are settled within this turn (the id and theme pipes are synchronous), so
      // refusing the body one turn later lets a path's 404 win over the body's 422.
      await new Promise((resolve) => setImmediate(resolve));
      const shape = Reflect.getMetadata(ERROR_SHAPE, type) as
        ((errors: FieldErrors) => ApiError) | undefined;
      throw (shape ?? validationError)(collect(errors));
    }
    return instance;
  }
}
