import { positiveInt } from '../ui/paging';

/**
 * The articles list's URL (`/app/sites/<id>/articles?status=draft&category=3&page=2`): the
 * spec's filters of `GET /v1/articles`, the sort and the page. Anything unknown is dropped, so
 * a hand-edited URL never sends the API a value it refuses.
 */
export interface ArticlesSearch {
  q?: string;
  status?: 'published' | 'draft';
  category?: number;
  lang?: string;
  outdated?: boolean;
  updated_since?: string;
  sort?: 'updated_at' | 'views';
  order?: 'asc' | 'desc';
  page?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function articlesSearch(raw: Record<string, unknown>): ArticlesSearch {
  const out: ArticlesSearch = {};
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q.trim().slice(0, 200);
  if (raw.status === 'published' || raw.status === 'draft') out.status = raw.status;
  const category = positiveInt(raw.category);
  if (category) out.category = category;
  if (typeof raw.lang === 'string' && /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(raw.lang))
    out.lang = raw.lang;
  if (raw.outdated === true || raw.outdated === 'true' || raw.outdated === 1) out.outdated = true;
  if (typeof raw.updated_since === 'string' && DATE.test(raw.updated_since))
    out.updated_since = raw.updated_since;
  if (raw.sort === 'views') out.sort = 'views';
  if (raw.order === 'asc') out.order = 'asc';
  const page = positiveInt(raw.page);
  if (page && page > 1) out.page = page;
  return out;
}

/** The query of `GET /v1/articles` for a list URL. */
export function articlesQuery(search: ArticlesSearch, limit: number) {
  return {
    page: search.page ?? 1,
    limit,
    ...(search.q ? { search: search.q } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.category ? { category_id: search.category } : {}),
    ...(search.lang ? { lang: search.lang } : {}),
    ...(search.outdated ? { outdated: '1' as const } : {}),
    ...(search.updated_since ? { updated_since: search.updated_since } : {}),
    order_by: search.sort ?? ('updated_at' as const),
    order_type: search.order ?? ('desc' as const),
  };
}

/** `/articles/new?title=…`: a title to start the new article with (analytics' content gaps). */
export function newArticleSearch(raw: Record<string, unknown>): { title?: string } {
  const title = typeof raw.title === 'string' ? raw.title.trim().slice(0, 191) : '';
  return title ? { title } : {};
}
