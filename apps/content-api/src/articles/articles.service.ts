import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { formatA, formatB, htmlNotFound, messages, notFound } from '@hc/contracts';
import type { ArticleEventData } from '@hc/contracts';
import { writeWebhookEvent } from '@hc/events';
import type { SiteContext } from '@hc/auth';
import { htmlToText, LanguageMapInput, markdownToHtml, stripInternalMarkup } from '@hc/content';
import { CategoriesRepository } from '../categories/categories.repository';
import { announceArticles, articleEventData } from './article-events';
import { ArticleInput, ArticleInputError, EXTERNAL_ID_TAKEN } from './article-input';
import { toArticleResponse } from './article.mapper';
import {
  ArticleCore,
  ArticlesRepository,
  defaultFirst,
  ArticleView,
  TranslationRow,
  TranslationWrite,
} from './articles.repository';
import { EMPTY_SUMMARY, IMAGE_REHOSTER, ImageRehoster, RehostSummary } from './image-rehoster';

export interface WriteResult {
  action: 'created' | 'updated';
  view: ArticleView;
  images: RehostSummary | null;
}

export interface WriteOptions {
  /** POST /articles/bulk item (spec 2.3: `categories` refused on a new article). */
  bulk?: boolean;
}

const fail = (failure: ConstructorParameters<typeof ArticleInputError>[0]): never => {
  throw new ArticleInputError(failure);
};

function isDuplicate(err: unknown, key: string): boolean {
  const e = err as { code?: string; sqlMessage?: string; message?: string };
  return e?.code === 'ER_DUP_ENTRY' && String(e.sqlMessage ?? e.message).includes(key);
}

function newShareToken(): string {
  return randomBytes(16).toString('hex');
}

interface CategoryState {
  primary: number | null;
  list: number[];
}

/**
 * `category_id` names the primary category and `categories` the whole list (primary first).
 * Sent alone, `category_id` replaces the primary (0 or null: no category at all); `categories`
 * alone keeps the primary when it stays in the list, else its first entry becomes primary.
 */
export function resolveCategories(
  current: CategoryState,
  input: Pick<ArticleInput, 'categoryId' | 'categories'>,
): CategoryState {
  if (input.categoryId === undefined && input.categories === undefined) return current;
  if (input.categories !== undefined) {
    const list = input.categories;
    const primary =
      input.categoryId !== undefined
        ? input.categoryId
        : current.primary !== null && list.includes(current.primary)
          ? current.primary
          : (list[0] ?? null);
    return {
      primary,
      list: primary === null ? list : [primary, ...list.filter((c) => c !== primary)],
    };
  }
  if (input.categoryId === null || input.categoryId === undefined)
    return { primary: null, list: [] };
  const rest = current.list.filter((c) => c !== current.primary && c !== input.categoryId);
  return { primary: input.categoryId, list: [input.categoryId, ...rest] };
}

/** Article writes: create, upsert, update, Trash, restore, purge, release (spec 2.3, 3.1). */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
    @Optional() @Inject(IMAGE_REHOSTER) private readonly rehoster?: ImageRehoster,
  ) {}

  exists(site: SiteContext, id: number): Promise<boolean> {
    return this.articles.exists(site.id, id);
  }

  async get(site: SiteContext, id: number) {
    const view = await this.articles.loadOne(site.id, id);
    if (!view || view.deletedAt) throw notFound('Article not found.');
    return { status: 'success', article: toArticleResponse(view, site) };
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
          const updated = await this.update(site, holder.id, input, { viaPost: true });
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
        return await this.create(site, actorId, input);
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
  ): Promise<WriteResult> {
    const titles = input.title as Record<string, string>;
    const languages = Object.keys(titles);
    this.checkLanguagesHaveTitles(input, new Set(languages));
    await this.checkReferences(site, input);
    const { content, images } = await this.prepareContent(site, input);
    const cats = resolveCategories({ primary: null, list: [] }, input);
    // Rule 3: creating as link_only loses the visibility: public with a share token.
    const linkOnly = input.visibility === 'link_only';
    const core: ArticleCore = {
      externalId: input.externalId ?? null,
      authorId: input.authorId ?? actorId,
      categoryId: cats.primary,
      type: input.type ?? 'article',
      published: input.published ?? false,
      visibility: linkOnly ? 'public' : (input.visibility ?? 'public'),
      shareToken: linkOnly ? newShareToken() : null,
      sharedWith: input.sharedWith ?? [],
    };
    // The article's first language is released: the site default when written, else the first sent.
    const released = languages.includes(site.defaultLanguage) ? site.defaultLanguage : languages[0];
    const id = await this.withSlugRetry(() =>
      this.articles.transaction(async (m) => {
        const now = new Date();
        const articleId = await this.articles.insert(m, site.id, core, now);
        const slugs: Record<string, string> = {};
        for (const lang of languages) {
          const custom = input.slug?.[lang];
          const html = content[lang] ?? '';
          slugs[lang] = await this.articles.freeSlug(
            m,
            site.id,
            lang,
            custom ?? titles[lang],
            articleId,
          );
          await this.articles.upsertTranslation(
            m,
            site.id,
            articleId,
            {
              lang,
              title: titles[lang],
              slug: slugs[lang],
              hasCustomSlug: Boolean(custom),
              content: html,
              searchText: htmlToText(html),
              metaTitle: input.metadata?.title?.[lang] ?? null,
              metaDescription: input.metadata?.description?.[lang] ?? null,
              released: lang === released,
            },
            now,
            site.defaultLanguage,
          );
        }
        if (cats.list.length) await this.articles.setCategories(m, site.id, articleId, cats.list);
        // The event's data is known here; no need to read it back (spec 6 shape).
        const data: ArticleEventData = {
          type: 'article',
          id: articleId,
          category_id: cats.list.length === 1 ? cats.list[0] : null,
          title: titles[site.defaultLanguage] ?? null,
          slug: slugs[site.defaultLanguage] ?? null,
          published: core.published,
          visibility: core.visibility,
          locale: site.defaultLanguage,
          updated_at: formatA(now),
        };
        await writeWebhookEvent(
          m,
          site,
          core.published ? 'article.published' : 'article.created',
          data,
        );
        return articleId;
      }),
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
    opts: { viaPost?: boolean } = {},
  ): Promise<WriteResult | null> {
    if (!(await this.articles.exists(site.id, id))) return null;
    await this.checkReferences(site, input);
    if (input.externalId !== undefined) {
      const holder = await this.articles.findByExternalId(site.id, input.externalId);
      if (holder && holder.id !== id)
        fail({ kind: 'external_id_busy', message: EXTERNAL_ID_TAKEN });
    }
    const { content, images } = await this.prepareContent(site, input);
    const found = await this.withSlugRetry(() =>
      this.articles.transaction(async (m) => {
        if (!(await this.articles.lock(m, site.id, id))) return false;
        const current = (await this.articles.loadOne(site.id, id, m)) as ArticleView;
        const now = new Date();
        const { writes, removed } = await this.mergeTranslations(m, site, current, input, content);
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
        await this.articles.updateCore(
          m,
          site.id,
          id,
          {
            externalId: input.externalId ?? current.externalId,
            authorId: input.authorId ?? current.authorId,
            categoryId: cats.primary,
            type: input.type ?? current.type,
            published,
            visibility,
            shareToken,
            sharedWith: input.sharedWith ?? current.sharedWith,
          },
          now,
        );
        for (const lang of removed) await this.articles.deleteTranslation(m, site.id, id, lang);
        for (const w of defaultFirst(writes, (x) => x.lang, site.defaultLanguage))
          await this.articles.upsertTranslation(m, site.id, id, w, now, site.defaultLanguage);
        if (input.categoryId !== undefined || input.categories !== undefined) {
          await this.articles.setCategories(m, site.id, id, cats.list);
        }
        const event = !current.published && published ? 'article.published' : 'article.updated';
        await announceArticles(m, site, event, [id]);
        return true;
      }),
    );
    if (!found) return null;
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return { action: 'updated', view, images };
  }

  /** DELETE /articles/{id}: to the Trash, `article.deleted` with the article as it was. */
  async trash(site: SiteContext, id: number) {
    const deletedAt = await this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(m, site.id, id))) throw htmlNotFound();
      const data = await articleEventData(m, site, [id]);
      const now = new Date();
      await this.articles.trash(m, site.id, id, now);
      await announceArticles(m, site, 'article.deleted', [id], data);
      return now;
    });
    return {
      status: 'success',
      message: 'The article was moved to the Trash.',
      article: { id, deleted_at: formatB(deletedAt) },
    };
  }

  /** `hc article restore`: back from the Trash to its previous status, `article.updated`. */
  async restore(site: SiteContext, id: number) {
    await this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(m, site.id, id, 'trashed'))) {
        throw notFound(`Article ${id} is not in the Trash of site ${site.id}.`);
      }
      await this.articles.restore(m, site.id, id, new Date());
      await announceArticles(m, site, 'article.updated', [id], undefined, 'article.restore');
    });
    return toArticleResponse((await this.articles.loadOne(site.id, id)) as ArticleView, site);
  }

  /** `hc article purge`: deletes a Trashed article for good, `article.deleted` again. */
  async purge(site: SiteContext, id: number): Promise<void> {
    await this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(m, site.id, id, 'trashed'))) {
        throw notFound(`Article ${id} is not in the Trash of site ${site.id}.`);
      }
      const data = await articleEventData(m, site, [id]);
      await announceArticles(m, site, 'article.deleted', [id], data, 'article.purge');
      await this.articles.purge(m, site.id, id);
    });
  }

  /** `hc translation release`: shows an unreleased language to readers (spec 2.1). */
  async releaseTranslation(site: SiteContext, id: number, lang: string) {
    await this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(m, site.id, id))) throw notFound('Article not found.');
      const now = new Date();
      if (!(await this.articles.releaseTranslation(m, site.id, id, lang, now))) {
        throw notFound(`Article ${id} has no "${lang}" translation.`);
      }
      await this.articles.touch(m, site.id, [id], now);
      await announceArticles(m, site, 'article.updated', [id], undefined, 'translation.release');
    });
    return toArticleResponse((await this.articles.loadOne(site.id, id)) as ArticleView, site);
  }

  // --- helpers ---------------------------------------------------------------------------

  /** Every language written needs a title in that language (spec 2.3 "text in every language sent"). */
  private checkLanguagesHaveTitles(input: ArticleInput, titled: Set<string>): void {
    const sent = [
      ...Object.keys(input.content ?? {}),
      ...Object.keys(input.slug ?? {}),
      ...Object.keys(input.metadata?.title ?? {}),
      ...Object.keys(input.metadata?.description ?? {}),
    ];
    const missing = [...new Set(sent.filter((lang) => !titled.has(lang)))];
    if (missing.length) {
      fail({
        kind: 'fields',
        errors: {
          title: [
            `The title field must have a text in every language sent (${missing.join(', ')}).`,
          ],
        },
      });
    }
  }

  /** Categories of this site (400, spec 7), author and shared_with among the site's team. */
  private async checkReferences(site: SiteContext, input: ArticleInput): Promise<void> {
    const wanted = [...(input.categories ?? []), ...(input.categoryId ? [input.categoryId] : [])];
    if (wanted.length) {
      const known = await this.categories.existingIds(site.id, wanted);
      if (input.categoryId && !known.has(input.categoryId)) {
        fail({
          kind: 'category',
          field: 'category_id',
          message: messages.selectedInvalid('category_id'),
        });
      }
      if (input.categories?.some((c) => !known.has(c))) {
        fail({
          kind: 'category',
          field: 'categories',
          message: messages.selectedInvalid('categories'),
        });
      }
    }
    const people = [...(input.sharedWith ?? []), ...(input.authorId ? [input.authorId] : [])];
    if (people.length) {
      const members = await this.articles.memberIds(site.id, people);
      if (input.authorId && !members.has(input.authorId)) {
        fail({ kind: 'fields', errors: { author_id: [messages.selectedInvalid('author_id')] } });
      }
      if (input.sharedWith?.some((u) => !members.has(u))) {
        fail({
          kind: 'fields',
          errors: { shared_with: [messages.selectedInvalid('shared_with')] },
        });
      }
    }
  }

  /**
   * Content as stored: Markdown converted (spec 2.1), internal markup removed (a write of an
   * article drops it), images rehosted when asked (rule 5). A cleared language stores ''.
   */
  private async prepareContent(
    site: SiteContext,
    input: ArticleInput,
  ): Promise<{ content: Record<string, string>; images: RehostSummary | null }> {
    const content: Record<string, string> = {};
    for (const [lang, text] of Object.entries(input.content ?? {})) {
      if (text === null) content[lang] = '';
      else
        content[lang] = stripInternalMarkup(
          input.contentFormat === 'markdown' ? markdownToHtml(text) : text.trim(),
        );
    }
    if (!input.rehostImages) return { content, images: null };
    const withImages = Object.fromEntries(
      Object.entries(content).filter(([, html]) => html !== ''),
    );
    if (!this.rehoster || Object.keys(withImages).length === 0)
      return { content, images: { ...EMPTY_SUMMARY } };
    const result = await this.rehoster.rehost(site, withImages);
    return { content: { ...content, ...result.content }, images: result.summary };
  }

  private async mergeTranslations(
    m: EntityManager,
    site: SiteContext,
    current: ArticleView,
    input: ArticleInput,
    content: Record<string, string>,
  ): Promise<{ writes: TranslationWrite[]; removed: string[] }> {
    const existing = new Map<string, TranslationRow>(current.translations.map((t) => [t.lang, t]));
    const titles: LanguageMapInput = input.title ?? {};
    const removed = Object.entries(titles)
      .filter(([lang, v]) => v === null && existing.has(lang))
      .map(([lang]) => lang);
    const remaining = new Set([...existing.keys()].filter((l) => !removed.includes(l)));
    for (const [lang, v] of Object.entries(titles)) if (v !== null) remaining.add(lang);
    if (remaining.size === 0)
      fail({ kind: 'fields', errors: { title: [messages.required('title')] } });
    this.checkLanguagesHaveTitles(input, remaining);

    const touched = new Set<string>([
      ...Object.entries(titles)
        .filter(([, v]) => v !== null)
        .map(([l]) => l),
      ...Object.keys(content),
      ...Object.keys(input.slug ?? {}),
      ...Object.keys(input.metadata?.title ?? {}),
      ...Object.keys(input.metadata?.description ?? {}),
    ]);
    const writes: TranslationWrite[] = [];
    for (const lang of touched) {
      if (!remaining.has(lang)) continue;
      const old = existing.get(lang);
      const title = titles[lang] ?? old?.title ?? '';
      const html = content[lang] ?? old?.content ?? '';
      let slug = old?.slug;
      let custom = old?.hasCustomSlug ?? false;
      const sentSlug = input.slug?.[lang];
      if (sentSlug !== undefined) {
        // A slug sent is made valid and unique; an empty one is made anew from the title.
        custom = sentSlug !== null;
        slug = await this.articles.freeSlug(m, site.id, lang, sentSlug ?? title, current.id);
      } else if (!slug) {
        slug = await this.articles.freeSlug(m, site.id, lang, title, current.id); // rule 1: kept on a title change
      }
      const meta = (key: 'title' | 'description', was: string | null) => {
        const sent = input.metadata?.[key];
        return sent && lang in sent ? sent[lang] : was;
      };
      writes.push({
        lang,
        title,
        slug,
        hasCustomSlug: custom,
        content: html,
        searchText:
          content[lang] !== undefined || !old ? htmlToText(html) : htmlToText(old.content),
        metaTitle: meta('title', old?.metaTitle ?? null),
        metaDescription: meta('description', old?.metaDescription ?? null),
        released: old?.released ?? false,
      });
    }
    return { writes, removed };
  }

  /** Two writers may pick the same free slug at once; the unique index refuses one, which retries. */
  private async withSlugRetry<T>(work: (attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await work(attempt);
      } catch (err) {
        if (attempt < 3 && isDuplicate(err, 'uq_article_slug')) continue;
        throw err;
      }
    }
  }
}
