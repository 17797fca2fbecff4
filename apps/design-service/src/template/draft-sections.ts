// GET /template/draft `section` (spec 4.12): every answer has section, etag and data.
import { DesignErrorCode, notFound } from '@hc/contracts';
import { findOccurrences, walk } from '../document/tree';
import type { DesignDocument, PageKey, RegionKey, Translations } from '@hc/design';

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
export type DraftSection = (typeof DRAFT_SECTIONS)[number];

/** The part of the draft a reader asks for (`DraftQuery`, judged at the edge, is one). */
export interface DraftPart {
  section?: DraftSection;
  page?: PageKey;
  region?: RegionKey;
  id?: string;
}

export function draftSection(
  doc: DesignDocument,
  translations: Translations,
  query: DraftPart,
): { section: string; data: unknown } {
  const section = query.section ?? 'document';
  const id = query.id;
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
      if (id === undefined) return { section, data: doc.globals.scripts };
      const script = doc.globals.scripts.find((s) => s.id === id);
      if (!script) throw notFound('Script not found.');
      return { section, data: script };
    }
    case 'custom_css': {
      if (id === undefined)
        return { section, data: { items: doc.customCssItems, compiled: doc.customCss } };
      const item = doc.customCssItems.find((c) => c.id === id);
      if (!item) throw notFound('CSS block not found.');
      return { section, data: item };
    }
    // The query DTO requires `page` (and `region`, and `id`) for these sections.
    case 'page':
      return { section, data: { page: query.page!, ...doc.pages[query.page!] } };
    case 'region':
      return { section, data: regionData(doc, query.page!, query.region!) };
    case 'component':
      return { section, data: componentData(doc, id!, query.page) };
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

function componentData(doc: DesignDocument, id: string, page: PageKey | undefined) {
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
