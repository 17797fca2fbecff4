// The outline of GET /template (spec 4.12): brand, theme and meta in full; pages with settings
// that differ from defaults and their components (non-default settings, values over 120
// characters cut, large lists summarized); shared, synced and diverged regions; which regions
// custom CSS styles; navigation, scripts and CSS blocks as ids and labels.
import { componentDef } from '../catalog/components';
import { PAGE_SETTINGS } from '../catalog/document-parts';
import { defaultsOf } from '../catalog/settings';
import { divergedRegions, regionIds } from './tree';
import { PAGE_KEYS, REGION_KEYS, SYNCABLE_REGIONS, canonicalJson } from '@hc/design';
import type { Component, DesignDocument, PageKey, RegionKey } from '@hc/design';

export const OUTLINE_MAX_CHARS = 120;
export const OUTLINE_MAX_LIST = 5;

/** Long strings cut, long lists summarized (read the whole value with `section=component`). */
export function abbreviate(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > OUTLINE_MAX_CHARS ? `${value.slice(0, OUTLINE_MAX_CHARS)}…` : value;
  }
  if (Array.isArray(value)) {
    if (value.length > OUTLINE_MAX_LIST) {
      return { summary: `${value.length} items`, first: value.slice(0, 3).map(abbreviate) };
    }
    return value.map(abbreviate);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abbreviate(v)]));
  }
  return value;
}

function nonDefault(
  values: Record<string, unknown>,
  defaults: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (canonicalJson(v) !== canonicalJson(defaults[k])) out[k] = abbreviate(v);
  }
  return out;
}

function componentOutline(c: Component): Record<string, unknown> {
  const def = componentDef(c.type);
  const out: Record<string, unknown> = {
    id: c.id,
    type: c.type,
    settings: nonDefault(c.config, def ? defaultsOf(def.settings) : {}),
  };
  if (c.visibleOn !== 'all') out.visibleOn = c.visibleOn;
  if (c.children.length) out.children = c.children.map(componentOutline);
  return out;
}

/** Regions whose content is the same on several pages, grouped. */
function sharedRegions(doc: DesignDocument) {
  const out: { region: RegionKey; pages: PageKey[]; synced: boolean }[] = [];
  for (const region of SYNCABLE_REGIONS) {
    const groups = new Map<string, PageKey[]>();
    for (const page of PAGE_KEYS) {
      const r = doc.pages[page].regions[region];
      if (!r.components.length) continue;
      const key = canonicalJson(r);
      groups.set(key, [...(groups.get(key) ?? []), page]);
    }
    for (const pages of groups.values()) {
      if (pages.length > 1) out.push({ region, pages, synced: doc.syncedRegions.includes(region) });
    }
  }
  return out;
}

/** Which regions the enabled CSS blocks target, by component id or region attribute. */
function styledByCustomCss(doc: DesignDocument): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const page of PAGE_KEYS) {
    for (const region of REGION_KEYS) {
      const ids = regionIds(doc.pages[page].regions[region]);
      const labels = doc.customCssItems
        .filter((item) => item.enabled)
        .filter(
          (item) =>
            ids.some((id) =>
              new RegExp(`data-hc-instance-id\\s*[~|^$*]?=\\s*["']?${id}["'\\]]`).test(item.css),
            ) || new RegExp(`data-hc-region\\s*=\\s*["']?${region}["'\\]]`).test(item.css),
        )
        .map((item) => item.label ?? item.id);
      if (labels.length) out[`${page}.${region}`] = labels;
    }
  }
  return out;
}

export function buildOutline(doc: DesignDocument) {
  const pages: Record<string, unknown> = {};
  for (const page of PAGE_KEYS) {
    const p = doc.pages[page];
    const regions: Record<string, unknown> = {};
    for (const region of REGION_KEYS) {
      const components = p.regions[region].components;
      if (components.length) regions[region] = components.map(componentOutline);
    }
    pages[page] = {
      layout: p.layout,
      settings: nonDefault(p.settings, defaultsOf(PAGE_SETTINGS[page])),
      regions,
    };
  }
  const diverged = divergedRegions(doc);
  return {
    brand: doc.brand,
    theme: doc.theme,
    meta: doc.meta,
    pages,
    sharedRegions: sharedRegions(doc),
    syncedButDiverged: diverged.length ? { regions: diverged } : null,
    styledByCustomCss: styledByCustomCss(doc),
    navigation: doc.globals.navigation.map((i) => ({
      id: i.id,
      label: abbreviate(i.label),
      ...(i.children.length
        ? { children: i.children.map((c) => ({ id: c.id, label: abbreviate(c.label) })) }
        : {}),
    })),
    scripts: doc.globals.scripts.map((s) => ({
      id: s.id,
      label: s.label,
      position: s.position,
      enabled: s.enabled,
    })),
    customCss: doc.customCssItems.map((c) => ({ id: c.id, label: c.label, enabled: c.enabled })),
    presetStartedFrom: doc.preset.startedFrom,
    syncedRegions: doc.syncedRegions,
  };
}
