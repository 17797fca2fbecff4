// What every operation handler works on, and how it refuses (spec 4.12, 422 template_invalid).
import { isPageKey, PAGE_KEYS } from '@hc/design';
import type { DesignDocument, PageKey, Translations } from '@hc/design';

export interface BatchState {
  doc: DesignDocument;
  translations: Translations;
  warnings: string[];
  /** Component ids added or changed by the batch (for the doubt warnings). */
  touched: Set<string>;
  /** brand.logoAssetId changed by the batch. */
  logoTouched: boolean;
}

export type OpFields = Record<string, unknown>;
export type OpResult = Record<string, unknown>;

/** One refused operation; `path` names the operation's field (or, for `set`, the document path). */
export class OpFailure extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export function fail(path: string, message: string): never {
  throw new OpFailure(path, message);
}

export function optionalString(op: OpFields, field: string, max?: number): string | undefined {
  const v = op[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') fail(field, `The ${field} must be a string.`);
  if (max !== undefined && v.length > max)
    fail(field, `The ${field} must not be longer than ${max} characters.`);
  return v;
}

export function requiredString(op: OpFields, field: string): string {
  const v = optionalString(op, field);
  if (v === undefined) fail(field, `The ${field} field is required.`);
  return v;
}

export function optionalBoolean(op: OpFields, field: string): boolean | undefined {
  const v = op[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') fail(field, `The ${field} must be true or false.`);
  return v;
}

export function optionalPage(op: OpFields, field = 'page'): PageKey | undefined {
  const v = op[field];
  if (v === undefined || v === null) return undefined;
  if (!isPageKey(v)) fail(field, `The ${field} must be one of ${PAGE_KEYS.join(', ')}.`);
  return v;
}

export function requiredPage(op: OpFields, field: string): PageKey {
  const page = optionalPage(op, field);
  if (!page) fail(field, `The ${field} field is required.`);
  return page;
}

/** `index` from 0 up to `length` (the end, the default). */
export function readIndex(op: OpFields, length: number, field = 'index'): number {
  const v = op[field];
  if (v === undefined || v === null) return length;
  if (typeof v !== 'number' || !Number.isInteger(v))
    fail(field, `The ${field} must be an integer.`);
  if (v < 0 || v > length) fail(field, `The ${field} must be between 0 and ${length}.`);
  return v;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
