import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { apiError, notFound, StagingErrorCode } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { announceArticles } from '../articles/article-events';
import { toArticleResponse } from '../articles/article.mapper';
import { ArticlesRepository, ArticleView } from '../articles/articles.repository';
import { resolveCategories } from '../articles/articles.service';
import { CategoriesRepository } from '../categories/categories.repository';
import {
  LiveTranslationState,
  LiveWriter,
  translationOf,
  wideOf,
  withSlugRetry,
} from '../versions/live-writer';
import { localeSignature } from './staged-model';
import { StagedRepository } from './staged.repository';
import {
  ARTICLE_NOT_FOUND,
  baseChanged,
  NOTHING_STAGED,
  NOTHING_STAGED_FOR_LANGUAGE,
} from './staged.service';

export interface PublishOptions {
  /** One language; omitted: every staged language. */
  locale?: string;
  /** Overwrite a live article that changed since staging (spec 4.5 BASE_CHANGED). */
  force?: boolean;
}

export const BASE_CHANGED_MESSAGE =
  'The live article changed since these changes were staged. Review the differences, then publish again with force set to true to overwrite.';

/**
 * POST /articles/{id}/staged/publish and change-set items (spec 3.2, 4.5): applies the staged
 * languages and the article-wide block to the live article in one transaction, keeps the
 * replaced values as versions, leaves slug redirects, re-indexes and sends one `article.updated`.
 * The article's published status is never changed.
 */
@Injectable()
export class StagedPublisher {
  constructor(
    private readonly staged: StagedRepository,
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
    private readonly writer: LiveWriter,
  ) {}

  async publish(site: SiteContext, id: number, opts: PublishOptions) {
    const locales = await withSlugRetry(() =>
      this.staged.transaction((m) => this.publishIn(m, site, id, opts)),
    );
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return {
      status: 'success',
      published_locales: locales,
      article: toArticleResponse(view, site),
    };
  }

  private async publishIn(
    m: EntityManager,
    site: SiteContext,
    id: number,
    opts: PublishOptions,
  ): Promise<string[]> {
    if (!(await this.articles.lock(m, site.id, id))) throw notFound(ARTICLE_NOT_FOUND);
    const before = (await this.articles.loadOne(site.id, id, m)) as ArticleView;
    const copies = await this.staged.copies(site.id, id, { locale: opts.locale, m, lock: true });
    if (copies.length === 0) {
      throw apiError(
        StagingErrorCode.NoStagedChanges,
        opts.locale ? NOTHING_STAGED_FOR_LANGUAGE : NOTHING_STAGED,
      );
    }
    const shared = await this.staged.shared(site.id, id, m, true);
    if (!opts.force && copies.some((c) => baseChanged(before, c, shared))) {
      throw apiError(StagingErrorCode.BaseChanged, BASE_CHANGED_MESSAGE);
    }

    // Article-wide changes apply whichever language is published.
    const s = shared?.fields ?? {};
    const wide = wideOf(before);
    if (s.category_id !== undefined || s.categories !== undefined) {
      const cats = resolveCategories(
        { primary: before.categoryId, list: before.categories },
        { categoryId: s.category_id, categories: s.categories },
      );
      wide.categoryId = cats.primary;
      wide.categories = cats.list;
    }
    if (s.visibility !== undefined) {
      wide.visibility = s.visibility;
      if (s.visibility === 'link_only') wide.shareToken ??= randomBytes(16).toString('hex');
    }
    if (s.type !== undefined) wide.type = s.type;
    if (s.author_id !== undefined) wide.authorId = s.author_id;
    if (s.shared_with !== undefined) wide.sharedWith = s.shared_with;

    const current = new Map(before.translations.map((t) => [t.lang, translationOf(t)]));
    const next = new Map<string, LiveTranslationState | null>();
    for (const c of copies) {
      const old = current.get(c.locale);
      const f = c.fields;
      if (f.title === null) {
        next.set(c.locale, null); // spec 2.1: clearing the title clears the language
        continue;
      }
      const title = f.title ?? old?.title;
      if (!title) {
        throw apiError(
          StagingErrorCode.TitleRequired,
          `The "${c.locale}" language has no title yet; stage a title for it before publishing.`,
        );
      }
      next.set(c.locale, {
        title,
        slug: f.slug ?? old?.slug ?? '',
        hasCustomSlug: f.has_custom_slug ?? old?.hasCustomSlug ?? false,
        content: f.content ?? old?.content ?? '',
        audioFile: f.audio_file !== undefined ? f.audio_file : (old?.audioFile ?? null),
        metaTitle: old?.metaTitle ?? null,
        metaDescription: old?.metaDescription ?? null,
        released: (old?.released ?? false) || c.releaseTranslation,
      });
    }
    // SEO texts are article-wide in staging: merged into every language they name that exists.
    for (const part of ['title', 'description'] as const) {
      for (const [lang, value] of Object.entries(s.metadata?.[part] ?? {})) {
        const target = next.has(lang) ? next.get(lang) : current.get(lang);
        if (!target) continue;
        next.set(lang, { ...target, [part === 'title' ? 'metaTitle' : 'metaDescription']: value });
      }
    }

    const languages = new Set(current.keys());
    for (const [lang, state] of next) {
      if (state === null) languages.delete(lang);
      else languages.add(lang);
    }
    if (languages.size === 0) {
      throw apiError(
        StagingErrorCode.NoTitle,
        'Publishing these changes would leave the article with no title in any language.',
      );
    }
    await this.checkReferences(m, site, s.category_id, s.categories, s.author_id, s.shared_with);

    const now = new Date();
    const locales = copies.map((c) => c.locale);
    await this.writer.apply(
      m,
      site,
      before,
      { wide, translations: next, versionLocales: locales, auditAction: 'staged.publish' },
      now,
    );
    await this.staged.deleteCopies(m, site.id, id, locales);
    if (shared) await this.staged.deleteShared(m, site.id, id);

    // Copies of other languages that were in step with the live article stay in step with it.
    const after = (await this.articles.loadOne(site.id, id, m)) as ArticleView;
    for (const other of await this.staged.copies(site.id, id, { m })) {
      if (other.baseSignature === localeSignature(before, other.locale)) {
        await this.staged.setBase(
          m,
          site.id,
          id,
          other.locale,
          localeSignature(after, other.locale),
        );
      }
    }
    await announceArticles(m, site, 'article.updated', [id], undefined, null);
    return locales;
  }

  /** Publish refusals of spec 4.5: a category of another site, an author not on the team. */
  private async checkReferences(
    m: EntityManager,
    site: SiteContext,
    categoryId: number | null | undefined,
    categories: number[] | undefined,
    authorId: number | undefined,
    sharedWith: number[] | undefined,
  ): Promise<void> {
    const wanted = [...(categories ?? []), ...(categoryId ? [categoryId] : [])];
    if (wanted.length) {
      const known = await this.categories.existingIds(site.id, wanted, m);
      if (wanted.some((c) => !known.has(c))) {
        throw apiError(
          StagingErrorCode.CategoryInvalid,
          'The category does not belong to this site.',
        );
      }
    }
    const people = [...(sharedWith ?? []), ...(authorId ? [authorId] : [])];
    if (people.length) {
      const members = await this.articles.memberIds(site.id, people, m);
      if (authorId && !members.has(authorId)) {
        throw apiError(
          StagingErrorCode.AuthorNotOnTeam,
          'The author is not a member of this site’s team.',
        );
      }
      if (sharedWith?.some((u) => !members.has(u))) {
        throw apiError(
          StagingErrorCode.SharedWithNotOnTeam,
          'Everyone in shared_with must be a member of this site’s team.',
        );
      }
    }
  }
}
