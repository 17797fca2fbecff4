// GET /template/schema: the customization guide by topic (spec 4.12), read from the catalog.
import {
  BRAND_FIELDS,
  DENSITIES,
  FONTS,
  LAYOUTS,
  META_FIELDS,
  PAGE_SETTINGS,
  RADII,
  REGION_CONFIG,
} from './document-parts';
import { COMPONENT_CATALOG, COMPONENT_TYPES, ComponentDef } from './components';
import { describeSetting } from './settings';
import type { SettingsDef } from './settings';
import {
  COLOR_TOKENS,
  ENGINE,
  PAGE_KEYS,
  REGION_KEYS,
  SCHEMA_VERSION,
  SCRIPT_POSITIONS,
  SYNCABLE_REGIONS,
} from '@hc/design';

export const SCHEMA_TOPICS = [
  'overview',
  'components',
  'settings',
  'theme',
  'css',
  'scripts',
  'navigation',
] as const;
export type SchemaTopic = (typeof SCHEMA_TOPICS)[number];
export const MAX_SCHEMA_TYPES = 8;

const describeAll = (s: SettingsDef) =>
  Object.fromEntries(Object.entries(s).map(([k, d]) => [k, describeSetting(d)]));

export function componentIndexEntry(def: ComponentDef) {
  return {
    type: def.type,
    label: def.label,
    description: def.description,
    pages: def.pages,
    regions: def.regions,
  };
}

export function componentDetail(def: ComponentDef) {
  return {
    ...componentIndexEntry(def),
    once_per_region: def.oncePerRegion,
    container: def.children.length > 0,
    accepts: def.children,
    starts_with: def.starterChildren,
    settings: describeAll(def.settings),
    translatable: Object.entries(def.settings)
      .filter(([, s]) => 'translatable' in s && s.translatable)
      .map(([k]) => k),
    css_selector: `[data-hc-component="${def.type}"]`,
  };
}

export function overviewGuide() {
  return {
    engine: ENGINE,
    schema_version: SCHEMA_VERSION,
    topics: SCHEMA_TOPICS,
    document: {
      brand:
        'name, tagline, logo (logoAssetId), dark-mode logo (darkLogoAssetId), favicon (faviconAssetId), main website (websiteUrl)',
      theme:
        'colors and darkColors (tokens primary, accent, fg, bg, muted, surface, border), fonts, radius, density',
      meta: 'SEO title and description, social texts and image, text direction, search-engine settings (noIndex, includeInSitemap)',
      pages: `six pages (${PAGE_KEYS.join(', ')}), each with a layout, settings and six regions (${REGION_KEYS.join(', ')})`,
      syncedRegions: `regions every page shares (${SYNCABLE_REGIONS.join(', ')}; main is always per page)`,
      globals: 'navigation (the menu) and scripts',
      customCssItems:
        'labelled CSS blocks; customCss is compiled from the enabled ones on every change',
      schemaVersion: 'kept by the service',
      preset: 'the theme the design started from and the one applied last; kept by the service',
    },
    component:
      '{id, type, config, visibleOn, children}; target one with [data-hc-instance-id="<id>"]',
    workflow: [
      'GET /template for the outline and the etag',
      'PATCH /template/draft with 1 to 50 operations and the etag',
      'check the draft at urls.draft_preview',
      'POST /template/publish with a message',
    ],
    operations: [
      'set',
      'add_component',
      'update_component',
      'remove_component',
      'move_component',
      'update_region',
      'sync_region',
      'copy_region',
      'add_css',
      'update_css',
      'remove_css',
      'add_script',
      'update_script',
      'remove_script',
      'set_navigation',
    ],
    rules: [
      'Components go only on the pages and regions they are made for; once-per-region types stay unique.',
      'A Hero or Container accepts only the types it lists; a new Hero starts with a SearchBar.',
      "Settings take only offered values; null restores a component setting's default.",
      'Strings are stored as sent; brand.name and meta.title cannot be empty.',
      'An edit of a synced region applies to every page; when its pages differ, sync_region first.',
    ],
    limits: {
      operations_per_batch: 50,
      component_id: '1 to 64 letters, digits, - and _, starting with a letter or digit',
      css_bytes: 204800,
      script_body_bytes: 51200,
      navigation_items: 30,
      navigation_children: 20,
    },
  };
}

export function componentsGuide(types: string[] | undefined) {
  if (!types)
    return { index: COMPONENT_TYPES.map((t) => componentIndexEntry(COMPONENT_CATALOG.get(t)!)) };
  return { components: types.map((t) => componentDetail(COMPONENT_CATALOG.get(t)!)) };
}

export function settingsGuide() {
  const fields = (f: typeof BRAND_FIELDS) =>
    Object.fromEntries(
      Object.entries(f).map(([k, d]) => [
        k,
        {
          ...describeSetting(d.def),
          nullable: d.nullable,
          ...(d.required ? { required: true } : {}),
        },
      ]),
    );
  return {
    paths: [
      'brand.*',
      'theme.colors.*',
      'theme.darkColors.*',
      'theme.fonts.*',
      'theme.radius.*',
      'theme.density',
      'meta.*',
      'pages.<page>.<setting>',
    ],
    brand: fields(BRAND_FIELDS),
    meta: fields(META_FIELDS),
    pages: Object.fromEntries(
      PAGE_KEYS.map((p) => [
        p,
        {
          layout: { type: 'enum', options: LAYOUTS, default: 'full' },
          ...describeAll(PAGE_SETTINGS[p]),
        },
      ]),
    ),
    region_config: describeAll(REGION_CONFIG),
    notes:
      'An object value sets several settings at once; null empties a setting that can be empty.',
  };
}

export function themeGuide() {
  return {
    color_tokens: COLOR_TOKENS,
    color_format: 'hex #rrggbb or #rrggbbaa',
    css_variables: Object.fromEntries(COLOR_TOKENS.map((t) => [t, `var(--hc-color-${t})`])),
    fonts: FONTS,
    radius: { keys: ['buttons', 'cards', 'inputs'], options: RADII },
    density: DENSITIES,
    themes:
      'GET /template/themes lists the presets; POST /template/themes/{key}/apply applies some or all sections',
  };
}

export function cssGuide() {
  return {
    operations: ['add_css', 'update_css', 'remove_css'],
    max_bytes_per_block: 204800,
    max_bytes_total: 204800,
    removed_at_render: [
      '@import',
      '@charset',
      '@namespace',
      'expression()',
      'behavior:',
      'javascript: URLs',
    ],
    refused:
      'a block that would render as nothing (empty, only comments, or only removed constructs), or CSS that cannot be parsed',
    selectors: {
      component: '[data-hc-instance-id="<component id>"]',
      component_type: '[data-hc-component="<Type>"]',
      region: '[data-hc-region="<region>"]',
      page: '[data-hc-page="<page>"]',
    },
    variables: [
      '--hc-space-unit',
      ...COLOR_TOKENS.map((t) => `--hc-color-${t}`),
      '--hc-font-heading',
      '--hc-font-body',
      '--hc-font-code',
      '--hc-radius-buttons',
      '--hc-radius-cards',
      '--hc-radius-inputs',
    ],
  };
}

export function scriptsGuide() {
  return {
    operations: ['add_script', 'update_script', 'remove_script'],
    positions: SCRIPT_POSITIONS,
    bodies: {
      src: 'an external https URL',
      inlineBody: 'JavaScript without <script> tags',
      htmlBody: 'raw HTML',
    },
    exactly_one_body: true,
    max_body_bytes: 51200,
    fields: {
      label: 'string or null',
      pages: 'null (every page) or a list of pages',
      enabled: 'boolean, default true',
      defer: 'boolean',
      async: 'boolean',
      integrity: 'sha256-/sha384-/sha512- hash or null',
      index: 'position from 0',
      id: 'optional, 1 to 64 letters, digits, - and _',
    },
    warning: 'every enabled script runs for every visitor of its pages',
  };
}

export function navigationGuide() {
  return {
    operation: 'set_navigation (replaces the menu; an empty list clears it)',
    max_items: 30,
    max_children_per_item: 20,
    levels: 'one level of children',
    item: {
      id: "optional; keep it to keep the item's translations",
      label: 'required',
      href: 'required',
      type: ['link', 'category', 'external'],
      cssClass: 'CSS class names or null',
      children: 'items without children',
    },
  };
}
