import { Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { formatB, internalError, notFound, settings } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { stripInternalMarkup } from '@hc/content';
import { announceArticles } from '../articles/article-events';
import { toArticleResponse } from '../articles/article.mapper';
import { ArticlesRepository, ArticleView } from '../articles/articles.repository';
import { CategoriesRepository } from '../categories/categories.repository';
import { diff } from '../staged/staged-model';
import { LiveWriter, withSlugRetry } from './live-writer';
import { VersionRow, VersionsRepository } from './versions.repository';

export const VERSION_NOT_FOUND = 'No such version for this article.';

function versionLinks(v: VersionRow) {
  const base = `${settings().apiBaseUrl}/articles/${v.articleId}/versions/${v.id}`;
  return {
    restore: { method: 'POST', url: `${base}/restore` },
    compare: { method: 'GET', url: `${base}/compare` },
  };
}

/** Spec 2.8 version object. */
export function toVersionResponse(v: VersionRow) {
  return {
    id: v.id,
    locale: v.locale,
    title: v.title,
    published_at: formatB(v.publishedAt),
    _links: versionLinks(v),
  };
}

/** Article versions: list, compare with live, restore (spec 2.8, 4.5). */
@Injectable()
export class VersionsService {
  constructor(
    private readonly versions: VersionsRepository,
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
    private readonly writer: LiveWriter,
  ) {}

  private async liveArticle(site: SiteContext, id: number): Promise<ArticleView> {
    const view = await this.articles.loadOne(site.id, id);
    if (!view || view.deletedAt) throw notFound('Article not found.');
    return view;
  }

  async list(site: SiteContext, id: number, limit: number, locale?: string) {
    await this.liveArticle(site, id);
    const rows = await this.versions.list(site.id, id, limit, locale);
    return { status: 'success', versions: rows.map(toVersionResponse) };
  }

  /** The fields whose value in the version differs from the live article: `{field, live, version}`. */
  async compare(site: SiteContext, id: number, versionId: number) {
    const view = await this.liveArticle(site, id);
    const v = await this.versions.find(site.id, id, versionId);
    if (!v) throw notFound(VERSION_NOT_FOUND);
    const changes = diff(
      view,
      v.locale,
      'version',
      {
        title: v.title,
        content: stripInternalMarkup(v.content),
        slug: v.slug,
        audio_file: v.audioFile,
        has_custom_slug: v.hasCustomSlug,
      },
      {
        category_id: v.categoryId,
        categories: v.categories,
        visibility: v.visibility,
        type: v.type,
        author_id: v.authorId ?? undefined,
        shared_with: v.sharedWith,
        metadata: {
          title: { [v.locale]: v.metaTitle },
          description: { [v.locale]: v.metaDescription },
        },
      },
    );
    return {
      status: 'success',
      comparison: { article_id: id, version: toVersionResponse(v), locale: v.locale, changes },
    };
  }

  /**
   * Live at once: the values it replaces are first kept as a new version, the text re-indexed,
   * `article.updated` sent; the status is unchanged (spec 3.2, 4.5). A version whose category
   * was deleted fails with 500 (spec 7).
   */
  async restore(site: SiteContext, id: number, versionId: number) {
    await withSlugRetry(() =>
      this.versions.transaction(async (m) => {
        if (!(await this.articles.lock(m, site.id, id))) throw notFound('Article not found.');
        const v = await this.versions.find(site.id, id, versionId, m);
        if (!v) throw notFound(VERSION_NOT_FOUND);
        const cats = [...new Set([...v.categories, ...(v.categoryId ? [v.categoryId] : [])])];
        if (cats.length) {
          const known = await this.categories.existingIds(site.id, cats, m);
          if (cats.some((c) => !known.has(c))) {
            throw internalError(
              randomUUID(),
              'The version refers to a category that no longer exists.',
            );
          }
        }
        const before = (await this.articles.loadOne(site.id, id, m)) as ArticleView;
        const old = before.translations.find((t) => t.lang === v.locale);
        const now = new Date();
        await this.writer.apply(
          m,
          site,
          before,
          {
            wide: {
              categoryId: v.categoryId,
              categories: v.categories,
              visibility: v.visibility,
              type: v.type,
              authorId: v.authorId,
              sharedWith: v.sharedWith,
              shareToken:
                before.shareToken ??
                (v.visibility === 'link_only' ? randomBytes(16).toString('hex') : null),
            },
            translations: new Map([
              [
                v.locale,
                {
                  title: v.title,
                  slug: v.slug,
                  hasCustomSlug: v.hasCustomSlug,
                  content: v.content,
                  audioFile: v.audioFile,
                  metaTitle: v.metaTitle,
                  metaDescription: v.metaDescription,
                  released: old?.released ?? false,
                },
              ],
            ]),
            versionLocales: [v.locale],
          },
          now,
        );
        await announceArticles(m, site, 'article.updated', [id]);
      }),
    );
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return { status: 'success', article: toArticleResponse(view, site) };
  }
}
