import { pagingSearch, type PagingSearch } from '../ui/paging';

/** `/translations?all=1&page=2`: the outdated queue (default) or every article, paged. */
export interface TranslationsSearch extends PagingSearch {
  all?: true;
}

export function translationsSearch(search: Record<string, unknown>): TranslationsSearch {
  const all = search.all === true || search.all === 1 || search.all === '1';
  return { ...pagingSearch(search), ...(all ? { all: true as const } : {}) };
}

/** Where a language of an article stands for readers and translators. */
export type TranslationState = 'outdated' | 'unreleased' | 'released' | 'missing';

export function translationState(
  article: {
    title: Record<string, string> | unknown[];
    published_translations?: string[];
    outdated_translations?: string[];
  },
  lang: string,
): TranslationState {
  const titled = !Array.isArray(article.title) && Boolean(article.title[lang]);
  if (!titled) return 'missing';
  if (article.outdated_translations?.includes(lang)) return 'outdated';
  return article.published_translations?.includes(lang) ? 'released' : 'unreleased';
}
