import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { DashboardPaths } from '../api/client';

export type SiteSettings =
  DashboardPaths['/v1/site/settings']['get']['responses'][200]['content']['application/json']['settings'];
export type InterfaceTexts =
  DashboardPaths['/v1/site/interface-texts']['get']['responses'][200]['content']['application/json'];

const settingsKey = (siteId: number) => ['site-settings', siteId];

/** GET /v1/site/settings (Owners and Admins; others get the API's 403 message). */
export function useSiteSettings(siteId: number) {
  return useQuery({
    queryKey: settingsKey(siteId),
    queryFn: async () => (await unwrap(api.GET('/v1/site/settings'))).settings,
    retry: false,
  });
}

/** One section's save: the answer is the whole settings object; names and languages reach the session. */
export function useSettingsSave<T>(
  siteId: number,
  save: (input: T) => Promise<{ settings: SiteSettings }>,
) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: ({ settings }) => {
      queries.setQueryData(settingsKey(siteId), settings);
      void queries.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

export const saveGeneral = (body: {
  name?: string;
  subdomain?: string;
  default_language?: string;
  languages?: string[];
}) => unwrap(api.PATCH('/v1/site', { body }));
export const saveDomain = (domain: string | null) =>
  unwrap(api.PUT('/v1/site/domain', { body: { domain } }));
export const saveVisibility = (body: {
  visibility: SiteSettings['visibility'];
  password?: string | null;
}) => unwrap(api.PUT('/v1/site/visibility', { body }));
export const saveAllowlist = (entries: string[]) =>
  unwrap(api.PUT('/v1/site/ip-allowlist', { body: { ip_allowlist: entries } }));

const commentSettingsKey = (siteId: number) => ['comment-settings', siteId];

/** Whether reader comments wait for approval (every member reads it; the queue follows it). */
export function useCommentSettings(siteId: number) {
  return useQuery({
    queryKey: commentSettingsKey(siteId),
    queryFn: async () => (await unwrap(api.GET('/v1/site/comment-settings'))).settings,
  });
}

export function useCommentSettingsSave(siteId: number) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (moderate: boolean) =>
      (await unwrap(api.PUT('/v1/site/comment-settings', { body: { moderate } }))).settings,
    onSuccess: (settings) => queries.setQueryData(commentSettingsKey(siteId), settings),
  });
}

const textsKey = (siteId: number, lang: string) => ['interface-texts', siteId, lang];

export function useInterfaceTexts(siteId: number, lang: string) {
  return useQuery({
    queryKey: textsKey(siteId, lang),
    queryFn: () => unwrap(api.GET('/v1/site/interface-texts', { params: { query: { lang } } })),
  });
}

/** Saves the changed texts of one language (null or empty: back to the default text). */
export function useInterfaceTextsSave(siteId: number, lang: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (texts: Record<string, string | null>) =>
      unwrap(
        api.PUT('/v1/site/interface-texts/{lang}', { params: { path: { lang } }, body: { texts } }),
      ),
    onSuccess: (answer) => queries.setQueryData(textsKey(siteId, lang), answer),
  });
}

const synonymsKey = (siteId: number, lang: string) => ['search-synonyms', siteId, lang];

/** A language's search synonym groups (issue 40: GET /v1/search/synonyms). */
export function useSynonyms(siteId: number, lang: string) {
  return useQuery({
    queryKey: synonymsKey(siteId, lang),
    queryFn: () => unwrap(api.GET('/v1/search/synonyms', { params: { query: { lang } } })),
  });
}

/** Replaces a language's groups (PUT /v1/search/synonyms; an empty list removes them all). */
export function useSynonymsSave(siteId: number, lang: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (groups: string[][]) =>
      unwrap(api.PUT('/v1/search/synonyms', { body: { lang, groups } })),
    onSuccess: (answer) => queries.setQueryData(synonymsKey(siteId, lang), answer),
  });
}

/** The text form of synonym groups: a group a line, its words separated by commas. */
export function synonymLines(groups: string[][]): string {
  return groups.map((g) => g.join(', ')).join('\n');
}

/** Lines back to groups: blank lines and empty words left out, the rest checked by the API. */
export function synonymGroups(text: string): string[][] {
  return text
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .map((w) => w.trim())
        .filter(Boolean),
    )
    .filter((g) => g.length > 0);
}
