// The shape of a catalog entry and the placement lists entries share.
import { PAGE_KEYS, REGION_KEYS } from '@hc/design';
import type { PageKey, RegionKey } from '@hc/design';
import type { SettingsDef } from './settings';

export const ALL_PAGES = PAGE_KEYS;
export const ALL_REGIONS = REGION_KEYS;
/** A component that takes no children. */
export const LEAF = { children: [], starterChildren: [] } as const satisfies Pick<
  ComponentDef,
  'children' | 'starterChildren'
>;
/** Where a component that takes no children may stand: its pages, its regions, once per region or not. */
export function leaf(
  pages: readonly PageKey[],
  regions: readonly RegionKey[],
  oncePerRegion: boolean,
): Pick<ComponentDef, 'pages' | 'regions' | 'oncePerRegion' | 'children' | 'starterChildren'> {
  return { pages, regions, oncePerRegion, ...LEAF };
}
export const BODY_REGIONS: readonly RegionKey[] = ['hero', 'sidebar', 'main', 'footer', 'utility'];
export const SIZE = ['small', 'medium', 'large'] as const;

export interface ComponentDef {
  type: string;
  label: string;
  description: string;
  pages: readonly PageKey[];
  regions: readonly RegionKey[];
  oncePerRegion: boolean;
  /** Types a Hero or Container accepts as children (empty for other components). */
  children: readonly string[];
  /** Children a new instance starts with (a new Hero gets a SearchBar). */
  starterChildren: readonly string[];
  settings: SettingsDef;
}
