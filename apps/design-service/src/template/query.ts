import { fieldError, messages } from '@hc/contracts';
import { queryEnum } from '@hc/http';

export function requiredQueryError(field: string) {
  return fieldError(field, messages.required(field));
}

/** A required query parameter from a fixed list (422 validation_error otherwise). */
export function requiredQuery<T extends string>(
  query: Record<string, unknown>,
  field: string,
  allowed: readonly T[],
): T {
  const value = queryEnum(query, field, allowed);
  if (value === undefined) throw requiredQueryError(field);
  return value;
}
