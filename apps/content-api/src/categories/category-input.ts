import { FieldErrors, messages, validationError } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { LanguageMapInput, readLanguageMap, unsupportedLanguageMessage } from '@hc/content';

/** A category write as sent (spec 4.6); absent fields are undefined. */
export interface CategoryInput {
  name?: LanguageMapInput;
  description?: LanguageMapInput | null;
  /** 0 or null: top level. */
  parentId?: number | null;
  icon?: string | null;
  position?: number;
}

export const ICON_MAX = 190;
export const POSITION_MAX = 2_147_483_647;

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/**
 * Reads the body of POST/PATCH /categories. The parent link is `parent_id` (`parent`, the name
 * the read uses, is accepted too). Failures: 422 `validation_error` on the field (spec 2.1).
 */
export function readCategoryInput(
  body: Record<string, unknown>,
  site: SiteContext,
  creating: boolean,
): CategoryInput {
  const errors: FieldErrors = {};
  const input: CategoryInput = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const map = (field: 'name' | 'description') => {
    const raw = body[field];
    if (raw === undefined) return;
    if (raw === null) {
      if (field === 'name')
        fail('name', creating ? messages.required('name') : 'The name field cannot be cleared.');
      else input.description = null;
      return;
    }
    const r = readLanguageMap(raw, site);
    if (!r.ok) {
      if (r.problem.kind === 'unsupported_language')
        fail(field, unsupportedLanguageMessage(r.problem.code));
      else if (r.problem.kind === 'not_string')
        fail(`${field}.${r.problem.code}`, messages.string(`${field}.${r.problem.code}`));
      else fail(field, messages.object(field));
      return;
    }
    input[field] = r.value;
  };
  map('name');
  map('description');
  if (creating && input.name !== undefined && !Object.values(input.name).some((v) => v !== null)) {
    fail('name', messages.required('name'));
  } else if (creating && body.name === undefined) {
    fail('name', messages.required('name'));
  }

  const parentField =
    body.parent_id !== undefined ? 'parent_id' : body.parent !== undefined ? 'parent' : null;
  if (parentField) {
    const p = body[parentField];
    if (p === null || p === 0) input.parentId = null;
    else if (isInt(p) && p > 0) input.parentId = p;
    else fail(parentField, messages.integer(parentField));
  }

  if (body.icon !== undefined) {
    if (body.icon === null) input.icon = null;
    else if (typeof body.icon !== 'string') fail('icon', messages.string('icon'));
    else if (Array.from(body.icon).length > ICON_MAX)
      fail('icon', messages.maxString('icon', ICON_MAX));
    else input.icon = body.icon;
  }

  if (body.position !== undefined && body.position !== null) {
    if (!isInt(body.position)) fail('position', messages.integer('position'));
    else if (body.position < 0) fail('position', messages.minNumber('position', 0));
    // The column is a signed INT: a larger number is the caller's mistake, not a 500.
    else if (body.position > POSITION_MAX)
      fail('position', messages.maxNumber('position', POSITION_MAX));
    else input.position = body.position;
  }

  if (Object.keys(errors).length) throw validationError(errors);
  return input;
}

/**
 * The id array of the order endpoints. The documented key is `order`; a bare JSON array and the
 * plural resource name (`categories` / `articles`) are read too (decisions.md).
 */
export function readIdOrder(body: unknown, alias: string): number[] {
  const raw = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as Record<string, unknown>).order ?? (body as Record<string, unknown>)[alias])
      : undefined;
  if (raw === undefined || raw === null)
    throw validationError({ order: [messages.required('order')] });
  if (!Array.isArray(raw)) throw validationError({ order: [messages.array('order')] });
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  raw.forEach((v, i) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (!isInt(n) || n < 1) errors[`order.${i}`] = [messages.integer(`order.${i}`)];
    else if (seen.has(n)) errors[`order.${i}`] = [`The order.${i} field has a duplicate value.`];
    else seen.add(n);
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return [...seen];
}
