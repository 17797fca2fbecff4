// add_css, update_css, remove_css (spec 4.12): up to 204,800 bytes per block and in total; a
// block that would render as nothing is refused; unsafe constructs are removed at render with a
// warning.
import { byteLength, CSS_MAX_BYTES, CssParseError, renderCss } from '../document/css';
import { COMPONENT_ID, newId } from '../document/tree';
import type { CssItem } from '@hc/design';
import {
  BatchState,
  fail,
  OpFields,
  OpResult,
  optionalBoolean,
  optionalString,
  readIndex,
  sameJson,
} from './context';

function readCss(state: BatchState, css: unknown, label: string): string {
  if (typeof css !== 'string') fail('css', 'The css must be a string.');
  if (byteLength(css) > CSS_MAX_BYTES) fail('css', 'The CSS block is larger than 204,800 bytes.');
  let rendered;
  try {
    rendered = renderCss(css);
  } catch (err) {
    if (err instanceof CssParseError) fail('css', err.message);
    throw err;
  }
  if (!rendered.css) fail('css', 'The CSS block would render as nothing.');
  if (rendered.removed.length) {
    state.warnings.push(
      `CSS block "${label}": ${rendered.removed.join(', ')} removed at render (not allowed).`,
    );
  }
  return css;
}

function checkTotal(items: CssItem[]): void {
  const total = items.reduce((n, i) => n + byteLength(i.css), 0);
  if (total > CSS_MAX_BYTES)
    fail('css', 'All CSS blocks together would be larger than 204,800 bytes.');
}

export function readItemId(op: OpFields, used: Iterable<string>, what: string): string | undefined {
  if (op.id === undefined || op.id === null) return undefined;
  if (typeof op.id !== 'string' || !COMPONENT_ID.test(op.id)) {
    fail(
      'id',
      'The id must be 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.',
    );
  }
  if ([...used].includes(op.id))
    fail('id', `The id "${op.id}" is already used by another ${what}.`);
  return op.id;
}

function findCss(state: BatchState, op: OpFields): number {
  if (typeof op.id !== 'string') fail('id', 'The id field is required.');
  const index = state.doc.customCssItems.findIndex((i) => i.id === op.id);
  if (index < 0) fail('id', `Unknown CSS block id "${op.id}".`);
  return index;
}

export function addCss(state: BatchState, op: OpFields): OpResult {
  const items = state.doc.customCssItems;
  if (op.css === undefined) fail('css', 'The css field is required.');
  const used = new Set(items.map((i) => i.id));
  const id = readItemId(op, used, 'CSS block') ?? newId('css', used);
  const label = op.label === null ? null : (optionalString(op, 'label', 120) ?? null);
  const css = readCss(state, op.css, label ?? id);
  const item: CssItem = { id, label, css, enabled: optionalBoolean(op, 'enabled') ?? true };
  const index = readIndex(op, items.length);
  items.splice(index, 0, item);
  checkTotal(items);
  return { id, index };
}

export function updateCss(state: BatchState, op: OpFields): OpResult {
  const items = state.doc.customCssItems;
  const at = findCss(state, op);
  const before = items[at];
  const item: CssItem = { ...before };
  if ('label' in op)
    item.label = op.label === null ? null : (optionalString(op, 'label', 120) ?? null);
  if ('css' in op) item.css = readCss(state, op.css, item.label ?? item.id);
  const enabled = optionalBoolean(op, 'enabled');
  if (enabled !== undefined) item.enabled = enabled;
  const changed = (['label', 'css', 'enabled'] as const).filter(
    (k) => !sameJson(before[k], item[k]),
  );
  items.splice(at, 1);
  const index = 'index' in op ? readIndex(op, items.length) : at;
  items.splice(index, 0, item);
  if (index !== at) changed.push('index' as never);
  checkTotal(items);
  return { id: item.id, index, changed };
}

export function removeCss(state: BatchState, op: OpFields): OpResult {
  const at = findCss(state, op);
  const [item] = state.doc.customCssItems.splice(at, 1);
  return { id: item.id, removed: true };
}
