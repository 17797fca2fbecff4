// Walking, finding and building components in a document.
import { randomBytes } from 'node:crypto';
import { componentDef } from '../catalog/components';
import { defaultsOf } from '../catalog/settings';
import { REGION_CONFIG } from '../catalog/document-parts';
import type { Blueprint } from '../themes/blueprints';
import { PAGE_KEYS, REGION_KEYS } from '@hc/design';
import type {
  Component,
  DesignDocument,
  PageKey,
  Region,
  RegionConfig,
  RegionKey,
} from '@hc/design';

/** spec 4.12: 1 to 64 letters, digits, `-`, `_`, starting with a letter or digit. */
export const COMPONENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function emptyRegion(): Region {
  return { config: defaultsOf(REGION_CONFIG) as unknown as RegionConfig, components: [] };
}

export function newId(prefix: string, used: Set<string>): string {
  for (;;) {
    const id = `${prefix.toLowerCase()}-${randomBytes(4).toString('hex').slice(0, 6)}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

/** A component from a blueprint: catalog defaults, then the blueprint's settings; fresh ids. */
export function instantiate(bp: Blueprint, used: Set<string>, starterChildren = false): Component {
  const def = componentDef(bp.type);
  if (!def) throw new Error(`unknown component type ${bp.type}`);
  const children =
    bp.children ?? (starterChildren ? def.starterChildren.map((type) => ({ type })) : []);
  return {
    id: newId(bp.type, used),
    type: bp.type,
    config: { ...defaultsOf(def.settings), ...(bp.config ?? {}) },
    visibleOn: bp.visibleOn ?? 'all',
    children: children.map((child) => instantiate(child, used)),
  };
}

export function* walk(
  components: Component[],
  parent: Component | null = null,
): Generator<{
  component: Component;
  parent: Component | null;
  list: Component[];
  index: number;
}> {
  for (const [index, component] of components.entries()) {
    yield { component, parent, list: components, index };
    yield* walk(component.children, component);
  }
}

export interface Occurrence {
  page: PageKey;
  region: RegionKey;
  component: Component;
  parent: Component | null;
  list: Component[];
  index: number;
}

export function findOccurrences(doc: DesignDocument, id: string): Occurrence[] {
  const out: Occurrence[] = [];
  for (const page of PAGE_KEYS) {
    for (const region of REGION_KEYS) {
      for (const hit of walk(doc.pages[page].regions[region].components)) {
        if (hit.component.id === id) out.push({ page, region, ...hit });
      }
    }
  }
  return out;
}

export function regionIds(region: Region): string[] {
  return [...walk(region.components)].map((h) => h.component.id);
}

export function pageIds(doc: DesignDocument, page: PageKey): Set<string> {
  const ids = new Set<string>();
  for (const region of REGION_KEYS)
    for (const id of regionIds(doc.pages[page].regions[region])) ids.add(id);
  return ids;
}

export function allComponentIds(doc: DesignDocument): Set<string> {
  const ids = new Set<string>();
  for (const page of PAGE_KEYS) for (const id of pageIds(doc, page)) ids.add(id);
  return ids;
}

/** Ids of a component and everything inside it. */
export function subtreeIds(component: Component): string[] {
  return [component.id, ...[...walk(component.children)].map((h) => h.component.id)];
}

/** Synced regions whose pages differ (spec 4.12 `syncedButDiverged`). */
export function divergedRegions(doc: DesignDocument): RegionKey[] {
  return doc.syncedRegions.filter((region) => {
    const first = JSON.stringify(doc.pages[PAGE_KEYS[0]].regions[region]);
    return PAGE_KEYS.some((p) => JSON.stringify(doc.pages[p].regions[region]) !== first);
  });
}
