// The design document of spec 2.9 (engine v2), as design-service writes it. Plain types, no Nest:
// the reader site renders the same document (`Stored<…>` below is its view of it).

export const ENGINE = 'v2';
export const SCHEMA_VERSION = 3;

export const PAGE_KEYS = ['home', 'category', 'article', 'search', 'contact', 'notFound'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const REGION_KEYS = ['header', 'hero', 'sidebar', 'main', 'footer', 'utility'] as const;
export type RegionKey = (typeof REGION_KEYS)[number];

/** spec 4.12 sync_region: `main` is always per page. */
export const SYNCABLE_REGIONS = ['header', 'hero', 'sidebar', 'footer', 'utility'] as const;

export const COLOR_TOKENS = [
  'primary',
  'accent',
  'fg',
  'bg',
  'muted',
  'surface',
  'border',
] as const;
export type ColorToken = (typeof COLOR_TOKENS)[number];
export type Palette = Record<ColorToken, string>;

export const VISIBLE_ON = ['all', 'desktop', 'mobile'] as const;
export type VisibleOn = (typeof VISIBLE_ON)[number];

export interface Component {
  id: string;
  type: string;
  config: Record<string, unknown>;
  visibleOn: VisibleOn;
  children: Component[];
}

export interface RegionConfig {
  background: string | null;
  padding: 'compact' | 'standard' | 'tall';
  borderBottom: boolean;
  align: 'left' | 'center';
}

export interface Region {
  config: RegionConfig;
  components: Component[];
}

export interface Page {
  layout: string;
  settings: Record<string, unknown>;
  regions: Record<RegionKey, Region>;
}

export interface Brand {
  name: string;
  tagline: string | null;
  logoAssetId: number | null;
  darkLogoAssetId: number | null;
  faviconAssetId: number | null;
  websiteUrl: string | null;
}

export interface ThemeSettings {
  colors: Palette;
  darkColors: Palette;
  fonts: { heading: string; body: string; code: string };
  radius: { buttons: string; cards: string; inputs: string };
  density: 'compact' | 'comfortable' | 'spacious';
}

export interface Meta {
  title: string;
  description: string | null;
  socialTitle: string | null;
  socialDescription: string | null;
  socialImageAssetId: number | null;
  direction: 'auto' | 'ltr' | 'rtl';
  noIndex: boolean;
  includeInSitemap: boolean;
}

export const NAV_TYPES = ['link', 'category', 'external'] as const;
export interface NavItem {
  id: string;
  label: string;
  href: string;
  type: (typeof NAV_TYPES)[number];
  cssClass: string | null;
  children: NavItem[];
}

export const SCRIPT_POSITIONS = ['headStart', 'headEnd', 'bodyStart', 'bodyEnd'] as const;
export const SCRIPT_BODIES = ['src', 'inlineBody', 'htmlBody'] as const;
export type ScriptBody = (typeof SCRIPT_BODIES)[number];

export interface Script {
  id: string;
  label: string | null;
  position: (typeof SCRIPT_POSITIONS)[number];
  src?: string;
  inlineBody?: string;
  htmlBody?: string;
  pages: PageKey[] | null;
  enabled: boolean;
  defer: boolean;
  async: boolean;
  integrity: string | null;
}

export interface CssItem {
  id: string;
  label: string | null;
  css: string;
  enabled: boolean;
}

export interface PresetInfo {
  /** The theme the design was first built from. */
  startedFrom: string;
  /** The theme applied last, and which sections of it. */
  lastApplied: string;
  lastAppliedSections: string[];
}

export interface DesignDocument {
  brand: Brand;
  theme: ThemeSettings;
  meta: Meta;
  pages: Record<PageKey, Page>;
  syncedRegions: RegionKey[];
  globals: { navigation: NavItem[]; scripts: Script[] };
  customCssItems: CssItem[];
  customCss: string;
  schemaVersion: number;
  preset: PresetInfo;
}

/** Translated design texts: language code → text key → text (read-only in the API). */
export type Translations = Record<string, Record<string, string>>;

export function isPageKey(v: unknown): v is PageKey {
  return typeof v === 'string' && (PAGE_KEYS as readonly string[]).includes(v);
}

export function isRegionKey(v: unknown): v is RegionKey {
  return typeof v === 'string' && (REGION_KEYS as readonly string[]).includes(v);
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** JSON with object keys sorted: equal documents give equal strings whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}

export function sameDesign(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * A stored document as a renderer meets it: any key may be missing at any depth, because a
 * document written by an older version lacks newer keys (the reader site renders defensively).
 */
export type Stored<T> = T extends readonly (infer U)[]
  ? Stored<U>[]
  : T extends object
    ? { [K in keyof T]?: Stored<T[K]> }
    : T;
