import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { apiError, notFound, StagingErrorCode } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { toArticleResponse } from '../articles/article.mapper';
import {
  coreOf,
  Edit,
  newShareToken,
  resolveCategories,
  TranslationState,
  translationOf,
} from '../articles/article-change';
import { ArticleWriter } from '../articles/article-writer';
import { ArticlesRepository, ArticleView } from '../articles/articles.repository';
import { localeSignature, SharedFields } from './staged-model';
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
  /**
   * Issue 37: a Translator's dashboard publish applies only the language's own staged fields;
   * the article-wide block (someone else's: a Translator cannot stage it) stays staged, neither
   * applied nor checked for BASE_CHANGED.
   */
  languageOnly?: boolean;
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
    private readonly writer: ArticleWriter,
  ) {}

  async publish(site: SiteContext, id: number, opts: PublishOptions) {
    const done = await this.writer.edit(site, id, (before, m) =>
      this.decide(m, site, before, opts),
    );
    if (!done) throw notFound(ARTICLE_NOT_FOUND);
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return {
      published_locales: done.result,
      article: toArticleResponse(view, site),
    };
  }

  /** The change a publish makes, or the refusal it meets (spec 4.5). */
  private async decide(
    m: EntityManager,
    site: SiteContext,
    before: ArticleView,
    opts: PublishOptions,
  ): Promise<Edit<string[]>> {
    const id = before.id;
    const copies = await this.staged.copies(site.id, id, { locale: opts.locale, m, lock: true });
    if (copies.length === 0) {
      throw apiError(
        StagingErrorCode.NoStagedChanges,
        opts.locale ? NOTHING_STAGED_FOR_LANGUAGE : NOTHING_STAGED,
      );
    }
    const shared = opts.languageOnly ? null : await this.staged.shared(site.id, id, m, true);
    if (!opts.force && copies.some((c) => baseChanged(before, c, shared))) {
      throw apiError(StagingErrorCode.BaseChanged, BASE_CHANGED_MESSAGE);
    }

    // Article-wide changes apply whichever language is published (not by a Translator).
    const s = shared?.fields ?? {};
    const core = coreOf(before);
    let categories = before.categories;
    if (s.category_id !== undefined || s.categories !== undefined) {
      const cats = resolveCategories(
        { primary: before.categoryId, list: before.categories },
        { categoryId: s.category_id, categories: s.categories },
      );
      core.categoryId = cats.primary;
      categories = cats.list;
    }
    if (s.visibility !== undefined) {
      core.visibility = s.visibility;
      if (s.visibility === 'link_only') core.shareToken ??= newShareToken();
    }
    if (s.type !== undefined) core.type = s.type;
    if (s.author_id !== undefined) core.authorId = s.author_id;
    if (s.shared_with !== undefined) core.sharedWith = s.shared_with;

    const current = new Map(before.translations.map((t) => [t.lang, translationOf(t)]));
    const next = new Map<string, TranslationState | null>();
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
    await this.checkReferences(m, site, s);

    const locales = copies.map((c) => c.locale);
    const afterwards = async (tx: EntityManager) => {
      await this.staged.deleteCopies(site.id, tx, id, locales);
      if (shared) await this.staged.deleteShared(site.id, tx, id);
      // Copies of other languages that were in step with the live article stay in step with it.
      const after = (await this.articles.loadOne(site.id, id, tx)) as ArticleView;
      for (const other of await this.staged.copies(site.id, id, { m: tx })) {
        if (other.baseSignature === localeSignature(before, other.locale)) {
          const signature = localeSignature(after, other.locale);
          await this.staged.setBase(site.id, tx, id, other.locale, signature);
        }
      }
    };
    return {
      change: {
        core,
        categories,
        translations: next,
        event: 'article.updated',
        publish: { audit: 'staged.publish', versionLocales: locales },
      },
      result: locales,
      afterwards,
    };
  }

  /** Publish refusals of spec 4.5: a category of another site, an author not on the team. */
  private async checkReferences(m: EntityManager, site: SiteContext, s: SharedFields) {
    const bad = await this.writer.invalidReferences(
      site,
      {
        categoryId: s.category_id,
        categories: s.categories,
        authorId: s.author_id,
        sharedWith: s.shared_with,
      },
      m,
    );
    if (bad.has('category_id') || bad.has('categories')) {
      throw apiError(
        StagingErrorCode.CategoryInvalid,
        'The category does not belong to this site.',
      );
    }
    if (bad.has('author_id')) {
      throw apiError(
        StagingErrorCode.AuthorNotOnTeam,
        'The author is not a member of this site’s team.',
      );
    }
    if (bad.has('shared_with')) {
      throw apiError(
        StagingErrorCode.SharedWithNotOnTeam,
        'Everyone in shared_with must be a member of this site’s team.',
      );
    }
  }
}
