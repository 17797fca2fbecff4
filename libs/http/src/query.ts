import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { messages } from '@hc/contracts';

type Query = Record<string, unknown>;

/**
 * How a query DTO reads the query string (`@BodyFrom(readQuery)`): values trimmed, an empty
 * value as if absent. A value sent twice stays a list, which every reader below refuses.
 */
export function readQuery(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Query = {};
  for (const [key, value] of Object.entries(raw as Query)) {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v !== '' && v !== undefined) out[key] = v;
  }
  return out;
}

/** A class-validator check named `name` that fails with `problem`'s message (none: valid). */
function checkedBy(
  name: string,
  problem: (field: string, value: unknown) => string | undefined,
): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (v: unknown, args) => problem(args?.property ?? '', v) === undefined,
      defaultMessage: (args) => problem(args?.property ?? '', args?.value) ?? '',
    },
  });
}

/**
 * A query DTO's `1`/`0` boolean (spec 4.1 rule 7): read as true/false; anything else, the words
 * included (unless `acceptWords`: DELETE /images `force`), fails with
 * `The <field> field must be true or false.`
 */
export function QueryBoolean(
  description: string,
  opts: { acceptWords?: boolean } = {},
): PropertyDecorator {
  const yes = opts.acceptWords ? ['1', 'true'] : ['1'];
  const no = opts.acceptWords ? ['0', 'false'] : ['0'];
  return applyDecorators(
    ApiPropertyOptional({ type: 'string', enum: [...yes, ...no], description }),
    Transform(({ value }: { value: unknown }) =>
      yes.includes(value as string) ? true : no.includes(value as string) ? false : value,
    ),
    IsOptional(),
    checkedBy('isQueryBoolean', (field, v) =>
      typeof v === 'boolean' ? undefined : messages.boolean(field),
    ),
  );
}

/** A query DTO's text: one value (not a list), trimmed, at most `max` long; empty reads as absent (`readQuery`). */
export function QueryText(description: string, example?: string, max?: number): PropertyDecorator {
  const problem = (field: string, v: unknown): string | undefined => {
    if (typeof v !== 'string') return messages.string(field);
    if (max !== undefined && v.length > max) return messages.maxString(field, max);
    return undefined;
  };
  return applyDecorators(
    ApiPropertyOptional({ type: 'string', description, example, maxLength: max }),
    IsOptional(),
    checkedBy('isString', problem),
  );
}

/**
 * A query DTO's whole number (`-?\d+`), read as a number; `min`/`max` answer the spec's
 * `must be at least` / `may not be greater than` messages, anything else `must be an integer.`
 */
export function QueryInteger(
  description: string,
  range: { min?: number; max?: number; example?: number } = {},
): PropertyDecorator {
  const { min, max, example } = range;
  const problem = (field: string, v: unknown): string | undefined => {
    if (typeof v !== 'number') return messages.integer(field);
    if (min !== undefined && v < min) return messages.minNumber(field, min);
    if (max !== undefined && v > max) return messages.maxNumber(field, max);
    return undefined;
  };
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', description, example, minimum: min, maximum: max }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
    ),
    IsOptional(),
    checkedBy('isQueryInteger', problem),
  );
}

/** A query DTO's choice among `values`; another fails with `message` (default: `selected … is invalid`). */
export function QueryEnum(
  values: readonly string[],
  description: string,
  message?: string,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'string', enum: [...values], description }),
    IsOptional(),
    checkedBy('isQueryEnum', (field, v) =>
      typeof v === 'string' && values.includes(v)
        ? undefined
        : (message ?? messages.selectedInvalid(field)),
    ),
  );
}
