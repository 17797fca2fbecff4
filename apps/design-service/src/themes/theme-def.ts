// The shape of a theme preset and what presets share (default palettes, menu and header).
import type { CssItem, NavItem, Palette, RegionKey, Script, ThemeSettings } from '@hc/design';
import { c, PagesBlueprint } from './blueprints';

export interface ThemeDef {
  key: string;
  name: string;
  tagline: string;
  summary: string;
  description: string;
  bestFor: string[];
  industry?: string;
  theme: ThemeSettings;
  brand: { name: string; tagline: string };
  meta: { title: string; description: string; socialTitle: string; socialDescription: string };
  syncedRegions: RegionKey[];
  navigation: Omit<NavItem, 'id'>[];
  scripts: Omit<Script, 'id'>[];
  customCss: Omit<CssItem, 'id'>[];
  pages: PagesBlueprint;
}

/** What a preset states: presets ship no scripts, and custom CSS only where they say so. */
export type PresetDef = Omit<ThemeDef, 'scripts' | 'customCss'> &
  Partial<Pick<ThemeDef, 'customCss'>>;

/** A preset from what it states, its fields in ThemeDef's order (the order a theme is listed in). */
export function preset({ customCss = [], pages, ...stated }: PresetDef): ThemeDef {
  return { ...stated, scripts: [], customCss, pages };
}

/** A preset's custom CSS block, enabled. */
export const cssBlock = (label: string, css: string): Omit<CssItem, 'id'> => ({
  label,
  css,
  enabled: true,
});

type Fonts = ThemeSettings['fonts'];
type Radius = ThemeSettings['radius'];

/** A theme's fonts: heading, body and code. */
export const fonts = (
  heading: Fonts['heading'],
  body: Fonts['body'],
  code: Fonts['code'],
): Fonts => ({
  heading,
  body,
  code,
});

/** A theme's corner radii: buttons, cards and inputs. */
export const corners = (
  buttons: Radius['buttons'],
  cards: Radius['cards'],
  inputs: Radius['inputs'],
): Radius => ({ buttons, cards, inputs });

/** A preset's meta, shared on social media under the same title. */
export const presetMeta = (
  title: string,
  description: string,
  socialDescription: string,
): ThemeDef['meta'] => ({ title, description, socialTitle: title, socialDescription });

/** A palette from its seven colors in this order: primary accent fg bg muted surface border. */
export function palette(colors: string): Palette {
  const [primary, accent, fg, bg, muted, surface, border] = colors.split(' ');
  return { primary, accent, fg, bg, muted, surface, border };
}

export const DEFAULT_COLORS: Palette = palette(
  '#2563eb #f59e0b #111827 #ffffff #6b7280 #f9fafb #e5e7eb',
);

export const DEFAULT_DARK_COLORS: Palette = palette(
  '#60a5fa #fbbf24 #f3f4f6 #0b1220 #9ca3af #111827 #1f2937',
);

export const nav = (
  label: string,
  href: string,
  type: NavItem['type'] = 'link',
): Omit<NavItem, 'id'> => ({
  label,
  href,
  type,
  cssClass: null,
  children: [],
});

export const STANDARD_NAV = [nav('Home', '/'), nav('Contact', '/contact')];

export function header(extra: ReturnType<typeof c>[] = []) {
  return [c('Logo'), c('Navigation'), ...extra, c('LanguageSwitcher')];
}
