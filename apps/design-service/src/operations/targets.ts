// Finding what an operation acts on: a component id may sit on several pages (a synced region,
// or a copied one); spec 4.12 says when `page` is needed and when a diverged synced region
// refuses an edit.
import { componentDef } from '../catalog/components';
import type { ComponentDef } from '../catalog/components';
import { divergedRegions, findOccurrences, Occurrence, walk } from '../document/tree';
import { PAGE_KEYS } from '@hc/design';
import type { Component, DesignDocument, PageKey, RegionKey } from '@hc/design';
import { fail } from './context';

export function divergedMessage(region: RegionKey): string {
  return (
    `The synced region "${region}" differs between pages (see syncedButDiverged), so this edit would copy one page over all. ` +
    'First send sync_region with enabled false (each page keeps its own copy; then name page on edits), ' +
    'or enabled true with source_page (the other pages lose their own version).'
  );
}

export function isSynced(doc: DesignDocument, region: RegionKey): boolean {
  return doc.syncedRegions.includes(region);
}

/** Refuses an edit of a synced region whose pages differ. */
export function assertNotDiverged(doc: DesignDocument, region: RegionKey): void {
  if (isSynced(doc, region) && divergedRegions(doc).includes(region))
    fail('region', divergedMessage(region));
}

/**
 * The occurrences an edit of component `id` applies to: every page of a synced region, or the
 * one page (named with `page` when the id is on several pages of a non-synced region).
 */
export function resolveComponent(
  doc: DesignDocument,
  id: unknown,
  page: PageKey | undefined,
  field = 'id',
): Occurrence[] {
  if (typeof id !== 'string') fail(field, `The ${field} must be a string.`);
  let hits = findOccurrences(doc, id);
  if (!hits.length) fail(field, `Unknown component id "${id}".`);
  if (page) {
    hits = hits.filter((h) => h.page === page);
    if (!hits.length) fail(field, `The component "${id}" is not on page "${page}".`);
  }
  const region = hits[0].region;
  if (isSynced(doc, region)) {
    if (divergedRegions(doc).includes(region)) fail(field, divergedMessage(region));
    return findOccurrences(doc, id).filter((h) => h.region === region);
  }
  const pages = [...new Set(hits.map((h) => h.page))];
  if (pages.length > 1) {
    fail('page', `The component "${id}" is on several pages (${pages.join(', ')}); name the page.`);
  }
  return hits;
}

export function requireDef(type: string): ComponentDef {
  const def = componentDef(type);
  if (!def) fail('type', `Unknown component type "${type}".`);
  return def;
}

/** The catalog's placement rules for `type` going into `region` of `page` (or into `parent`). */
export function checkPlacement(
  def: ComponentDef,
  page: PageKey,
  region: RegionKey,
  regionComponents: Component[],
  parent: Component | null,
  movingId?: string,
): void {
  if (!def.pages.includes(page)) {
    fail(
      'page',
      `A ${def.type} cannot go on the ${page} page; it goes on ${def.pages.join(', ')}.`,
    );
  }
  if (parent) {
    const parentDef = componentDef(parent.type)!;
    if (!parentDef.children.includes(def.type)) {
      fail(
        'parent_id',
        parentDef.children.length
          ? `A ${parent.type} accepts only ${parentDef.children.join(', ')}; not ${def.type}.`
          : `A ${parent.type} cannot hold components; only a Hero or a Container can.`,
      );
    }
  } else if (!def.regions.includes(region)) {
    fail(
      'region',
      `A ${def.type} cannot go in the ${region} region; it goes in ${def.regions.join(', ')}.`,
    );
  }
  if (def.oncePerRegion) {
    const clash = [...walk(regionComponents)].some(
      (h) => h.component.type === def.type && h.component.id !== movingId,
    );
    if (clash)
      fail(
        'type',
        `The ${region} region of the ${page} page already has a ${def.type}; it may appear only once per region.`,
      );
  }
}

/** Pages an insertion into `region` applies to: every page when synced, else the one named. */
export function targetPages(
  doc: DesignDocument,
  region: RegionKey,
  page: PageKey | undefined,
  fallback?: PageKey[],
): PageKey[] {
  if (isSynced(doc, region)) {
    assertNotDiverged(doc, region);
    return [...PAGE_KEYS];
  }
  if (page) return [page];
  if (fallback && fallback.length === 1) return fallback;
  return fail('page', `The page field is required for the ${region} region.`);
}

/** Every component of a tree must be allowed on the page it lands on. */
export function checkTreeOnPage(components: Component[], page: PageKey, field: string): void {
  for (const { component } of walk(components)) {
    const def = componentDef(component.type);
    if (def && !def.pages.includes(page)) {
      fail(
        field,
        `A ${component.type} ("${component.id}") cannot go on the ${page} page; it goes on ${def.pages.join(', ')}.`,
      );
    }
  }
}

/** Ids arriving on a page must not already be used elsewhere on it. */
export function checkIdsFree(
  doc: DesignDocument,
  page: PageKey,
  ids: string[],
  except: RegionKey | null,
  field: string,
): void {
  for (const id of ids) {
    const clash = findOccurrences(doc, id).find((o) => o.page === page && o.region !== except);
    if (clash)
      fail(
        field,
        `The component id "${id}" is already used in the ${clash.region} region of the ${page} page.`,
      );
  }
}
