import { formatA } from '@hc/contracts';
import type { CategoryEventData } from '@hc/contracts';
import { inLanguage } from '@hc/content';
import type { CategoryRow } from './categories.repository';

/** Spec 2.4 category object; an empty description reads as `[]` (spec 2.1). */
export function toCategoryResponse(c: CategoryRow, overrides: { position?: number } = {}) {
  return {
    id: c.id,
    parent: c.parentId,
    name: c.name,
    description: Object.keys(c.description).length ? c.description : [],
    icon: c.icon,
    position: overrides.position ?? c.position,
    privacy: c.privacy,
    created_at: formatA(c.createdAt),
    updated_at: formatA(c.updatedAt),
  };
}

export type CategoryResponse = ReturnType<typeof toCategoryResponse>;

/** Spec 6 `data` of category events: the name in the site's default language. */
export function categoryEventData(c: CategoryRow, defaultLanguage: string): CategoryEventData {
  return {
    type: 'category',
    id: c.id,
    parent_id: c.parentId,
    name: inLanguage(c.name, defaultLanguage),
    updated_at: formatA(c.updatedAt),
  };
}
