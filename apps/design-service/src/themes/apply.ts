// Building a document from a theme, and applying a theme's sections to a draft (spec 4.12).
import { LAYOUT_DEF, PAGE_SETTINGS, REGION_CONFIG } from '../catalog/document-parts';
import { defaultsOf } from '../catalog/settings';
import { compileCustomCss } from '../document/css';
import { allComponentIds, emptyRegion, instantiate, newId } from '../document/tree';
import { PAGE_KEYS, REGION_KEYS, SCHEMA_VERSION, clone } from '@hc/design';
import type { DesignDocument, Page, PageKey, RegionConfig } from '@hc/design';
import type { PageBlueprint } from './blueprints';
import type { ThemeDef } from './themes';

/** spec 4.12 apply `sections`, in this order. */
export const THEME_SECTIONS = [
  'brand',
  'theme.colors',
  'theme.darkColors',
  'theme.fonts',
  'theme.radius',
  'theme.density',
  'pages.home',
  'pages.category',
  'pages.article',
  'pages.search',
  'pages.contact',
  'pages.notFound',
  'globals.navigation',
  'globals.scripts',
  'meta',
  'customCss',
] as const;
export type ThemeSection = (typeof THEME_SECTIONS)[number];

function buildPage(bp: PageBlueprint, page: PageKey, used: Set<string>): Page {
  const regions = {} as Page['regions'];
  for (const region of REGION_KEYS) {
    regions[region] = {
      config: { ...emptyRegion().config, ...(bp.regionConfig?.[region] ?? {}) } as RegionConfig,
      components: (bp.regions[region] ?? []).map((c) => instantiate(c, used)),
    };
  }
  return {
    layout: bp.layout ?? (LAYOUT_DEF.default as string),
    settings: { ...defaultsOf(PAGE_SETTINGS[page]), ...(bp.settings ?? {}) },
    regions,
  };
}

/** Builds every page; components of synced regions share ids across pages. */
function buildPages(
  theme: ThemeDef,
  pages: readonly PageKey[],
  used: Set<string>,
  shareSynced: boolean,
) {
  const out = {} as Partial<Record<PageKey, Page>>;
  for (const page of pages) out[page] = buildPage(theme.pages[page], page, used);
  if (shareSynced) {
    const first = out[pages[0]]!;
    for (const region of theme.syncedRegions) {
      for (const page of pages) out[page]!.regions[region] = clone(first.regions[region]);
    }
  }
  return out;
}

function themeNavigation(theme: ThemeDef, used: Set<string>) {
  return theme.navigation.map((item) => ({
    ...clone(item),
    id: newId('nav', used),
    children: item.children.map((child) => ({ ...clone(child), id: newId('nav', used) })),
  }));
}

/** A whole document from a theme (the design a new site starts from, named after the site). */
export function buildDocument(theme: ThemeDef, siteName: string): DesignDocument {
  const used = new Set<string>();
  const pages = buildPages(theme, PAGE_KEYS, used, true) as Record<PageKey, Page>;
  const doc: DesignDocument = {
    brand: {
      name: siteName,
      tagline: theme.brand.tagline,
      logoAssetId: null,
      darkLogoAssetId: null,
      faviconAssetId: null,
      websiteUrl: null,
    },
    theme: clone(theme.theme),
    meta: {
      title: siteName,
      description: theme.meta.description,
      socialTitle: siteName,
      socialDescription: theme.meta.socialDescription,
      socialImageAssetId: null,
      direction: 'auto',
      noIndex: false,
      includeInSitemap: true,
    },
    pages,
    syncedRegions: [...theme.syncedRegions],
    globals: {
      navigation: themeNavigation(theme, used),
      scripts: theme.scripts.map((s) => ({ ...clone(s), id: newId('script', used) })),
    },
    customCssItems: theme.customCss.map((c) => ({ ...clone(c), id: newId('css', used) })),
    customCss: '',
    schemaVersion: SCHEMA_VERSION,
    preset: {
      startedFrom: theme.key,
      lastApplied: theme.key,
      lastAppliedSections: [...THEME_SECTIONS],
    },
  };
  doc.customCss = compileCustomCss(doc.customCssItems);
  return doc;
}

/** Applies the sections of a theme to a document in place; returns the warnings. */
export function applyTheme(
  doc: DesignDocument,
  theme: ThemeDef,
  sections: readonly ThemeSection[],
): string[] {
  const warnings: string[] = [];
  const has = (s: ThemeSection) => sections.includes(s);
  const used = allComponentIds(doc);
  for (const item of [
    ...doc.globals.navigation,
    ...doc.globals.navigation.flatMap((i) => i.children),
  ])
    used.add(item.id);
  for (const s of doc.globals.scripts) used.add(s.id);
  for (const c of doc.customCssItems) used.add(c.id);

  if (has('brand')) {
    doc.brand = {
      ...doc.brand,
      name: theme.brand.name,
      tagline: theme.brand.tagline,
      logoAssetId: null,
      darkLogoAssetId: null,
      faviconAssetId: null,
    };
    warnings.push(
      `Brand name and tagline were replaced with the theme's placeholders ("${theme.brand.name}"); logo, dark-mode logo and favicon were cleared. The brand name becomes the site name when you publish.`,
    );
  }
  if (has('theme.colors')) doc.theme.colors = clone(theme.theme.colors);
  if (has('theme.darkColors')) doc.theme.darkColors = clone(theme.theme.darkColors);
  if (has('theme.fonts')) doc.theme.fonts = clone(theme.theme.fonts);
  if (has('theme.radius')) doc.theme.radius = clone(theme.theme.radius);
  if (has('theme.density')) doc.theme.density = theme.theme.density;
  if (has('meta')) {
    doc.meta = { ...doc.meta, ...theme.meta, noIndex: false };
  }

  const pages = PAGE_KEYS.filter((p) => has(`pages.${p}` as ThemeSection));
  if (pages.length) {
    const built = buildPages(theme, pages, used, pages.length === PAGE_KEYS.length);
    for (const page of pages) doc.pages[page] = built[page]!;
    if (pages.length === PAGE_KEYS.length) doc.syncedRegions = [...theme.syncedRegions];
    warnings.push(
      `Applied pages ${pages.join(', ')}: their components were replaced and have new ids; custom CSS that targets the old ids no longer matches.`,
    );
  }
  if (has('globals.navigation')) {
    doc.globals.navigation = themeNavigation(theme, used);
    warnings.push(
      'The navigation menu was replaced; translations of the old menu items were removed.',
    );
  }
  if (has('globals.scripts')) {
    if (doc.globals.scripts.length)
      warnings.push(
        `Scripts were replaced by the theme's (${theme.scripts.length}); ${doc.globals.scripts.length} earlier script(s) removed.`,
      );
    doc.globals.scripts = theme.scripts.map((s) => ({ ...clone(s), id: newId('script', used) }));
  }
  if (has('customCss')) {
    warnings.push(
      `Custom CSS was replaced: ${doc.customCssItems.length} block(s) removed, ${theme.customCss.length} block(s) from the theme added.`,
    );
    doc.customCssItems = theme.customCss.map((c) => ({ ...clone(c), id: newId('css', used) }));
  }
  doc.customCss = compileCustomCss(doc.customCssItems);
  doc.preset = { ...doc.preset, lastApplied: theme.key, lastAppliedSections: [...sections] };
  return warnings;
}

/** Region styling defaults, for resets. */
export const REGION_DEFAULTS = defaultsOf(REGION_CONFIG);
