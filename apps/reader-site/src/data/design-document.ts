// The stored design document (spec 2.9, engine v2) as the reader site reads it: the types of
// @hc/design, every key optional but what an element is addressed by. The design service
// validates what it stores; the renderer still treats every value defensively, because an older
// document may lack newer keys.

import type * as design from '@hc/design';
import type { PageKey, RegionKey, Stored } from '@hc/design';

export { COLOR_TOKENS, PAGE_KEYS, REGION_KEYS } from '@hc/design';
export type { PageKey, RegionKey } from '@hc/design';

/** A stored element: what it is addressed by (`K`) is always there, the rest may be missing. */
type Addressed<T, K extends keyof T> = Stored<T> & Pick<T, K>;

export type Component = Omit<Addressed<design.Component, 'id' | 'type' | 'config'>, 'children'> & {
  children?: Component[];
};

export type Region = Omit<Stored<design.Region>, 'components'> & { components: Component[] };

export type Page = Omit<Stored<design.Page>, 'regions'> & {
  regions: Partial<Record<RegionKey, Region>>;
};

export type NavItem = Omit<Addressed<design.NavItem, 'id' | 'label' | 'href'>, 'children'> & {
  children?: NavItem[];
};

export type Script = Addressed<design.Script, 'id' | 'position'>;

export type DesignDocument = Omit<Stored<design.DesignDocument>, 'pages' | 'globals'> & {
  pages?: Partial<Record<PageKey, Page>>;
  globals?: { navigation?: NavItem[]; scripts?: Script[] };
};

/** language → key → text (keys as in decisions.md "Translations"). */
export type DesignTranslations = design.Translations;

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
