// Building blocks for themes: a page blueprint names components by type and the settings that
// differ from the catalog's defaults; instantiating it gives fresh component ids.
import type { PageKey, RegionKey } from '@hc/design';

export interface Blueprint {
  type: string;
  config?: Record<string, unknown>;
  children?: Blueprint[];
  visibleOn?: 'all' | 'desktop' | 'mobile';
}

export interface PageBlueprint {
  layout: string;
  settings?: Record<string, unknown>;
  regions: Partial<Record<RegionKey, Blueprint[]>>;
  regionConfig?: Partial<Record<RegionKey, Record<string, unknown>>>;
}

export type PagesBlueprint = Record<PageKey, PageBlueprint>;

export const c = (
  type: string,
  config?: Record<string, unknown>,
  children?: Blueprint[],
): Blueprint => ({
  type,
  config,
  children,
});

/** A hero with a search bar, the most common opening of a help center. */
export function searchHero(
  config: Record<string, unknown> = {},
  extra: Blueprint[] = [],
): Blueprint {
  return c('Hero', config, [c('SearchBar'), ...extra]);
}

export interface ChromeOptions {
  header: Blueprint[];
  footer: Blueprint[];
  utility?: Blueprint[];
  headerConfig?: Record<string, unknown>;
  footerConfig?: Record<string, unknown>;
}

/** Adds the same header, footer and utility bar to every page. */
export function withChrome(
  pages: Record<PageKey, PageBlueprint>,
  chrome: ChromeOptions,
): PagesBlueprint {
  const out = {} as PagesBlueprint;
  for (const [key, page] of Object.entries(pages) as [PageKey, PageBlueprint][]) {
    out[key] = {
      ...page,
      regions: {
        header: chrome.header,
        footer: chrome.footer,
        ...(chrome.utility ? { utility: chrome.utility } : {}),
        ...page.regions,
      },
      regionConfig: {
        ...(chrome.headerConfig ? { header: chrome.headerConfig } : {}),
        ...(chrome.footerConfig ? { footer: chrome.footerConfig } : {}),
        ...page.regionConfig,
      },
    };
  }
  return out;
}

export function standardFooter(copyright: string): Blueprint[] {
  return [
    c('Logo', { size: 'small' }),
    c('FooterLinks', {
      title: 'Help center',
      links: [
        { label: 'All topics', href: '/' },
        { label: 'Contact us', href: '/contact' },
      ],
    }),
    c('SocialLinks'),
    c('RichText', { markdown: copyright, size: 'small' }),
  ];
}
