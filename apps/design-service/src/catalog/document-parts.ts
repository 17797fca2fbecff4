// The settable parts of the document other than components: page settings, region styling,
// brand, meta and theme. `set` validation, defaults, the outline and the schema guide read these.
import type { PageKey } from '@hc/design';
import { COLOR_TOKENS } from '@hc/design';
import type { SettingDef, SettingsDef } from './settings';
import { choice, flag } from './settings';

export const LAYOUTS = ['full', 'sidebar-left', 'sidebar-right', 'narrow'] as const;

const COMMON_PAGE_SETTINGS: SettingsDef = {
  maxWidth: choice(['narrow', 'standard', 'wide'], 'standard', 'Content width'),
  background: {
    kind: 'color',
    default: null,
    help: 'Page background: hex, token or null for theme bg',
  },
  showBackToTop: flag(false, 'Show a back-to-top button'),
};

/** Settings of each page (`pages.<page>.<setting>`), besides `layout`. */
export const PAGE_SETTINGS: Record<PageKey, SettingsDef> = {
  home: {
    ...COMMON_PAGE_SETTINGS,
    showPromotedFirst: flag(true, 'Promoted articles lead the lists'),
  },
  category: {
    ...COMMON_PAGE_SETTINGS,
    articleSort: choice(['manual', 'newest', 'title'], 'manual', 'Article order'),
    showSubcategories: flag(true, 'List subcategories above the articles'),
  },
  article: {
    ...COMMON_PAGE_SETTINGS,
    showComments: flag(false, 'Show reader comments'),
    showLastUpdated: flag(true, 'Show the update date under the title'),
    codeTheme: choice(['light', 'dark', 'auto'], 'auto', 'Code block colors'),
  },
  search: {
    ...COMMON_PAGE_SETTINGS,
    resultsPerPage: choice([5, 10, 15], 10, 'Matches per page (15 at most)'),
    showFilters: flag(true, 'Filter by category'),
  },
  contact: {
    ...COMMON_PAGE_SETTINGS,
    searchFirst: flag(false, 'Ask readers to search before writing'),
  },
  notFound: {
    ...COMMON_PAGE_SETTINGS,
    suggestSearch: flag(true, 'Offer a search with the words of the address'),
  },
};

export const LAYOUT_DEF: SettingDef = {
  kind: 'enum',
  options: LAYOUTS,
  default: 'full',
  help: 'Where the sidebar region goes (full: no sidebar column)',
};

/** update_region config (spec 4.12): null resets a key. */
export const REGION_CONFIG: SettingsDef = {
  background: {
    kind: 'color',
    default: null,
    help: 'Hex or token such as var(--hc-color-primary)',
  },
  padding: choice(['compact', 'standard', 'tall'], 'standard', 'Vertical padding'),
  borderBottom: flag(false, 'A border under the region'),
  align: { kind: 'enum', options: ['left', 'center'], default: 'left', help: 'Content alignment' },
};

/** A document field: its definition, and whether null/empty is refused (spec 4.12). */
export interface FieldDef {
  def: SettingDef;
  /** null allowed (empties the setting). */
  nullable: boolean;
  /** `brand.name`, `meta.title`: empty, null and whitespace-only refused. */
  required?: boolean;
}

/** A field that cannot be emptied with null. */
const notNull = (def: SettingDef): FieldDef => ({ def, nullable: false });

export const BRAND_FIELDS: Record<string, FieldDef> = {
  name: {
    def: {
      kind: 'text',
      default: '',
      max: 191,
      help: 'Brand name; becomes the site name on publish',
    },
    nullable: false,
    required: true,
  },
  tagline: {
    def: {
      kind: 'text',
      default: '',
      max: 300,
      translatable: true,
      help: 'Short line under the name',
    },
    nullable: true,
  },
  logoAssetId: { def: { kind: 'asset', default: null, help: 'Logo image id' }, nullable: true },
  darkLogoAssetId: {
    def: { kind: 'asset', default: null, help: 'Logo image id for dark mode' },
    nullable: true,
  },
  faviconAssetId: {
    def: { kind: 'asset', default: null, help: 'Favicon image id' },
    nullable: true,
  },
  websiteUrl: {
    def: { kind: 'url', default: '', help: 'The main website (http or https)' },
    nullable: true,
  },
};

export const META_FIELDS: Record<string, FieldDef> = {
  title: {
    def: { kind: 'text', default: '', max: 200, translatable: true, help: 'SEO title' },
    nullable: false,
    required: true,
  },
  description: {
    def: { kind: 'text', default: '', max: 500, translatable: true, help: 'SEO description' },
    nullable: true,
  },
  socialTitle: {
    def: { kind: 'text', default: '', max: 200, translatable: true, help: 'Title when shared' },
    nullable: true,
  },
  socialDescription: {
    def: {
      kind: 'text',
      default: '',
      max: 500,
      translatable: true,
      help: 'Description when shared',
    },
    nullable: true,
  },
  socialImageAssetId: {
    def: { kind: 'asset', default: null, help: 'Image when shared' },
    nullable: true,
  },
  direction: {
    def: { kind: 'enum', options: ['auto', 'ltr', 'rtl'], default: 'auto', help: 'Text direction' },
    nullable: false,
  },
  noIndex: {
    def: flag(false, 'Ask search engines not to index the site'),
    nullable: false,
  },
  includeInSitemap: {
    def: flag(true, 'Publish a sitemap.xml'),
    nullable: false,
  },
};

export const FONTS = [
  'system-ui',
  'Inter',
  'Source Sans 3',
  'IBM Plex Sans',
  'DM Sans',
  'Work Sans',
  'Nunito',
  'Manrope',
  'Merriweather',
  'Lora',
  'Playfair Display',
  'Source Serif 4',
  'JetBrains Mono',
  'IBM Plex Mono',
  'Fira Code',
  'ui-monospace',
] as const;
export const RADII = ['none', 'small', 'medium', 'large', 'full'] as const;
export const DENSITIES = ['compact', 'comfortable', 'spacious'] as const;

const colorField: FieldDef = {
  def: { kind: 'color', default: null, help: 'Hex #rrggbb or #rrggbbaa' },
  nullable: false,
};

export const THEME_GROUPS: Record<string, Record<string, FieldDef>> = {
  colors: Object.fromEntries(COLOR_TOKENS.map((t) => [t, colorField])),
  darkColors: Object.fromEntries(COLOR_TOKENS.map((t) => [t, colorField])),
  fonts: {
    heading: notNull(choice(FONTS, 'Inter', 'Headings')),
    body: notNull(choice(FONTS, 'Inter', 'Body text')),
    code: notNull(choice(FONTS, 'ui-monospace', 'Code')),
  },
  radius: {
    buttons: notNull(choice(RADII, 'medium', 'Button corners')),
    cards: notNull(choice(RADII, 'medium', 'Card corners')),
    inputs: notNull(choice(RADII, 'small', 'Field corners')),
  },
};

export const DENSITY_FIELD: FieldDef = {
  def: {
    kind: 'enum',
    options: DENSITIES,
    default: 'comfortable',
    help: 'Spacing of the whole site',
  },
  nullable: false,
};
