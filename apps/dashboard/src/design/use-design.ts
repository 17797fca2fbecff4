import { useQuery } from '@tanstack/react-query';
import type { components } from '@hc/client';
import type { DesignDocument } from '@hc/design';
import { api, unwrap } from '../api/client';

export type Template = components['schemas']['Template'];
export type Theme = components['schemas']['Theme'];
export type ApplySection = NonNullable<components['schemas']['ApplyThemeDto']['sections']>[number];
export type PreviewPage = 'home' | 'contact' | 'notFound';

/** The draft as the editor works on it: the `template` object, the whole document, its etag. */
export interface Draft {
  template: Template;
  document: DesignDocument;
  etag: string;
}

/** A component type of the catalog (GET /v1/template/schema?topic=components): where it goes. */
export interface CatalogEntry {
  type: string;
  label: string;
  description: string;
  pages: string[];
  regions: string[];
  once_per_region: boolean;
  container: boolean;
  accepts: string[];
  settings: Record<string, SettingInfo>;
}

export interface SettingInfo {
  type: string;
  default: unknown;
  help: string;
  options?: (string | number)[];
  max_length?: number;
}

export interface ThemeGuide {
  fonts: string[];
  radius: { keys: string[]; options: string[] };
  density: string[];
}

export const designKey = (siteId: number) => ['design', siteId];

/** Reads the draft: the template (its urls, the live version) and the document with its etag. */
export async function loadDraft(): Promise<Draft> {
  const [t, d] = await Promise.all([
    unwrap(api.GET('/v1/template')),
    unwrap(api.GET('/v1/template/draft', { params: { query: { section: 'document' } } })),
  ]);
  return { template: t.template, document: d.data as DesignDocument, etag: d.etag };
}

/**
 * The site's design draft, read through the session (Owner, Admin, Editor; others get 403
 * `design_forbidden` and are never asked: `enabled`).
 */
export function useDraft(siteId: number, enabled: boolean) {
  return useQuery({ queryKey: [...designKey(siteId), 'draft'], enabled, queryFn: loadDraft });
}

export function useThemes(siteId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...designKey(siteId), 'themes'],
    enabled,
    queryFn: async () => (await unwrap(api.GET('/v1/template/themes'))).themes,
  });
}

export function useVersions(siteId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...designKey(siteId), 'versions'],
    enabled,
    queryFn: async () => (await unwrap(api.GET('/v1/template/versions'))).versions,
  });
}

/** The component catalog (every type in full, 8 a request) and the theme's choices. */
export function useCatalog(siteId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...designKey(siteId), 'catalog'],
    enabled,
    staleTime: Infinity,
    queryFn: async () => {
      const guide = (topic: 'components' | 'theme', types?: string) =>
        unwrap(api.GET('/v1/template/schema', { params: { query: { topic, types } } }));
      const index = (await guide('components')).schema as { index: { type: string }[] };
      const types = index.index.map((e) => e.type);
      const parts = [];
      for (let i = 0; i < types.length; i += 8)
        parts.push(guide('components', types.slice(i, i + 8).join(',')));
      const [theme, ...details] = await Promise.all([guide('theme'), ...parts]);
      return {
        components: details.flatMap((d) => (d.schema as { components: CatalogEntry[] }).components),
        theme: theme.schema as ThemeGuide,
      };
    },
  });
}

/**
 * A single-use URL of the draft on the reader origin (POST /v1/previews/design, the preview
 * hand-off of issue 37): asked again for every etag, since a URL opens once.
 */
export function usePreviewUrl(siteId: number, page: PreviewPage, etag: string | undefined) {
  return useQuery({
    queryKey: [...designKey(siteId), 'preview', page, etag],
    enabled: etag !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async () =>
      (await unwrap(api.POST('/v1/previews/design', { body: { page } }))).data.url,
  });
}
