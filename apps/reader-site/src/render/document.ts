// The stored design document (spec 2.9, engine v2) as the reader site reads it. The design
// service validates what it stores; the renderer still treats every value defensively, because
// an older document may lack newer keys.

export const PAGE_KEYS = ['home', 'category', 'article', 'search', 'contact', 'notFound'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];
export const REGION_KEYS = ['header', 'hero', 'sidebar', 'main', 'footer', 'utility'] as const;
export type RegionKey = (typeof REGION_KEYS)[number];
export const COLOR_TOKENS = [
  'primary',
  'accent',
  'fg',
  'bg',
  'muted',
  'surface',
  'border',
] as const;

export interface Component {
  id: string;
  type: string;
  config: Record<string, unknown>;
  visibleOn?: 'all' | 'desktop' | 'mobile';
  children?: Component[];
}

export interface Region {
  config?: { background?: string | null; padding?: string; borderBottom?: boolean; align?: string };
  components: Component[];
}

export interface Page {
  layout?: string;
  settings?: Record<string, unknown>;
  regions: Partial<Record<RegionKey, Region>>;
}

export interface NavItem {
  id: string;
  label: string;
  href: string;
  type?: string;
  cssClass?: string | null;
  children?: NavItem[];
}

export interface Script {
  id: string;
  position: 'headStart' | 'headEnd' | 'bodyStart' | 'bodyEnd';
  src?: string;
  inlineBody?: string;
  htmlBody?: string;
  pages?: PageKey[] | null;
  enabled?: boolean;
  defer?: boolean;
  async?: boolean;
  integrity?: string | null;
}

export interface DesignDocument {
  brand?: {
    name?: string;
    tagline?: string | null;
    logoAssetId?: number | null;
    darkLogoAssetId?: number | null;
    faviconAssetId?: number | null;
    websiteUrl?: string | null;
  };
  theme?: {
    colors?: Record<string, string>;
    darkColors?: Record<string, string>;
    fonts?: { heading?: string; body?: string; code?: string };
    radius?: { buttons?: string; cards?: string; inputs?: string };
    density?: string;
  };
  meta?: {
    title?: string;
    description?: string | null;
    direction?: string;
    noIndex?: boolean;
    socialTitle?: string | null;
    socialDescription?: string | null;
  };
  pages?: Partial<Record<PageKey, Page>>;
  globals?: { navigation?: NavItem[]; scripts?: Script[] };
  customCss?: string;
}

/** language → key → text (keys as in decisions.md "Translations"). */
export type DesignTranslations = Record<string, Record<string, string>>;

let seq = 0;
const c = (
  type: string,
  config: Record<string, unknown> = {},
  children: Component[] = [],
): Component => ({
  id: `default-${type.toLowerCase()}-${++seq}`,
  type,
  config,
  visibleOn: 'all',
  children,
});

/**
 * The design of a site whose design was never opened (no `design_sites` row). The design service
 * creates its `classic` theme on first access; the reader site cannot import it (apps do not
 * import apps), so it renders this plain frame with the same components until then.
 */
export function fallbackDocument(siteName: string): DesignDocument {
  const header: Region = {
    components: [c('Logo', { showImage: false }), c('Navigation'), c('LanguageSwitcher')],
  };
  const footer: Region = { components: [c('FooterLinks', { title: siteName, links: [] })] };
  const hero = (title?: string): Region => ({
    components: [c('Hero', title ? { title } : {}, [c('SearchBar')])],
  });
  const page = (main: Component[], heroRegion?: Region, layout = 'full'): Page => ({
    layout,
    regions: { header, hero: heroRegion, main: { components: main }, footer },
  });
  return {
    brand: { name: siteName },
    meta: { title: siteName },
    pages: {
      home: page([c('CategoryGrid'), c('ArticleList', { source: 'popular' })], hero()),
      category: page([
        c('Breadcrumbs'),
        c('CategoryGrid'),
        c('ArticleList', { source: 'category' }),
      ]),
      article: page([
        c('Breadcrumbs'),
        c('ArticleBody'),
        c('ArticleMetadata'),
        c('RelatedArticles'),
      ]),
      search: page([c('SearchBar'), c('ArticleList', { source: 'popular' })]),
      contact: page([c('ContactForm')]),
      notFound: page([c('RichText'), c('SearchBar')]),
    },
    globals: { navigation: [], scripts: [] },
    customCss: '',
  };
}
