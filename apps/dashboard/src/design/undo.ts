import type { Component, DesignDocument, PageKey, RegionKey } from '@hc/design';

/** One operation of PATCH /v1/template/draft (spec 4.12). */
export type DesignOp = { op: string } & Record<string, unknown>;

export const PAGES: readonly PageKey[] = [
  'home',
  'category',
  'article',
  'search',
  'contact',
  'notFound',
];
export const REGIONS: readonly RegionKey[] = [
  'header',
  'hero',
  'sidebar',
  'main',
  'footer',
  'utility',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The keys of `from` and `to` whose values differ; a key `to` lacks becomes null. */
function changes(
  from: Record<string, unknown> | undefined,
  to: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})]))
    if (!same(from?.[key], to?.[key])) out[key] = to?.[key] ?? null;
  return Object.keys(out).length ? out : null;
}

/** `set` of the parts of `path` that differ (an object value sets several, spec 4.12). */
function setPart(ops: DesignOp[], path: string, from: unknown, to: unknown) {
  if (same(from, to)) return;
  if (to && typeof to === 'object' && !Array.isArray(to)) {
    const diff = changes(from as Record<string, unknown>, to as Record<string, unknown>);
    if (diff) ops.push({ op: 'set', path, value: diff });
  } else ops.push({ op: 'set', path, value: to ?? null });
}

/** add_component of `c` (its id, settings and visibility) and of everything inside it. */
function addTree(
  ops: DesignOp[],
  c: Component,
  at: { page: PageKey; region: RegionKey; index: number; parent_id?: string },
) {
  ops.push({
    op: 'add_component',
    ...at,
    id: c.id,
    type: c.type,
    config: { ...c.config, visibleOn: c.visibleOn },
  });
  c.children.forEach((child, index) =>
    addTree(ops, child, { page: at.page, region: at.region, index, parent_id: c.id }),
  );
}

/** Every component id of a list, at every depth. */
function ids(list: Component[], into = new Map<string, Component>()) {
  for (const c of list) {
    into.set(c.id, c);
    ids(c.children, into);
  }
  return into;
}

/**
 * Operations that make one list (a region's top level or a container's children) what `to`
 * says: removals first, then settings, additions and order.
 */
function listOps(
  out: { removals: DesignOp[]; ops: DesignOp[] },
  page: PageKey,
  region: RegionKey,
  from: Component[],
  to: Component[],
  parent: string | null,
  pageArg: { page?: PageKey },
) {
  const { removals, ops } = out;
  const fromIds = ids(from);
  const toIds = ids(to);
  for (const c of from)
    if (!toIds.has(c.id)) removals.push({ op: 'remove_component', id: c.id, ...pageArg });
  to.forEach((c, index) => {
    const before = fromIds.get(c.id);
    if (!before || before.type !== c.type) {
      if (before) removals.push({ op: 'remove_component', id: c.id, ...pageArg });
      addTree(ops, c, { page, region, index, ...(parent ? { parent_id: parent } : {}) });
      return;
    }
    const config = changes(
      { ...before.config, visibleOn: before.visibleOn },
      { ...c.config, visibleOn: c.visibleOn },
    );
    if (config) ops.push({ op: 'update_component', id: c.id, config, ...pageArg });
    const at = from.findIndex((f) => f.id === c.id);
    if (at !== index)
      ops.push({ op: 'move_component', id: c.id, region, parent_id: parent, index, ...pageArg });
    listOps(out, page, region, before.children, c.children, c.id, pageArg);
  });
}

/**
 * The operations that bring the draft `current` back to `target` (the session's undo, issue 39):
 * the document's parts are set, menus, CSS blocks and scripts replaced by id, and each region's
 * components removed (all removals first), added (with their ids), changed and reordered. A region synced on both
 * sides is edited once (on the home page), which the service applies to every page. Run again
 * on the result until nothing is left: a re-added Hero brings a starter SearchBar the next
 * round removes.
 */
export function opsToReach(current: DesignDocument, target: DesignDocument): DesignOp[] {
  const ops: DesignOp[] = [];
  setPart(ops, 'brand', current.brand, target.brand);
  for (const part of ['colors', 'darkColors', 'fonts', 'radius'] as const)
    setPart(ops, `theme.${part}`, current.theme[part], target.theme[part]);
  setPart(ops, 'theme.density', current.theme.density, target.theme.density);
  setPart(ops, 'meta', current.meta, target.meta);
  if (!same(current.globals.navigation, target.globals.navigation))
    ops.push({ op: 'set_navigation', items: target.globals.navigation });
  const syncedBoth = current.syncedRegions.filter((r) => target.syncedRegions.includes(r));
  for (const r of current.syncedRegions)
    if (!target.syncedRegions.includes(r))
      ops.push({ op: 'sync_region', region: r, enabled: false });
  // Every removal before any addition: a component moved to another region keeps its id.
  const components = { removals: [] as DesignOp[], ops: [] as DesignOp[] };
  for (const page of PAGES) {
    const from = current.pages[page];
    const to = target.pages[page];
    const settings = changes(
      { ...from.settings, layout: from.layout },
      { ...to.settings, layout: to.layout },
    );
    if (settings) ops.push({ op: 'set', path: `pages.${page}`, value: settings });
    for (const region of REGIONS) {
      const synced = syncedBoth.includes(region);
      if (synced && page !== 'home') continue;
      const a = from.regions[region];
      const b = to.regions[region];
      const config = changes({ ...a.config }, { ...b.config });
      if (config) ops.push({ op: 'update_region', page, region, config });
      listOps(components, page, region, a.components, b.components, null, synced ? {} : { page });
    }
  }
  ops.push(...components.removals, ...components.ops);
  for (const r of target.syncedRegions)
    if (!current.syncedRegions.includes(r))
      ops.push({ op: 'sync_region', region: r, enabled: true, source_page: 'home' });
  itemOps(ops, 'css', current.customCssItems, target.customCssItems);
  itemOps(ops, 'script', current.globals.scripts, target.globals.scripts);
  return ops;
}

/** CSS blocks or scripts: removed, added (same id) or changed, each in `to`'s order. */
function itemOps<T extends { id: string }>(
  ops: DesignOp[],
  kind: 'css' | 'script',
  from: T[],
  to: T[],
) {
  for (const item of from)
    if (!to.some((t) => t.id === item.id)) ops.push({ op: `remove_${kind}`, id: item.id });
  to.forEach((item, index) => {
    const before = from.find((f) => f.id === item.id);
    if (!before) ops.push({ op: `add_${kind}`, ...item, index });
    else if (!same(before, item) || from.indexOf(before) !== index)
      ops.push({ op: `update_${kind}`, ...item, index });
  });
}

/** `ops` in batches the API takes (1 to 50 operations each). */
export function batches(ops: DesignOp[], size = 50): DesignOp[][] {
  const out: DesignOp[][] = [];
  for (let i = 0; i < ops.length; i += size) out.push(ops.slice(i, i + size));
  return out;
}
