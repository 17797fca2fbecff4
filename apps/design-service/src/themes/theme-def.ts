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

export const DEFAULT_COLORS: Palette = {
  primary: '#2563eb',
  accent: '#f59e0b',
  fg: '#111827',
  bg: '#ffffff',
  muted: '#6b7280',
  surface: '#f9fafb',
  border: '#e5e7eb',
};

export const DEFAULT_DARK_COLORS: Palette = {
  primary: '#60a5fa',
  accent: '#fbbf24',
  fg: '#f3f4f6',
  bg: '#0b1220',
  muted: '#9ca3af',
  surface: '#111827',
  border: '#1f2937',
};

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
