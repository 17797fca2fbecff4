import { useQuery } from '@tanstack/react-query';
import type { NavigateOptions } from '@tanstack/react-router';
import { api, unwrap } from '../api/client';
import type { Article, Category, SessionSite } from '../api/contract';
import { permissions } from '../app/session';
import { localized } from '../ui/localized';

export interface PaletteItem {
  key: string;
  kind: 'Article' | 'Category' | 'Page';
  label: string;
  badges: string[];
  link: NavigateOptions;
}

const PAGES = [
  { label: 'Home', to: '/sites/$siteId' },
  { label: 'Articles', to: '/sites/$siteId/articles' },
  { label: 'New article', to: '/sites/$siteId/articles/new' },
  { label: 'Categories', to: '/sites/$siteId/categories' },
  { label: 'Translations', to: '/sites/$siteId/translations' },
  { label: 'Trash', to: '/sites/$siteId/trash' },
  { label: 'Images', to: '/sites/$siteId/images' },
  { label: 'Export', to: '/sites/$siteId/export' },
  { label: 'Comments', to: '/sites/$siteId/moderation' },
  { label: 'Analytics', to: '/sites/$siteId/analytics' },
  { label: 'Site settings', to: '/sites/$siteId/settings' },
  { label: 'Design', to: '/sites/$siteId/customizer' },
] as const;

const matches = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

/** A team search hit: a trashed article carries its `deleted_at`. */
type Found = Article & { deleted_at?: string };

/**
 * The team search (every status — the Trash too, after the live ones — and language, session
 * only) for a non-empty query.
 */
async function teamSearch(q: string): Promise<Found[]> {
  const data = await unwrap(
    api.GET('/v1/articles', {
      // `team_search` is the session's search (the dashboard contract), not spec 4.4's `search`.
      params: { query: { team_search: q, limit: 10 } },
    }),
  );
  return data.articles;
}

async function allCategories(): Promise<Category[]> {
  const data = await unwrap(api.GET('/v1/categories', { params: { query: { limit: 100 } } }));
  return data.categories;
}

export function usePaletteResults(site: SessionSite, q: string) {
  const siteId = String(site.id);
  const articles = useQuery({
    queryKey: ['palette', 'articles', site.id, q],
    queryFn: () => teamSearch(q),
    enabled: q.length > 0,
  });
  const categories = useQuery({
    queryKey: ['palette', 'categories', site.id],
    queryFn: allCategories,
  });
  const lang = site.default_language;
  const items: PaletteItem[] = [
    ...PAGES.filter((p) => p.label !== 'Design' || permissions(site).design)
      .filter((p) => p.label !== 'Site settings' || permissions(site).siteSettings)
      .filter((p) => !q || matches(p.label, q))
      .map((p) => ({
        key: `page:${p.to}`,
        kind: 'Page' as const,
        label: p.label,
        badges: [],
        link: { to: p.to, params: { siteId } },
      })),
    ...(q
      ? (categories.data ?? [])
          .filter((c) => Object.values(c.name).some((n) => matches(n, q)))
          .slice(0, 5)
          .map((c) => ({
            key: `category:${c.id}`,
            kind: 'Category' as const,
            label: localized(c.name, lang),
            badges: [],
            link: {
              to: '/sites/$siteId/articles' as const,
              params: { siteId },
              search: { category: c.id },
            },
          }))
      : []),
    ...(q ? (articles.data ?? []) : []).map((a) => ({
      key: `article:${a.id}`,
      kind: 'Article' as const,
      label: localized(a.title, lang) || `Article ${a.id}`,
      badges: [
        a.deleted_at ? 'in Trash' : a.published ? 'published' : 'draft',
        ...Object.keys(a.title),
      ],
      // A trashed article is not editable: it opens the Trash, where it is restored.
      link: a.deleted_at
        ? { to: '/sites/$siteId/trash' as const, params: { siteId } }
        : {
            to: '/sites/$siteId/articles/$articleId' as const,
            params: { siteId, articleId: String(a.id) },
          },
    })),
  ];
  return { items, loading: articles.isFetching };
}
