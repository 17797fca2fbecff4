// add_script, update_script, remove_script (spec 4.12): exactly one body kind, up to 51,200
// bytes; `src` an external https URL; `inlineBody` JavaScript without script tags.
import { isHttpUrl } from '../catalog/settings';
import { byteLength } from '../document/css';
import { newId } from '../document/tree';
import { isPageKey, PAGE_KEYS, SCRIPT_BODIES, SCRIPT_POSITIONS } from '@hc/design';
import type { PageKey, Script, ScriptBody } from '@hc/design';
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
import { readItemId } from './css-ops';

export const SCRIPT_MAX_BYTES = 51_200;
const INTEGRITY =
  /^(sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2}( (sha256|sha384|sha512)-[A-Za-z0-9+/]+={0,2})*$/;

function readBody(
  op: OpFields,
  required: boolean,
): { kind: ScriptBody; value: string } | undefined {
  const sent = SCRIPT_BODIES.filter((k) => op[k] !== undefined && op[k] !== null);
  if (sent.length > 1)
    fail(sent[1], `Send exactly one of src, inlineBody or htmlBody (got ${sent.join(', ')}).`);
  if (sent.length === 0) {
    if (required) fail('src', 'Send exactly one of src, inlineBody or htmlBody.');
    return undefined;
  }
  const kind = sent[0];
  const value = op[kind];
  if (typeof value !== 'string') fail(kind, `The ${kind} must be a string.`);
  if (value.trim() === '') fail(kind, `The ${kind} must not be empty.`);
  if (byteLength(value) > SCRIPT_MAX_BYTES) fail(kind, `The ${kind} is larger than 51,200 bytes.`);
  if (kind === 'src' && (!isHttpUrl(value, true) || value.length > 2048))
    fail('src', 'The src must be an external https URL.');
  if (kind === 'inlineBody' && /<\/?script\b/i.test(value)) {
    fail(
      'inlineBody',
      'The inlineBody is JavaScript without <script> tags; use htmlBody for raw HTML.',
    );
  }
  return { kind, value };
}

function readPages(op: OpFields): PageKey[] | null | undefined {
  if (!('pages' in op)) return undefined;
  if (op.pages === null) return null;
  if (!Array.isArray(op.pages) || op.pages.length === 0)
    fail('pages', 'The pages must be null (every page) or a non-empty array of pages.');
  for (const [i, p] of op.pages.entries()) {
    if (!isPageKey(p)) fail(`pages.${i}`, `The pages.${i} must be one of ${PAGE_KEYS.join(', ')}.`);
  }
  return [...new Set(op.pages as PageKey[])];
}

/** The optional fields shared by add and update, applied onto `script`. */
function applyFields(op: OpFields, script: Script): void {
  if ('position' in op) {
    if (!(SCRIPT_POSITIONS as readonly unknown[]).includes(op.position)) {
      fail('position', `The position must be one of ${SCRIPT_POSITIONS.join(', ')}.`);
    }
    script.position = op.position as Script['position'];
  }
  if ('label' in op)
    script.label = op.label === null ? null : (optionalString(op, 'label', 120) ?? null);
  const pages = readPages(op);
  if (pages !== undefined) script.pages = pages;
  for (const flag of ['enabled', 'defer', 'async'] as const) {
    const v = op[flag] === null ? undefined : optionalBoolean(op, flag);
    if (v !== undefined) script[flag] = v;
  }
  if ('integrity' in op) {
    if (
      op.integrity !== null &&
      (typeof op.integrity !== 'string' || !INTEGRITY.test(op.integrity))
    ) {
      fail(
        'integrity',
        'The integrity must be a subresource-integrity hash such as sha384-<base64>, or null.',
      );
    }
    script.integrity = op.integrity as string | null;
  }
}

function warnVisitors(state: BatchState, script: Script): void {
  if (!script.enabled) return;
  const where = script.pages ? `on the ${script.pages.join(', ')} page(s)` : 'on every page';
  state.warnings.push(
    `Script "${script.label ?? script.id}" runs for every visitor ${where}; make sure you trust it.`,
  );
}

function findScript(state: BatchState, op: OpFields): number {
  if (typeof op.id !== 'string') fail('id', 'The id field is required.');
  const at = state.doc.globals.scripts.findIndex((s) => s.id === op.id);
  if (at < 0) fail('id', `Unknown script id "${op.id}".`);
  return at;
}

export function addScript(state: BatchState, op: OpFields): OpResult {
  const scripts = state.doc.globals.scripts;
  if (op.position === undefined) fail('position', 'The position field is required.');
  const body = readBody(op, true)!;
  const used = new Set(scripts.map((s) => s.id));
  const id = readItemId(op, used, 'script') ?? newId('script', used);
  const script: Script = {
    id,
    label: null,
    position: 'bodyEnd',
    [body.kind]: body.value,
    pages: null,
    enabled: true,
    defer: false,
    async: false,
    integrity: null,
  };
  applyFields(op, script);
  const index = readIndex(op, scripts.length);
  scripts.splice(index, 0, script);
  warnVisitors(state, script);
  return { id, index, kind: body.kind };
}

export function updateScript(state: BatchState, op: OpFields): OpResult {
  const scripts = state.doc.globals.scripts;
  const at = findScript(state, op);
  const before = scripts[at];
  const script: Script = { ...before };
  const body = readBody(op, false);
  if (body) {
    for (const k of SCRIPT_BODIES) delete script[k];
    script[body.kind] = body.value;
  }
  applyFields(op, script);
  const changed = Object.keys({ ...before, ...script }).filter(
    (k) => !sameJson(before[k as keyof Script], script[k as keyof Script]),
  );
  scripts.splice(at, 1);
  const index = 'index' in op ? readIndex(op, scripts.length) : at;
  scripts.splice(index, 0, script);
  if (index !== at) changed.push('index');
  if (changed.length) warnVisitors(state, script);
  return {
    id: script.id,
    index,
    changed,
    kind: SCRIPT_BODIES.find((k) => script[k] !== undefined),
  };
}

export function removeScript(state: BatchState, op: OpFields): OpResult {
  const at = findScript(state, op);
  const [script] = state.doc.globals.scripts.splice(at, 1);
  return { id: script.id, removed: true };
}
