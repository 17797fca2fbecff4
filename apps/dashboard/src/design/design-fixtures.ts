// A small design document and catalog for the design editor's component specs (not a spec).
import type { Component, DesignDocument, Page } from '@hc/design';
import { PAGES, REGIONS } from './undo';

export const component = (
  id: string,
  type: string,
  config: Record<string, unknown> = {},
  children: Component[] = [],
): Component => ({ id, type, config, visibleOn: 'all', children });

const page = (hero: Component[] = []): Page => ({
  layout: 'full',
  settings: { maxWidth: 'standard' },
  regions: Object.fromEntries(
    REGIONS.map((r) => [
      r,
      {
        config: { background: null, padding: 'standard', borderBottom: false, align: 'left' },
        components: r === 'hero' ? hero : [],
      },
    ]),
  ) as Page['regions'],
});

const palette = {
  primary: '#2563eb',
  accent: '#f59e0b',
  fg: '#111827',
  bg: '#ffffff',
  muted: '#6b7280',
  surface: '#f9fafb',
  border: '#e5e7eb',
};

/** A whole document: every page, a Hero with a SearchBar on home. */
export function designDocument(): DesignDocument {
  return {
    brand: {
      name: 'Acme Help',
      tagline: 'Answers',
      logoAssetId: null,
      darkLogoAssetId: null,
      faviconAssetId: null,
      websiteUrl: null,
    },
    theme: {
      colors: { ...palette },
      darkColors: { ...palette, bg: '#000000', fg: '#ffffff' },
      fonts: { heading: 'Inter', body: 'Inter', code: 'JetBrains Mono' },
      radius: { buttons: 'medium', cards: 'medium', inputs: 'medium' },
      density: 'comfortable',
    },
    meta: {
      title: 'Acme Help',
      description: null,
      socialTitle: null,
      socialDescription: null,
      socialImageAssetId: null,
      direction: 'auto',
      noIndex: false,
      includeInSitemap: true,
    },
    pages: Object.fromEntries(
      PAGES.map((p) => [
        p,
        page(
          p === 'home'
            ? [
                component('hero1', 'Hero', { title: 'How can we help?' }, [
                  component('s1', 'SearchBar'),
                ]),
              ]
            : [],
        ),
      ]),
    ) as DesignDocument['pages'],
    syncedRegions: [],
    globals: { navigation: [], scripts: [] },
    customCssItems: [],
    customCss: '',
    schemaVersion: 3,
    preset: { startedFrom: 'classic', lastApplied: 'classic', lastAppliedSections: [] },
  };
}

const entry = (type: string, label: string, more: Record<string, unknown> = {}) => ({
  type,
  label,
  description: label,
  pages: [...PAGES],
  regions: ['hero', 'main'],
  once_per_region: false,
  container: false,
  accepts: [],
  settings: {},
  ...more,
});

/** Three types: a Hero (once per region, a container of SearchBars), a SearchBar, a RichText. */
export const catalog = [
  entry('Hero', 'Hero', {
    regions: ['hero'],
    once_per_region: true,
    container: true,
    accepts: ['SearchBar'],
    settings: { title: { type: 'text', default: 'Hi', help: 'Title', max_length: 200 } },
  }),
  entry('SearchBar', 'Search bar'),
  entry('RichText', 'Text', { regions: ['main', 'sidebar'] }),
];
