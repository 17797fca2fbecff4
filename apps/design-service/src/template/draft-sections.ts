// GET /template/draft `section` (spec 4.12): every answer has section, etag and data.
import { DesignErrorCode, notFound } from '@hc/contracts';
import { queryEnum, queryString } from '@hc/http';
import { findOccurrences, walk } from '../document/tree';
import { PAGE_KEYS, REGION_KEYS } from '@hc/design';
import type { DesignDocument, PageKey, RegionKey, Translations } from '@hc/design';
import { requiredQuery, requiredQueryError } from './query';

export const DRAFT_SECTIONS = [
  'document',
  'brand',
  'theme',
  'meta',
  'navigation',
  'scripts',
  'custom_css',
  'page',
  'region',
  'component',
  'translations',
] as const;

type Query = Record<string, unknown>;

export function draftSection(
  doc: DesignDocument,
  translations: Translations,
  query: Query,
): { section: string; data: unknown } {
  const section = queryEnum(query, 'section', DRAFT_SECTIONS) ?? 'document';
  switch (section) {
    case 'document':
      return { section, data: doc };
    case 'brand':
    case 'theme':
    case 'meta':
      return { section, data: doc[section] };
    case 'navigation':
      return { section, data: doc.globals.navigation };
    case 'scripts': {
      const id = queryString(query, 'id');
      if (id === undefined) return { section, data: doc.globals.scripts };
      const script = doc.globals.scripts.find((s) => s.id === id);
      if (!script) throw notFound('Script not found.');
      return { section, data: script };
    }
    case 'custom_css': {
      const id = queryString(query, 'id');
      if (id === undefined)
        return { section, data: { items: doc.customCssItems, compiled: doc.customCss } };
      const item = doc.customCssItems.find((c) => c.id === id);
      if (!item) throw notFound('CSS block not found.');
      return { section, data: item };
    }
    case 'page': {
      const page = requiredQuery(query, 'page', PAGE_KEYS);
      return { section, data: { page, ...doc.pages[page] } };
    }
    case 'region': {
      const page = requiredQuery(query, 'page', PAGE_KEYS);
      const region = requiredQuery(query, 'region', REGION_KEYS);
      return { section, data: regionData(doc, page, region) };
    }
    case 'component':
      return { section, data: componentData(doc, query) };
    case 'translations':
      return { section, data: Object.keys(translations).length ? translations : [] };
  }
}

function regionData(doc: DesignDocument, page: PageKey, region: RegionKey) {
  const r = doc.pages[page].regions[region];
  return {
    page,
    region,
    synced: doc.syncedRegions.includes(region),
    // Every component instance in the region, containers' children included (CSS targets these).
    instances: [...walk(r.components)].map((h) => ({
      id: h.component.id,
      type: h.component.type,
      parent_id: h.parent?.id ?? null,
      selector: `[data-hc-instance-id="${h.component.id}"]`,
    })),
    components: r.components,
    config: r.config,
  };
}

function componentData(doc: DesignDocument, query: Query) {
  const id = queryString(query, 'id');
  if (id === undefined) throw requiredQueryError('id');
  const page = queryEnum(query, 'page', PAGE_KEYS);
  const hits = findOccurrences(doc, id).filter((h) => !page || h.page === page);
  if (!hits.length) throw notFound('Component not found.', DesignErrorCode.ComponentNotFound);
  const hit = hits[0];
  return {
    page: hit.page,
    region: hit.region,
    parent_id: hit.parent?.id ?? null,
    pages: [...new Set(findOccurrences(doc, id).map((h) => h.page))],
    component: hit.component,
  };
}
