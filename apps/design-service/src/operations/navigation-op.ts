// set_navigation (spec 4.12): replaces the menu; up to 30 items, one level of children, up to
// 20 per item; an item that keeps its id keeps its translations; an empty list clears.
import { isHttpUrl, isSafeHref } from '../catalog/settings';
import { COMPONENT_ID, newId } from '../document/tree';
import { NAV_TYPES } from '@hc/design';
import type { NavItem } from '@hc/design';
import { BatchState, fail, isPlainObject, OpFields, OpResult } from './context';

export const NAV_MAX_ITEMS = 30;
export const NAV_MAX_CHILDREN = 20;
const ITEM_FIELDS = new Set(['id', 'label', 'href', 'type', 'cssClass', 'children']);
const CSS_CLASSES = /^-?[_a-zA-Z][_a-zA-Z0-9-]*( -?[_a-zA-Z][_a-zA-Z0-9-]*)*$/;

function readItem(
  raw: unknown,
  path: string,
  ids: Set<string>,
  used: Set<string>,
  depth: number,
): NavItem {
  if (!isPlainObject(raw)) fail(path, `The ${path} must be an object.`);
  for (const key of Object.keys(raw)) {
    if (!ITEM_FIELDS.has(key))
      fail(`${path}.${key}`, `Unknown field "${key}" in a navigation item.`);
  }
  let id: string;
  if (raw.id === undefined || raw.id === null) id = newId('nav', used);
  else {
    if (typeof raw.id !== 'string' || !COMPONENT_ID.test(raw.id)) {
      fail(
        `${path}.id`,
        'The id must be 1 to 64 letters, digits, "-" or "_", starting with a letter or digit.',
      );
    }
    if (ids.has(raw.id)) fail(`${path}.id`, `The id "${raw.id}" appears twice in the menu.`);
    ids.add(raw.id);
    id = raw.id;
  }
  if (typeof raw.label !== 'string' || raw.label.trim() === '')
    fail(`${path}.label`, 'The label is required.');
  if (raw.label.length > 120)
    fail(`${path}.label`, 'The label must not be longer than 120 characters.');
  const type = raw.type ?? 'link';
  if (!(NAV_TYPES as readonly unknown[]).includes(type))
    fail(`${path}.type`, `The type must be one of ${NAV_TYPES.join(', ')}.`);
  if (typeof raw.href !== 'string' || raw.href === '')
    fail(`${path}.href`, 'The href is required.');
  if (raw.href.length > 2048)
    fail(`${path}.href`, 'The href must not be longer than 2048 characters.');
  // A category item names the category by id or by its path.
  const categoryId = type === 'category' && /^\d{1,10}$/.test(raw.href);
  if (!categoryId && (type === 'external' ? !isHttpUrl(raw.href) : !isSafeHref(raw.href))) {
    fail(
      `${path}.href`,
      type === 'external'
        ? 'An external item links to an http(s) address.'
        : 'The href must be a path, an #anchor or an http(s), mailto: or tel: address.',
    );
  }
  const cssClass = raw.cssClass ?? null;
  if (
    cssClass !== null &&
    (typeof cssClass !== 'string' || cssClass.length > 100 || !CSS_CLASSES.test(cssClass))
  ) {
    fail(
      `${path}.cssClass`,
      'The cssClass must be CSS class names separated by spaces (up to 100 characters).',
    );
  }
  const children: NavItem[] = [];
  if (raw.children !== undefined && raw.children !== null) {
    if (!Array.isArray(raw.children)) fail(`${path}.children`, 'The children must be an array.');
    if (depth > 0 && raw.children.length)
      fail(
        `${path}.children`,
        'The menu has one level of children: a child item cannot have children.',
      );
    if (raw.children.length > NAV_MAX_CHILDREN)
      fail(`${path}.children`, `An item has up to ${NAV_MAX_CHILDREN} children.`);
    for (const [i, child] of raw.children.entries())
      children.push(readItem(child, `${path}.children.${i}`, ids, used, depth + 1));
  }
  return {
    id,
    label: raw.label,
    href: raw.href,
    type: type as NavItem['type'],
    cssClass: cssClass as string | null,
    children,
  };
}

export function setNavigation(state: BatchState, op: OpFields): OpResult {
  if (!Array.isArray(op.items)) fail('items', 'The items field is required and must be an array.');
  if (op.items.length > NAV_MAX_ITEMS) fail('items', `The menu has up to ${NAV_MAX_ITEMS} items.`);
  // Ids sent explicitly are reserved first, so generated ids never collide with them.
  const used = new Set<string>();
  for (const raw of op.items) {
    if (!isPlainObject(raw)) continue;
    for (const item of [raw, ...(Array.isArray(raw.children) ? raw.children : [])]) {
      if (isPlainObject(item) && typeof item.id === 'string') used.add(item.id);
    }
  }
  const ids = new Set<string>();
  const items = op.items.map((raw, i) => readItem(raw, `items.${i}`, ids, used, 0));
  state.doc.globals.navigation = items;
  return { items: items.length, ids: items.map((i) => i.id) };
}
