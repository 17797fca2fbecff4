import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  apiError,
  ContentErrorCode,
  formatB,
  htmlNotFound,
  messages,
  notFound,
} from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { markdownToHtml, stripInternalMarkup } from '@hc/content';
import { ArticleInput, EXTERNAL_ID_TAKEN, fail } from './article-input';
import {
  checkLanguagesHaveTitles,
  Edit,
  isDuplicate,
  newShareToken,
  patchTranslations,
  resolveCategories,
} from './article-change';
import { ArticleWriter } from './article-writer';
import { toArticleResponse } from './article.mapper';
import type { ArticleResponseOptions } from './article.mapper';
import { ArticlesRepository, ArticleView } from './articles.repository';
import { EMPTY_SUMMARY, IMAGE_REHOSTER, ImageRehoster, RehostSummary } from './image-rehoster';

export interface WriteResult {
  action: 'created' | 'updated';
  view: ArticleView;
  images: RehostSummary | null;
}

export interface WriteOptions {
  /** POST /articles/bulk item (spec 2.3: `categories` refused on a new article). */
  bulk?: boolean;
  /**
   * A dashboard session's write (issue 37): the HTML is stored as sent, internal notes, AI
   * drafts and team-note highlights kept (keys and tokens have them removed, spec 2.1).
   */
  keepMarkup?: boolean;
}

export interface UpdateOptions extends Pick<WriteOptions, 'keepMarkup'> {
  /** Through POST /articles with a known `external_id` (rule 3 reads link_only differently). */
  viaPost?: boolean;
  /** Issue 37: the revision a dashboard save started from; another answers 409. */
  baseRevision?: number;
}

/** `category_id` and `categories` of a write (spec 2.3); also used by a staged publish. */
export { resolveCategories };

const notInTrash = (site: SiteContext, id: number) =>
  notFound(`Article ${id} is not in the Trash of site ${site.id}.`);

/**
 * Article writes from a request or a command (spec 2.3, 3.1): reads what was sent into changes
 * for the write model (ArticleWriter), which stores them.
 */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly writer: ArticleWriter,
    @Optional() @Inject(IMAGE_REHOSTER) private readonly rehoster?: ImageRehoster,
  ) {}

  exists(site: SiteContext, id: number): Promise<boolean> {
    return this.articles.exists(site.id, id);
  }

  async get(site: SiteContext, id: number, options: ArticleResponseOptions = {}) {
    const view = await this.articles.loadOne(site.id, id);
    if (!view || view.deletedAt) throw notFound('Article not found.');
    return { article: toArticleResponse(view, site, options) };
  }

  /** POST /articles (and a bulk item): create, or with a known `external_id` update (rule 2). */
  async createOrUpsert(
    site: SiteContext,
    actorId: number,
    input: ArticleInput,
    opts: WriteOptions = {},
  ): Promise<WriteResult> {
    for (let attempt = 0; ; attempt++) {
      if (input.externalId !== undefined) {
        const holder = await this.articles.findByExternalId(site.id, input.externalId);
        if (holder?.trashed) fail({ kind: 'external_id_busy', message: EXTERNAL_ID_TAKEN });
        if (holder) {
          const updated = await this.update(site, holder.id, input, {
            viaPost: true,
            keepMarkup: opts.keepMarkup,
          });
          if (updated) return updated;
        }
      }
      if (opts.bulk && input.categories !== undefined) {
        fail({
          kind: 'persist_failed',
          message: 'The categories of a new article cannot be set in a bulk request.',
        });
      }
      try {
        return await this.create(site, actorId, input, opts);
      } catch (err) {
        // Another request created the same external_id meanwhile: update that one (rule 2).
        if (attempt === 0 && isDuplicate(err, 'uq_articles_external')) continue;
        if (isDuplicate(err, 'uq_articles_external'))
          fail({ kind: 'external_id_busy', message: EXTERNAL_ID_TAKEN });
        throw err;
      }
    }
  }

  private async create(
    site: SiteContext,
    actorId: number,
    input: ArticleInput,
    opts: WriteOptions,
  ): Promise<WriteResult> {
    const titles = input.title as Record<string, string>;
    const languages = Object.keys(titles);
    checkLanguagesHaveTitles(input, new Set(languages));
    await this.checkReferences(site, input);
    const { content, images } = await this.prepareContent(site, input, opts.keepMarkup);
    const cats = resolveCategories({ primary: null, list: [] }, input);
    // Rule 3: creating as link_only loses the visibility: public with a share token.
    const linkOnly = input.visibility === 'link_only';
    // The article's first language is released: the site default when written, else the first sent.
    const released = languages.includes(site.defaultLanguage) ? site.defaultLanguage : languages[0];
    const id = await this.writer.create(
      site,
      {
        externalId: input.externalId ?? null,
        authorId: input.authorId ?? actorId,
        categoryId: cats.primary,
        type: input.type ?? 'article',
        published: input.published ?? false,
        visibility: linkOnly ? 'public' : (input.visibility ?? 'public'),
        shareToken: linkOnly ? newShareToken() : null,
        sharedWith: input.sharedWith ?? [],
      },
      cats.list,
      languages.map((lang) => [
        lang,
        {
          title: titles[lang],
          slug: input.slug?.[lang] ?? '',
          hasCustomSlug: Boolean(input.slug?.[lang]),
          content: content[lang] ?? '',
          audioFile: null,
          metaTitle: input.metadata?.title?.[lang] ?? null,
          metaDescription: input.metadata?.description?.[lang] ?? null,
          released: lang === released,
        },
      ]),
    );
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return { action: 'created', view, images };
  }

  /**
   * PATCH /articles/{id} (and an upsert): only the fields sent change. Returns null when the
   * article is missing, foreign or in the Trash.
   */
  async update(
    site: SiteContext,
    id: number,
    input: ArticleInput,
    opts: UpdateOptions = {},
  ): Promise<WriteResult | null> {
    if (!(await this.articles.exists(site.id, id))) return null;
    await this.checkReferences(site, input);
    if (input.externalId !== undefined) {
      const holder = await this.articles.findByExternalId(site.id, input.externalId);
      if (holder && holder.id !== id)
        fail({ kind: 'external_id_busy', message: EXTERNAL_ID_TAKEN });
    }
    const { content, images } = await this.prepareContent(site, input, opts.keepMarkup);
    const done = await this.writer.edit(site, id, async (current): Promise<Edit<boolean>> => {
      // Issue 37: a dashboard save over another one answers 409 with the article as it is.
      if (opts.baseRevision !== undefined && current.revision !== opts.baseRevision) {
        throw apiError(
          ContentErrorCode.RevisionConflict,
          `The article was changed since revision ${opts.baseRevision} (it is at revision ${current.revision}). Compare, then save again from the current revision.`,
          { article: toArticleResponse(current, site, { stored: true }) },
        );
      }
      const cats = resolveCategories(
        { primary: current.categoryId, list: current.categories },
        input,
      );
      const published = input.published ?? current.published;
      let visibility = current.visibility;
      let shareToken = current.shareToken;
      if (input.visibility !== undefined) {
        // Rule 3: link_only holds only when sent together with published = true on an update.
        const keepsLinkOnly =
          input.visibility === 'link_only' && !opts.viaPost && input.published === true;
        visibility =
          input.visibility === 'link_only' && !keepsLinkOnly ? 'public' : input.visibility;
        if (input.visibility === 'link_only') shareToken ??= newShareToken();
      }
      const sentCategories = input.categoryId !== undefined || input.categories !== undefined;
      return {
        result: true,
        change: {
          core: {
            externalId: input.externalId ?? current.externalId,
            authorId: input.authorId ?? current.authorId,
            categoryId: cats.primary,
            type: input.type ?? current.type,
            published,
            visibility,
            shareToken,
            sharedWith: input.sharedWith ?? current.sharedWith,
          },
          categories: sentCategories ? cats.list : undefined,
          translations: patchTranslations(current, input, content),
          event: !current.published && published ? 'article.published' : 'article.updated',
        },
      };
    });
    if (!done) return null;
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return { action: 'updated', view, images };
  }

  /** DELETE /articles/{id}: to the Trash, `article.deleted` with the article as it was. */
  async trash(site: SiteContext, id: number) {
    const deletedAt = await this.writer.trash(site, id);
    if (!deletedAt) throw htmlNotFound();
    return {
      message: 'The article was moved to the Trash.',
      article: { id, deleted_at: formatB(deletedAt) },
    };
  }

  /** `hc article restore`: back from the Trash to its previous status, `article.updated`. */
  async restore(site: SiteContext, id: number, options: ArticleResponseOptions = {}) {
    if (!(await this.writer.restoreFromTrash(site, id))) throw notInTrash(site, id);
    return this.response(site, id, options);
  }

  /** `hc article purge`: deletes a Trashed article for good, `article.deleted` again. */
  async purge(site: SiteContext, id: number): Promise<void> {
    if (!(await this.writer.purge(site, id))) throw notInTrash(site, id);
  }

  /** `hc translation release`: shows an unreleased language to readers (spec 2.1). */
  async releaseTranslation(
    site: SiteContext,
    id: number,
    lang: string,
    options: ArticleResponseOptions = {},
  ) {
    const missing = await this.writer.release(site, id, lang);
    if (missing === 'article') throw notFound('Article not found.');
    if (missing === 'language') throw notFound(`Article ${id} has no "${lang}" translation.`);
    return this.response(site, id, options);
  }

  /** The article as it is now, in the response shape `options` asks for. */
  private async response(site: SiteContext, id: number, options: ArticleResponseOptions) {
    return toArticleResponse(
      (await this.articles.loadOne(site.id, id)) as ArticleView,
      site,
      options,
    );
  }

  // --- helpers ---------------------------------------------------------------------------

  /** Categories of this site (400, spec 7), author and shared_with among the site's team. */
  private async checkReferences(site: SiteContext, input: ArticleInput): Promise<void> {
    const bad = await this.writer.invalidReferences(site, input);
    for (const field of ['category_id', 'categories'] as const) {
      if (bad.has(field))
        fail({ kind: 'category', field, message: messages.selectedInvalid(field) });
    }
    for (const field of ['author_id', 'shared_with'] as const) {
      if (bad.has(field))
        fail({ kind: 'fields', errors: { [field]: [messages.selectedInvalid(field)] } });
    }
  }

  /**
   * Content as stored: Markdown converted (spec 2.1), internal markup removed (a write of an
   * article drops it), images rehosted when asked (rule 5). A cleared language stores ''.
   */
  private async prepareContent(
    site: SiteContext,
    input: ArticleInput,
    keepMarkup = false,
  ): Promise<{ content: Record<string, string>; images: RehostSummary | null }> {
    const content = storedContent(input, keepMarkup);
    if (!input.rehostImages) return { content, images: null };
    const withImages = this.contentToRehost(input, keepMarkup);
    if (!this.rehoster || !withImages) return { content, images: { ...EMPTY_SUMMARY } };
    const result = await this.rehoster.rehost(site, withImages);
    return { content: { ...content, ...result.content }, images: result.summary };
  }

  /**
   * The content a write of `input` hands to the rehoster (the languages with any content), or
   * null when it rehosts nothing: what a dry run downloads before its transaction (issue 34
   * item 6).
   */
  contentToRehost(input: ArticleInput, keepMarkup = false): Record<string, string> | null {
    if (!input.rehostImages || !this.rehoster) return null;
    const withImages = Object.fromEntries(
      Object.entries(storedContent(input, keepMarkup)).filter(([, html]) => html !== ''),
    );
    return Object.keys(withImages).length ? withImages : null;
  }
}

/** Content as stored: Markdown converted (spec 2.1), internal markup removed; cleared is ''. */
function storedContent(input: ArticleInput, keepMarkup: boolean): Record<string, string> {
  const content: Record<string, string> = {};
  for (const [lang, text] of Object.entries(input.content ?? {})) {
    if (text === null) {
      content[lang] = '';
      continue;
    }
    const html = input.contentFormat === 'markdown' ? markdownToHtml(text) : text.trim();
    content[lang] = keepMarkup ? html : stripInternalMarkup(html);
  }
  return content;
}
