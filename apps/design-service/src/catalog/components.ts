// The component catalog as data (issue #9): validation, GET /template/schema and the outline all
// read it. Each type says where it may go, whether it is unique in a region, what a container
// holds, its settings with offered values and defaults, and which texts are translatable.
import type { ComponentDef } from './component-def';
import { HELP_CENTER_COMPONENTS } from './help-center-components';
import { LAYOUT_COMPONENTS } from './layout-components';

export type { ComponentDef } from './component-def';

const ORDER = [
  'Hero',
  'Container',
  'SearchBar',
  'Logo',
  'Navigation',
  'CategoryGrid',
  'ArticleList',
  'ArticleBody',
  'ArticleMetadata',
  'TableOfContents',
  'Breadcrumbs',
  'RelatedArticles',
  'ContactForm',
  'RichText',
  'Image',
  'Button',
  'LanguageSwitcher',
  'FooterLinks',
  'SocialLinks',
  'Divider',
];
const defs: ComponentDef[] = [...LAYOUT_COMPONENTS, ...HELP_CENTER_COMPONENTS].sort(
  (a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type),
);

export const COMPONENT_CATALOG: ReadonlyMap<string, ComponentDef> = new Map(
  defs.map((d) => [d.type, d]),
);
export const COMPONENT_TYPES: readonly string[] = defs.map((d) => d.type);

export function componentDef(type: string): ComponentDef | undefined {
  return COMPONENT_CATALOG.get(type);
}

export function isContainer(def: ComponentDef): boolean {
  return def.children.length > 0;
}

/** The translatable setting keys of a type. */
export function translatableKeys(type: string): string[] {
  const def = componentDef(type);
  if (!def) return [];
  return Object.entries(def.settings)
    .filter(([, s]) => (s.kind === 'text' || s.kind === 'markdown') && s.translatable)
    .map(([k]) => k);
}
