// add_component, update_component, remove_component, move_component (spec 4.12).
import type { ComponentDef } from '../catalog/components';
import { checkSetting } from '../catalog/settings';
import {
  allComponentIds,
  COMPONENT_ID,
  findOccurrences,
  instantiate,
  subtreeIds,
} from '../document/tree';
import { copyTranslations } from '../document/translations';
import { isRegionKey, REGION_KEYS, VISIBLE_ON, clone } from '@hc/design';
import type { PageKey, RegionKey, VisibleOn } from '@hc/design';
import {
  BatchState,
  fail,
  isPlainObject,
  OpFields,
  OpResult,
  optionalPage,
  readIndex,
  requiredString,
  sameJson,
} from './context';
import {
  checkIdsFree,
  checkPlacement,
  checkTreeOnPage,
  isSynced,
  requireDef,
  resolveComponent,
  targetPages,
} from './targets';

interface ConfigInput {
  values: Record<string, unknown>;
  visibleOn?: VisibleOn;
}

/** Checks `config` against the catalog: known keys, offered values; null means the default. */
function readConfig(def: ComponentDef, raw: unknown): ConfigInput {
  if (raw === undefined) return { values: {} };
  if (!isPlainObject(raw)) fail('config', 'The config must be an object.');
  const values: Record<string, unknown> = {};
  let visibleOn: VisibleOn | undefined;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'visibleOn') {
      if (value !== null && !(VISIBLE_ON as readonly unknown[]).includes(value)) {
        fail('config.visibleOn', `The config.visibleOn must be one of ${VISIBLE_ON.join(', ')}.`);
      }
      visibleOn = (value ?? 'all') as VisibleOn;
      continue;
    }
    const setting = def.settings[key];
    if (!setting)
      fail(
        `config.${key}`,
        `Unknown setting "${key}" for ${def.type}; its settings are ${Object.keys(def.settings).join(', ')}.`,
      );
    if (value === null) {
      values[key] = clone(setting.default);
      continue;
    }
    const problem = checkSetting(setting, value);
    if (problem) fail(`config.${key}`, `The config.${key} ${problem}.`);
    values[key] = clone(value);
  }
  return { values, visibleOn };
}

function readRegion(op: OpFields): RegionKey | undefined {
  const v = op.region;
  if (v === undefined || v === null) return undefined;
  if (!isRegionKey(v)) fail('region', `The region must be one of ${REGION_KEYS.join(', ')}.`);
  return v;
}

/** The list a component goes into on one page: a region's top level or a container's children. */
function destination(state: BatchState, page: PageKey, region: RegionKey, parentId: string | null) {
  const regionDoc = state.doc.pages[page].regions[region];
  if (!parentId)
    return { list: regionDoc.components, parent: null, regionComponents: regionDoc.components };
  const parent = findOccurrences(state.doc, parentId).find(
    (o) => o.page === page && o.region === region,
  );
  if (!parent) fail('parent_id', `The container "${parentId}" is not on page "${page}".`);
  return {
    list: parent.component.children,
    parent: parent.component,
    regionComponents: regionDoc.components,
  };
}

export function addComponent(state: BatchState, op: OpFields): OpResult {
  const type = requiredString(op, 'type');
  const def = requireDef(type);
  const page = optionalPage(op);
  let region = readRegion(op);
  const config = readConfig(def, op.config);

  let id: string | undefined;
  if (op.id !== undefined && op.id !== null) {
    if (typeof op.id !== 'string' || !COMPONENT_ID.test(op.id)) {
      fail(
        'id',
        'The id must be 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.',
      );
    }
    if (allComponentIds(state.doc).has(op.id))
      fail('id', `The id "${op.id}" is already used in the draft.`);
    id = op.id;
  }

  let parentId: string | null = null;
  let pages: PageKey[];
  if (op.parent_id !== undefined && op.parent_id !== null) {
    const parents = resolveComponent(state.doc, op.parent_id, page, 'parent_id');
    if (region && region !== parents[0].region) {
      fail(
        'region',
        `The container "${String(op.parent_id)}" is in the ${parents[0].region} region, not ${region}.`,
      );
    }
    region = parents[0].region;
    parentId = parents[0].component.id;
    pages = parents.map((p) => p.page);
  } else {
    if (!region) fail('region', 'The region field is required.');
    pages = targetPages(state.doc, region, page);
  }

  const used = allComponentIds(state.doc);
  const component = instantiate(
    { type, config: config.values, visibleOn: config.visibleOn },
    used,
    true,
  );
  if (id) component.id = id;
  const first = destination(state, pages[0], region, parentId);
  const index = readIndex(op, first.list.length);
  for (const p of pages) {
    const dest = destination(state, p, region, parentId);
    checkPlacement(def, p, region, dest.regionComponents, dest.parent);
    dest.list.splice(Math.min(index, dest.list.length), 0, clone(component));
  }
  for (const cid of subtreeIds(component)) state.touched.add(cid);
  return {
    id: component.id,
    type,
    pages,
    region,
    parent_id: parentId,
    index,
    children: component.children.map((c) => c.id),
  };
}

export function updateComponent(state: BatchState, op: OpFields): OpResult {
  if (op.config === undefined) fail('config', 'The config field is required.');
  const hits = resolveComponent(state.doc, op.id, optionalPage(op));
  const def = requireDef(hits[0].component.type);
  const config = readConfig(def, op.config);
  const changed: string[] = [];
  for (const [key, value] of Object.entries(config.values)) {
    if (!sameJson(hits[0].component.config[key], value)) changed.push(`config.${key}`);
  }
  if (config.visibleOn && config.visibleOn !== hits[0].component.visibleOn)
    changed.push('visibleOn');
  for (const hit of hits) {
    Object.assign(hit.component.config, clone(config.values));
    if (config.visibleOn) hit.component.visibleOn = config.visibleOn;
  }
  state.touched.add(hits[0].component.id);
  return { id: hits[0].component.id, pages: hits.map((h) => h.page), changed };
}

export function removeComponent(state: BatchState, op: OpFields): OpResult {
  const hits = resolveComponent(state.doc, op.id, optionalPage(op));
  const removed = subtreeIds(hits[0].component);
  for (const hit of hits) hit.list.splice(hit.list.indexOf(hit.component), 1);
  return { id: hits[0].component.id, pages: hits.map((h) => h.page), removed };
}

export function moveComponent(state: BatchState, op: OpFields): OpResult {
  const page = optionalPage(op);
  const hits = resolveComponent(state.doc, op.id, page);
  const component = hits[0].component;
  const def = requireDef(component.type);
  const sourcePages = hits.map((h) => h.page);
  const sourceRegion = hits[0].region;
  const askedRegion = readRegion(op);
  const reorderOnly = !('region' in op) && !('parent_id' in op);

  let parentId: string | null;
  if ('parent_id' in op) {
    if (op.parent_id === null) parentId = null;
    else if (typeof op.parent_id !== 'string')
      fail('parent_id', 'The parent_id must be a string or null.');
    else parentId = op.parent_id;
  } else {
    parentId = reorderOnly ? (hits[0].parent?.id ?? null) : null;
  }
  if (parentId === component.id || (parentId && subtreeIds(component).includes(parentId))) {
    fail('parent_id', 'A component cannot be moved into itself.');
  }

  // A container decides the region: it is the container's own, on the component's page.
  let region = askedRegion ?? sourceRegion;
  if (parentId) {
    const parentHit = findOccurrences(state.doc, parentId).find(
      (o) => sourcePages.includes(o.page) || o.page === page,
    );
    if (!parentHit) fail('parent_id', `Unknown component id "${parentId}".`);
    if (askedRegion && askedRegion !== parentHit.region) {
      fail(
        'region',
        `The container "${parentId}" is in the ${parentHit.region} region, not ${askedRegion}.`,
      );
    }
    region = parentHit.region;
  }

  let pages: PageKey[];
  if (region === sourceRegion) pages = sourcePages;
  else if (isSynced(state.doc, region)) pages = targetPages(state.doc, region, undefined);
  else pages = targetPages(state.doc, region, page, sourcePages);

  if (parentId) {
    const parent = findOccurrences(state.doc, parentId).find(
      (o) => pages.includes(o.page) && o.region === region,
    );
    if (!parent) fail('parent_id', `Unknown container "${parentId}" in the ${region} region.`);
  }

  for (const p of pages.filter((x) => !sourcePages.includes(x))) {
    checkTreeOnPage([component], p, 'region');
    checkIdsFree(state.doc, p, subtreeIds(component), null, 'id');
  }
  // Take it out everywhere, then place it on each target page.
  for (const hit of hits) hit.list.splice(hit.list.indexOf(hit.component), 1);
  let index = 0;
  for (const [i, p] of pages.entries()) {
    const dest = destination(state, p, region, parentId);
    if (i === 0) index = readIndex(op, dest.list.length);
    checkPlacement(def, p, region, dest.regionComponents, dest.parent, component.id);
    dest.list.splice(Math.min(index, dest.list.length), 0, clone(component));
  }
  const newPages = pages.filter((p) => !sourcePages.includes(p));
  if (newPages.length)
    copyTranslations(state.translations, sourcePages[0], newPages, subtreeIds(component));
  state.touched.add(component.id);
  return { id: component.id, pages, region, parent_id: parentId, index };
}
