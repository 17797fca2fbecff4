// Translated design texts (spec 2.9): read-only in the API; they move, copy and vanish with
// their component. Keys: `brand.tagline`, `meta.<field>`, `pages.<page>.<componentId>.<setting>`,
// `navigation.<itemId>.label`. Moving keeps the key (a component never changes page or id);
// copying a region copies the keys; anything whose component is gone is dropped.
import { translatableKeys } from '../catalog/components';
import { findOccurrences } from './tree';
import type { DesignDocument, PageKey, Translations } from '@hc/design';

const COMPONENT_KEY = /^pages\.([A-Za-z]+)\.([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.([A-Za-z]+)$/;
const NAV_KEY = /^navigation\.([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.label$/;
const DOCUMENT_KEYS = new Set([
  'brand.tagline',
  'meta.title',
  'meta.description',
  'meta.socialTitle',
  'meta.socialDescription',
]);

export function componentKey(page: PageKey, id: string, setting: string): string {
  return `pages.${page}.${id}.${setting}`;
}

/** Drops texts whose component, setting or menu item no longer exists. */
export function pruneTranslations(doc: DesignDocument, translations: Translations): Translations {
  const navIds = new Set(
    doc.globals.navigation.flatMap((i) => [i.id, ...i.children.map((c) => c.id)]),
  );
  const placed = new Map<string, Set<string>>(); // `${page}.${id}` → translatable settings
  const lookup = (page: string, id: string) => {
    const key = `${page}.${id}`;
    if (!placed.has(key)) {
      const hit = findOccurrences(doc, id).find((o) => o.page === page);
      placed.set(key, new Set(hit ? translatableKeys(hit.component.type) : []));
    }
    return placed.get(key)!;
  };
  const out: Translations = {};
  for (const [lang, texts] of Object.entries(translations)) {
    const kept: Record<string, string> = {};
    for (const [key, text] of Object.entries(texts)) {
      const c = COMPONENT_KEY.exec(key);
      const n = NAV_KEY.exec(key);
      const keep =
        DOCUMENT_KEYS.has(key) ||
        (c !== null && lookup(c[1], c[2]).has(c[3])) ||
        (n !== null && navIds.has(n[1]));
      if (keep) kept[key] = text;
    }
    if (Object.keys(kept).length) out[lang] = kept;
  }
  return out;
}

/** Calls `visit` for each text of components `ids`, on any page, in every language. */
function eachComponentText(
  translations: Translations,
  ids: string[],
  visit: (
    texts: Record<string, string>,
    key: string,
    page: PageKey,
    id: string,
    setting: string,
  ) => void,
): void {
  const wanted = new Set(ids);
  for (const texts of Object.values(translations)) {
    for (const key of Object.keys(texts)) {
      const c = COMPONENT_KEY.exec(key);
      if (c && wanted.has(c[2])) visit(texts, key, c[1] as PageKey, c[2], c[3]);
    }
  }
}

/** Copies the texts of components `ids` from one page to others (copy_region, sync_region). */
export function copyTranslations(
  translations: Translations,
  from: PageKey,
  to: PageKey[],
  ids: string[],
): void {
  eachComponentText(translations, ids, (texts, key, page, id, setting) => {
    if (page !== from) return;
    const text = texts[key];
    for (const target of to) texts[componentKey(target, id, setting)] = text;
  });
}

/** Removes the texts of components `ids` on the given pages before a region is overwritten. */
export function dropTranslations(
  translations: Translations,
  pages: PageKey[],
  ids: string[],
): void {
  eachComponentText(translations, ids, (texts, key, page) => {
    if (pages.includes(page)) delete texts[key];
  });
}
