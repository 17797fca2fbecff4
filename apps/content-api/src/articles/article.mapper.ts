import { formatA, formatB } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { stripInternalMarkup } from '@hc/content';
import { siteUrl } from '../sites/site.mapper';
import type { ArticleView, TranslationRow } from './articles.repository';

/** The site's default language first, then the others by code. */
function ordered(view: ArticleView, site: Pick<SiteContext, 'defaultLanguage'>): TranslationRow[] {
  return [...view.translations].sort((a, b) =>
    a.lang === site.defaultLanguage
      ? -1
      : b.lang === site.defaultLanguage
        ? 1
        : a.lang.localeCompare(b.lang),
  );
}

function map(
  rows: TranslationRow[],
  pick: (t: TranslationRow) => string | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of rows) {
    const v = pick(t);
    if (v !== null && v !== '') out[t.lang] = v;
  }
  return out;
}

export interface ArticleResponseOptions {
  /** The response to a create: `type` and `views` are null (spec 2.3). */
  created?: boolean;
  /**
   * A dashboard session's view (issue 37): the stored HTML with internal notes, AI drafts and
   * team-note highlights kept, and the article's `revision`.
   */
  stored?: boolean;
}

/**
 * Spec 2.3 article object. Content is always HTML without internal markup (spec 2.1); every
 * language the article has is returned.
 */
export function toArticleResponse(
  view: ArticleView,
  site: Pick<SiteContext, 'defaultLanguage' | 'subdomain'>,
  options: ArticleResponseOptions = {},
) {
  const rows = ordered(view, site);
  const main = rows[0];
  return {
    id: view.id,
    external_id: view.externalId,
    title: map(rows, (t) => t.title),
    slug: map(rows, (t) => t.slug),
    content: Object.fromEntries(
      rows.map((t) => [t.lang, options.stored ? t.content : stripInternalMarkup(t.content)]),
    ),
    author:
      view.authorId === null
        ? null
        : { id: view.authorId, name: view.authorName ?? '', avatar: view.authorAvatar },
    category_id: view.categoryId,
    categories: view.categories,
    type: options.created ? null : view.type,
    published: view.published,
    // Staged changes (spec 2.7, 3.2), kept by apps/content-api/src/staged.
    has_staged_changes: view.stagedLocales.length > 0,
    staged_locales: view.stagedLocales,
    staged_updated_at: formatB(view.stagedUpdatedAt),
    visibility: view.visibility,
    share_token: view.shareToken,
    views: options.created ? null : view.views,
    audio_file: main?.audioFile ?? null,
    metadata: {
      title: map(rows, (t) => t.metaTitle),
      description: map(rows, (t) => t.metaDescription),
    },
    ratings: { thumbs_up: view.thumbsUp, thumbs_down: view.thumbsDown, love: view.love },
    published_translations: rows.filter((t) => t.released).map((t) => t.lang),
    // #25: released languages whose default-language title or content changed since.
    outdated_translations: rows.filter((t) => t.outdated).map((t) => t.lang),
    shared_with: view.sharedWith,
    created_at: formatA(view.createdAt),
    updated_at: formatA(view.updatedAt),
    _links: { view: { method: 'GET', url: articleUrl(view, site) } },
    ...(options.stored ? { revision: view.revision } : {}),
  };
}

export type ArticleResponse = ReturnType<typeof toArticleResponse>;

/**
 * An article of a list that holds the Trash (the Trash's own, issue 37's team search): with its
 * `deleted_at` (format B) when trashed.
 */
export function toListedArticle(
  view: ArticleView,
  site: Pick<SiteContext, 'defaultLanguage' | 'subdomain'>,
  options: ArticleResponseOptions = {},
) {
  return {
    ...toArticleResponse(view, site, options),
    ...(view.deletedAt ? { deleted_at: formatB(view.deletedAt) } : {}),
  };
}

/** Every article object an answer holds (spec 2.3, issue 37). */
export type ListedArticle = ReturnType<typeof toListedArticle>;

/** The reader URL: `{site url}/articles/<id>-<slug>` with the default language's slug. */
export function articleUrl(
  view: ArticleView,
  site: Pick<SiteContext, 'defaultLanguage' | 'subdomain'>,
): string {
  const rows = ordered(view, site);
  const slug = rows[0]?.slug;
  return `${siteUrl(site)}/articles/${view.id}${slug ? `-${slug}` : ''}`;
}
