// update_region, sync_region, copy_region (spec 4.12).
import { REGION_CONFIG } from '../catalog/document-parts';
import { checkSetting } from '../catalog/settings';
import { divergedRegions, regionIds } from '../document/tree';
import { copyTranslations, dropTranslations } from '../document/translations';
import { clone, isRegionKey, PAGE_KEYS, REGION_KEYS, SYNCABLE_REGIONS } from '@hc/design';
import type { PageKey, RegionKey } from '@hc/design';
import {
  BatchState,
  fail,
  isPlainObject,
  OpFields,
  OpResult,
  optionalPage,
  requiredPage,
  sameJson,
} from './context';
import { checkIdsFree, checkTreeOnPage, divergedMessage, targetPages } from './targets';

function requiredRegion(op: OpFields): RegionKey {
  if (op.region === undefined || op.region === null)
    fail('region', 'The region field is required.');
  if (!isRegionKey(op.region))
    fail('region', `The region must be one of ${REGION_KEYS.join(', ')}.`);
  return op.region;
}

export function updateRegion(state: BatchState, op: OpFields): OpResult {
  const region = requiredRegion(op);
  const pages = targetPages(state.doc, region, optionalPage(op));
  if (!isPlainObject(op.config))
    fail('config', 'The config field is required and must be an object.');
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(op.config)) {
    const def = REGION_CONFIG[key];
    if (!def)
      fail(
        `config.${key}`,
        `Unknown region setting "${key}"; region settings are ${Object.keys(REGION_CONFIG).join(', ')}.`,
      );
    if (value === null) {
      values[key] = def.default;
      continue;
    }
    const problem = checkSetting(def, value);
    if (problem) fail(`config.${key}`, `The config.${key} ${problem}.`);
    values[key] = value;
  }
  const target = state.doc.pages[pages[0]].regions[region].config as unknown as Record<
    string,
    unknown
  >;
  const changed = Object.keys(values)
    .filter((k) => !sameJson(target[k], values[k]))
    .map((k) => `config.${k}`);
  for (const page of pages) Object.assign(state.doc.pages[page].regions[region].config, values);
  return { region, pages, changed };
}

/** Copies `from`'s region over `to` (config, components and their translated texts). */
function overwrite(
  state: BatchState,
  region: RegionKey,
  from: PageKey,
  to: PageKey[],
  field: string,
): PageKey[] {
  const source = state.doc.pages[from].regions[region];
  const ids = regionIds(source);
  for (const page of to) {
    checkTreeOnPage(source.components, page, field);
    checkIdsFree(state.doc, page, ids, region, field);
  }
  const replaced = to.filter((page) => !sameJson(state.doc.pages[page].regions[region], source));
  for (const page of to) {
    dropTranslations(state.translations, [page], regionIds(state.doc.pages[page].regions[region]));
    state.doc.pages[page].regions[region] = clone(source);
  }
  copyTranslations(state.translations, from, to, ids);
  return replaced;
}

export function syncRegion(state: BatchState, op: OpFields): OpResult {
  const region = requiredRegion(op);
  if (!(SYNCABLE_REGIONS as readonly string[]).includes(region)) {
    fail(
      'region',
      `The ${region} region is always per page; sync works on ${SYNCABLE_REGIONS.join(', ')}.`,
    );
  }
  if (typeof op.enabled !== 'boolean')
    fail('enabled', 'The enabled field is required and must be true or false.');
  const doc = state.doc;
  if (!op.enabled) {
    if (op.source_page !== undefined) optionalPage(op, 'source_page');
    doc.syncedRegions = doc.syncedRegions.filter((r) => r !== region);
    return { region, enabled: false };
  }
  // A diverged synced region is only re-synced when the caller names the page to keep.
  if (
    doc.syncedRegions.includes(region) &&
    divergedRegions(doc).includes(region) &&
    op.source_page === undefined
  ) {
    fail('source_page', divergedMessage(region));
  }
  const source = optionalPage(op, 'source_page') ?? 'home';
  const others = PAGE_KEYS.filter((p) => p !== source);
  const replaced = overwrite(state, region, source, others, 'source_page');
  if (!doc.syncedRegions.includes(region)) {
    doc.syncedRegions = REGION_KEYS.filter((r) => r === region || doc.syncedRegions.includes(r));
  }
  if (replaced.length) {
    state.warnings.push(
      `The ${region} region of the ${replaced.join(', ')} page(s) was replaced by the ${source} page's; their own version is gone.`,
    );
  }
  return { region, enabled: true, source_page: source, replaced_pages: replaced };
}

export function copyRegion(state: BatchState, op: OpFields): OpResult {
  const region = requiredRegion(op);
  if (state.doc.syncedRegions.includes(region)) {
    fail(
      'region',
      `The ${region} region is synced: every page already shares it. Turn sync off with sync_region first.`,
    );
  }
  const from = requiredPage(op, 'from_page');
  if (!Array.isArray(op.to_pages) || op.to_pages.length === 0)
    fail('to_pages', 'The to_pages field must be a non-empty array of pages.');
  const to: PageKey[] = [];
  for (const [i, p] of op.to_pages.entries()) {
    if (!PAGE_KEYS.includes(p as PageKey))
      fail(`to_pages.${i}`, `The to_pages.${i} must be one of ${PAGE_KEYS.join(', ')}.`);
    if (p === from) fail(`to_pages.${i}`, 'The to_pages must not contain the from_page.');
    if (!to.includes(p as PageKey)) to.push(p as PageKey);
  }
  const replaced = overwrite(state, region, from, to, 'to_pages');
  if (replaced.length) {
    state.warnings.push(
      `The ${region} region of the ${replaced.join(', ')} page(s) was replaced by a copy of the ${from} page's.`,
    );
  }
  return { region, from_page: from, to_pages: to, replaced_pages: replaced };
}
