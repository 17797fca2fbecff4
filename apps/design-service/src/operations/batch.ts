// PATCH /template/draft (spec 4.12): 1 to 50 operations applied in order to a copy of the
// draft, all or nothing. Any refusal is 422 template_invalid with {operation, op, path, message}.
import { compileCustomCss } from '../document/css';
import { pruneTranslations } from '../document/translations';
import { walk } from '../document/tree';
import { illFormedTextPaths, messages } from '@hc/contracts';
import { clone, PAGE_KEYS, REGION_KEYS, sameDesign } from '@hc/design';
import type { DesignDocument, Translations } from '@hc/design';
import { addComponent, moveComponent, removeComponent, updateComponent } from './component-ops';
import { BatchState, isPlainObject, OpFailure, OpFields, OpResult } from './context';
import { addCss, removeCss, updateCss } from './css-ops';
import { setNavigation } from './navigation-op';
import { copyRegion, syncRegion, updateRegion } from './region-ops';
import { addScript, removeScript, updateScript } from './script-ops';
import { setOp } from './set-op';

export const MAX_OPERATIONS = 50;

const SCRIPT_FIELDS = [
  'position',
  'src',
  'inlineBody',
  'htmlBody',
  'label',
  'pages',
  'enabled',
  'defer',
  'async',
  'integrity',
  'index',
  'id',
];

/** spec 4.12: each op with its fields (required first). */
export const OPERATIONS: Record<
  string,
  { required: string[]; optional: string[]; run: (s: BatchState, op: OpFields) => OpResult }
> = {
  set: { required: ['path', 'value'], optional: [], run: setOp },
  add_component: {
    required: ['type'],
    optional: ['page', 'region', 'config', 'index', 'parent_id', 'id'],
    run: addComponent,
  },
  update_component: { required: ['id', 'config'], optional: ['page'], run: updateComponent },
  remove_component: { required: ['id'], optional: ['page'], run: removeComponent },
  move_component: {
    required: ['id'],
    optional: ['region', 'parent_id', 'index', 'page'],
    run: moveComponent,
  },
  update_region: { required: ['region', 'config'], optional: ['page'], run: updateRegion },
  sync_region: { required: ['region', 'enabled'], optional: ['source_page'], run: syncRegion },
  copy_region: { required: ['region', 'from_page', 'to_pages'], optional: [], run: copyRegion },
  add_css: { required: ['css'], optional: ['label', 'enabled', 'index', 'id'], run: addCss },
  update_css: { required: ['id'], optional: ['css', 'label', 'enabled', 'index'], run: updateCss },
  remove_css: { required: ['id'], optional: [], run: removeCss },
  add_script: {
    required: ['position'],
    optional: SCRIPT_FIELDS.filter((f) => f !== 'position'),
    run: addScript,
  },
  update_script: {
    required: ['id'],
    optional: SCRIPT_FIELDS.filter((f) => f !== 'id'),
    run: updateScript,
  },
  remove_script: { required: ['id'], optional: [], run: removeScript },
  set_navigation: { required: ['items'], optional: [], run: setNavigation },
};

export interface BatchErrorItem {
  operation: number;
  op: string | null;
  path: string;
  message: string;
}

export class BatchError extends Error {
  constructor(readonly errors: BatchErrorItem[]) {
    super('template_invalid');
  }
}

export interface BatchOutcome {
  doc: DesignDocument;
  translations: Translations;
  results: OpResult[];
  warnings: string[];
  changed: boolean;
}

/** Shape checks every operation before any runs: known op, no unknown fields, required fields. */
function checkShapes(operations: unknown[]): BatchErrorItem[] {
  const errors: BatchErrorItem[] = [];
  operations.forEach((raw, operation) => {
    if (!isPlainObject(raw)) {
      errors.push({
        operation,
        op: null,
        path: '',
        message: 'Each operation must be an object with an op.',
      });
      return;
    }
    const op = typeof raw.op === 'string' ? raw.op : null;
    const spec = op ? OPERATIONS[op] : undefined;
    if (!spec) {
      errors.push({
        operation,
        op,
        path: 'op',
        message:
          op === null
            ? 'The op field is required.'
            : `Unknown op "${op}"; ops are ${Object.keys(OPERATIONS).join(', ')}.`,
      });
      return;
    }
    const allowed = new Set(['op', ...spec.required, ...spec.optional]);
    for (const key of Object.keys(raw)) {
      if (!allowed.has(key)) {
        errors.push({
          operation,
          op,
          path: key,
          message: `Unknown field "${key}" for ${op}; allowed fields are ${[...allowed].slice(1).join(', ')}.`,
        });
      }
    }
    for (const key of spec.required) {
      if (!(key in raw))
        errors.push({ operation, op, path: key, message: `The ${key} field is required.` });
    }
    // Issue 34 item 7: a lone UTF-16 surrogate is valid JSON but no text a draft can hold.
    for (const path of illFormedTextPaths(raw))
      errors.push({ operation, op, path, message: messages.text(path || 'operation') });
  });
  return errors;
}

/** Warnings about what is allowed but doubtful (spec 4.12). */
function doubts(state: BatchState): void {
  const { doc } = state;
  const seen = new Set<string>();
  for (const page of PAGE_KEYS) {
    for (const region of REGION_KEYS) {
      for (const { component } of walk(doc.pages[page].regions[region].components)) {
        if (seen.has(component.id)) continue;
        seen.add(component.id);
        const touched = state.touched.has(component.id);
        if (
          touched &&
          component.type === 'Hero' &&
          component.config.background === 'image' &&
          (component.config.backgroundImageAssetId ?? null) === null
        ) {
          state.warnings.push(
            `Hero "${component.id}" has an image background but no image (config.backgroundImageAssetId).`,
          );
        }
        if (
          (touched || state.logoTouched) &&
          component.type === 'Logo' &&
          component.config.showImage === true &&
          doc.brand.logoAssetId === null
        ) {
          state.warnings.push(
            `Logo "${component.id}" shows an image but brand.logoAssetId is empty; only the name will show.`,
          );
        }
      }
    }
  }
}

export function runBatch(
  doc: DesignDocument,
  translations: Translations,
  operations: unknown[],
): BatchOutcome {
  const shapeErrors = checkShapes(operations);
  if (shapeErrors.length) throw new BatchError(shapeErrors);
  const state: BatchState = {
    doc: clone(doc),
    translations: clone(translations),
    warnings: [],
    touched: new Set(),
    logoTouched: false,
  };
  const results: OpResult[] = [];
  for (const [operation, raw] of operations.entries()) {
    const fields = raw as OpFields;
    const op = fields.op as string;
    try {
      results.push({ operation, op, ...OPERATIONS[op].run(state, fields) });
    } catch (err) {
      if (err instanceof OpFailure)
        throw new BatchError([{ operation, op, path: err.path, message: err.message }]);
      throw err;
    }
  }
  state.doc.customCss = compileCustomCss(state.doc.customCssItems);
  state.translations = pruneTranslations(state.doc, state.translations);
  doubts(state);
  const changed = !sameDesign(doc, state.doc) || !sameDesign(translations, state.translations);
  if (!changed) state.warnings.push('The batch left the draft unchanged.');
  // Drop duplicate warnings while keeping their order.
  return {
    doc: state.doc,
    translations: state.translations,
    results,
    warnings: [...new Set(state.warnings)],
    changed,
  };
}
