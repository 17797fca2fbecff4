// Theme list items and the one-theme view of spec 2.9.
import { settings } from '@hc/contracts';
import { componentDef } from '../catalog/components';
import { canonicalJson, PAGE_KEYS, REGION_KEYS } from '@hc/design';
import type { DesignDocument, PageKey } from '@hc/design';
import { buildDocument, THEME_SECTIONS, ThemeSection } from './apply';
import type { Blueprint } from './blueprints';
import type { ThemeDef } from './themes';

function themeUrl(theme: ThemeDef): string {
  return `${settings().apiBaseUrl}/template/themes/${theme.key}`;
}

export function toThemeListItem(theme: ThemeDef, currentKey: string) {
  return {
    key: theme.key,
    name: theme.name,
    tagline: theme.tagline,
    summary: theme.summary,
    best_for: theme.bestFor,
    colors: theme.theme.colors,
    dark_colors: theme.theme.darkColors,
    fonts: theme.theme.fonts,
    radius: theme.theme.radius,
    density: theme.theme.density,
    preview_image: `${themeUrl(theme)}/preview.svg`,
    ...(theme.industry ? { industry: theme.industry } : {}),
    current: theme.key === currentKey,
  };
}

function anatomyOf(bp: Blueprint): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: bp.type,
    label: componentDef(bp.type)?.label ?? bp.type,
  };
  if (bp.children?.length) out.children = bp.children.map(anatomyOf);
  return out;
}

/** Per page: layout and the components of each region. */
export function anatomy(theme: ThemeDef) {
  return Object.fromEntries(
    PAGE_KEYS.map((page) => {
      const bp = theme.pages[page];
      const regions = Object.fromEntries(
        REGION_KEYS.filter((r) => (bp.regions[r] ?? []).length).map((r) => [
          r,
          bp.regions[r]!.map(anatomyOf),
        ]),
      );
      return [page, { layout: bp.layout, regions, synced_regions: theme.syncedRegions }];
    }),
  );
}

/** Ids say nothing about a design's look: compare without them. */
function withoutIds(value: unknown): string {
  return canonicalJson(
    JSON.parse(JSON.stringify(value), (key, v: unknown) => (key === 'id' ? undefined : v)),
  );
}

/** The sections that applying the theme would change in the draft. */
export function changedSections(theme: ThemeDef, doc: DesignDocument): ThemeSection[] {
  const ref = buildDocument(theme, theme.brand.name);
  ref.brand.tagline = theme.brand.tagline;
  const differs: Record<ThemeSection, boolean> = {
    brand:
      doc.brand.name !== theme.brand.name ||
      doc.brand.tagline !== theme.brand.tagline ||
      doc.brand.logoAssetId !== null ||
      doc.brand.darkLogoAssetId !== null ||
      doc.brand.faviconAssetId !== null,
    'theme.colors': withoutIds(doc.theme.colors) !== withoutIds(ref.theme.colors),
    'theme.darkColors': withoutIds(doc.theme.darkColors) !== withoutIds(ref.theme.darkColors),
    'theme.fonts': withoutIds(doc.theme.fonts) !== withoutIds(ref.theme.fonts),
    'theme.radius': withoutIds(doc.theme.radius) !== withoutIds(ref.theme.radius),
    'theme.density': doc.theme.density !== ref.theme.density,
    'pages.home': false,
    'pages.category': false,
    'pages.article': false,
    'pages.search': false,
    'pages.contact': false,
    'pages.notFound': false,
    'globals.navigation': withoutIds(doc.globals.navigation) !== withoutIds(ref.globals.navigation),
    'globals.scripts': withoutIds(doc.globals.scripts) !== withoutIds(ref.globals.scripts),
    meta:
      doc.meta.noIndex ||
      (['title', 'description', 'socialTitle', 'socialDescription'] as const).some(
        (k) => doc.meta[k] !== theme.meta[k],
      ),
    customCss: withoutIds(doc.customCssItems) !== withoutIds(ref.customCssItems),
  };
  for (const page of PAGE_KEYS)
    differs[`pages.${page}` as ThemeSection] =
      withoutIds(doc.pages[page]) !== withoutIds(ref.pages[page]);
  return THEME_SECTIONS.filter((s) => differs[s]);
}

export function toThemeDetail(theme: ThemeDef, currentKey: string, doc: DesignDocument) {
  return {
    ...toThemeListItem(theme, currentKey),
    description: theme.description,
    screenshots: PAGE_KEYS.map((page: PageKey) => ({
      page,
      url: `${themeUrl(theme)}/screenshots/${page}.svg`,
      dark_url: `${themeUrl(theme)}/screenshots/${page}.svg?mode=dark`,
    })),
    anatomy: anatomy(theme),
    changed_sections: changedSections(theme, doc),
    sections: THEME_SECTIONS,
  };
}
