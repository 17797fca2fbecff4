// `set` (spec 4.12): brand.*, theme.colors.*, theme.darkColors.*, theme.fonts.*, theme.radius.*,
// theme.density, meta.*, pages.<page>.<setting>; an object value sets several; null empties a
// setting that can be empty; brand.name and meta.title refuse empty, null and whitespace-only.
import {
  BRAND_FIELDS,
  DENSITY_FIELD,
  FieldDef,
  LAYOUT_DEF,
  META_FIELDS,
  PAGE_SETTINGS,
  THEME_GROUPS,
} from '../catalog/document-parts';
import { checkSetting, HEX_COLOR } from '../catalog/settings';
import { isPageKey, PAGE_KEYS } from '@hc/design';
import {
  BatchState,
  fail,
  isPlainObject,
  OpFields,
  OpResult,
  requiredString,
  sameJson,
} from './context';

const READ_ONLY = new Set(['schemaVersion', 'preset', 'customCss', 'engine']);

type Group = Record<string, FieldDef>;

function pageGroup(page: keyof typeof PAGE_SETTINGS): Group {
  const out: Group = { layout: { def: LAYOUT_DEF, nullable: false } };
  for (const [k, def] of Object.entries(PAGE_SETTINGS[page])) {
    out[k] = { def, nullable: def.kind === 'color' };
  }
  return out;
}

function checkLeaf(path: string, field: FieldDef, value: unknown, hexOnly: boolean): void {
  if (field.required) {
    if (typeof value !== 'string' || value.trim() === '')
      fail(path, `The ${path} cannot be empty.`);
  }
  if (value === null) {
    if (!field.nullable) fail(path, `The ${path} cannot be emptied.`);
    return;
  }
  if (hexOnly) {
    if (typeof value !== 'string' || !HEX_COLOR.test(value))
      fail(path, `The ${path} must be a hex color #rrggbb or #rrggbbaa.`);
    return;
  }
  if (
    field.def.kind === 'url' &&
    typeof value === 'string' &&
    value !== '' &&
    !/^https?:\/\//i.test(value) &&
    path === 'brand.websiteUrl'
  ) {
    fail(path, `The ${path} must be an http or https address.`);
  }
  const problem = checkSetting(field.def, value);
  if (problem) fail(path, `The ${path} ${problem}.`);
}

export function setOp(state: BatchState, op: OpFields): OpResult {
  const path = requiredString(op, 'path');
  if (!('value' in op)) fail('value', 'The value field is required.');
  const changed: string[] = [];
  assign(state, path, op.value, changed);
  if (changed.includes('brand.logoAssetId')) state.logoTouched = true;
  return { path, changed };
}

function assign(state: BatchState, path: string, value: unknown, changed: string[]): void {
  const doc = state.doc;
  const seg = path.split('.');
  const head = seg[0];
  if (READ_ONLY.has(head)) fail(path, `The ${head} is kept by the service and cannot be set.`);

  const leafOrGroup = (
    group: Group,
    target: Record<string, unknown>,
    rest: string[],
    prefix: string,
    hexOnly = false,
  ) => {
    if (rest.length === 0) {
      if (!isPlainObject(value)) fail(path, `The ${path} must be an object of settings.`);
      for (const [k, v] of Object.entries(value)) assign(state, `${prefix}.${k}`, v, changed);
      return;
    }
    if (rest.length > 1 || !(rest[0] in group)) fail(path, `Unknown setting path "${path}".`);
    const key = rest[0];
    checkLeaf(path, group[key], value, hexOnly);
    if (!sameJson(target[key], value)) {
      target[key] = structuredClone(value);
      changed.push(path);
    }
  };

  switch (head) {
    case 'brand':
    case 'meta':
      return leafOrGroup(
        head === 'brand' ? BRAND_FIELDS : META_FIELDS,
        doc[head] as unknown as Record<string, unknown>,
        seg.slice(1),
        head,
      );
    case 'theme': {
      if (seg.length === 1) {
        if (!isPlainObject(value)) fail(path, 'The theme must be an object of settings.');
        for (const [k, v] of Object.entries(value)) assign(state, `theme.${k}`, v, changed);
        return;
      }
      const sub = seg[1];
      if (sub === 'density') {
        if (seg.length > 2) fail(path, `Unknown setting path "${path}".`);
        checkLeaf(path, DENSITY_FIELD, value, false);
        if (doc.theme.density !== value) {
          doc.theme.density = value as typeof doc.theme.density;
          changed.push(path);
        }
        return;
      }
      const group = THEME_GROUPS[sub];
      if (!group) fail(path, `Unknown setting path "${path}".`);
      const target = doc.theme[sub as 'colors'] as unknown as Record<string, unknown>;
      return leafOrGroup(
        group,
        target,
        seg.slice(2),
        `theme.${sub}`,
        sub === 'colors' || sub === 'darkColors',
      );
    }
    case 'pages': {
      const page = seg[1];
      if (!isPageKey(page))
        fail(path, `Unknown page in "${path}"; pages are ${PAGE_KEYS.join(', ')}.`);
      const group = pageGroup(page);
      const p = doc.pages[page];
      if (seg.length === 3 && seg[2] === 'layout') {
        checkLeaf(path, group.layout, value, false);
        if (p.layout !== value) {
          p.layout = value as string;
          changed.push(path);
        }
        return;
      }
      if (seg.length === 2) {
        if (!isPlainObject(value)) fail(path, `The ${path} must be an object of settings.`);
        for (const [k, v] of Object.entries(value)) assign(state, `${path}.${k}`, v, changed);
        return;
      }
      return leafOrGroup(group, p.settings, seg.slice(2), path);
    }
    default:
      fail(
        path,
        `Unknown setting path "${path}"; set works on brand.*, theme.*, meta.* and pages.<page>.<setting>.`,
      );
  }
}
