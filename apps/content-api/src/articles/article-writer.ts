import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatA } from '@hc/contracts';
import type { ArticleEventData } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { htmlToText } from '@hc/content';
import { writeAuditEvent, writeWebhookEvent } from '@hc/events';
import { CategoriesRepository } from '../categories/categories.repository';
import { announceArticles, articleEventData } from '../article-events/article-events';
import {
  ArticleChange,
  Edit,
  isDuplicate,
  RecordedPublish,
  Reference,
  TranslationState,
} from './article-change';
import { languageValues, VersionsRepository } from './article-versions.repository';
import { ArticleCore, ArticlesRepository, ArticleView, defaultFirst } from './articles.repository';

/**
 * The article write model: every write of a live article (POST, PATCH, bulk, staged publish,
 * version restore, change sets, the operator's restore, purge and release) goes through here.
 * It allocates slugs (retrying when two writers took the same one), checks references, keeps
 * versions, and writes the outbox events in the write's transaction.
 */
@Injectable()
export class ArticleWriter {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly versions: VersionsRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  /** A valid slug, unique for the site and language (spec 2.3 rule 1, 4.5). */
  freeSlug(m: EntityManager, site: SiteContext, lang: string, text: string, articleId: number) {
    return this.articles.freeSlug(site.id, m, lang, text, articleId);
  }

  /** Which of the references sent name no category of the site or no member of its team. */
  async invalidReferences(
    site: SiteContext,
    refs: {
      categoryId?: number | null;
      categories?: number[];
      authorId?: number | null;
      sharedWith?: number[];
    },
    m?: EntityManager,
  ): Promise<Set<Reference>> {
    const bad = new Set<Reference>();
    const wanted = [...(refs.categories ?? []), ...(refs.categoryId ? [refs.categoryId] : [])];
    if (wanted.length) {
      const known = await this.categories.existingIds(site.id, wanted, m);
      if (refs.categoryId && !known.has(refs.categoryId)) bad.add('category_id');
      if (refs.categories?.some((c) => !known.has(c))) bad.add('categories');
    }
    const people = [...(refs.sharedWith ?? []), ...(refs.authorId ? [refs.authorId] : [])];
    if (people.length) {
      const members = await this.articles.memberIds(site.id, people, m);
      if (refs.authorId && !members.has(refs.authorId)) bad.add('author_id');
      if (refs.sharedWith?.some((u) => !members.has(u))) bad.add('shared_with');
    }
    return bad;
  }

  /** A new article with its languages (in the order given) and categories; returns its id. */
  async create(
    site: SiteContext,
    core: ArticleCore,
    categories: number[],
    translations: [string, TranslationState][],
  ): Promise<number> {
    return this.withSlugRetry(() =>
      this.articles.transaction(async (m) => {
        const now = new Date();
        const id = await this.articles.insert(site.id, m, core, now);
        const slugs: Record<string, string> = {};
        for (const [lang, t] of translations) {
          slugs[lang] = await this.freeSlug(m, site, lang, t.slug || t.title, id);
          await this.writeTranslation(m, site, id, lang, { ...t, slug: slugs[lang] }, now);
        }
        if (categories.length) await this.articles.setCategories(site.id, m, id, categories);
        // The event's data is known here; no need to read it back (spec 6 shape).
        const title = translations.find(([lang]) => lang === site.defaultLanguage)?.[1].title;
        const data: ArticleEventData = {
          type: 'article',
          id,
          category_id: categories.length === 1 ? categories[0] : null,
          title: title ?? null,
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
        return id;
      }),
    );
  }

  /**
   * Changes an existing article in one transaction: locks it, lets `decide` make the change
   * from the article as it is (refusing by throwing), applies it. Null when the article is
   * missing, foreign or in the Trash.
   */
  async edit<T>(
    site: SiteContext,
    id: number,
    decide: (current: ArticleView, m: EntityManager) => Promise<Edit<T>>,
  ): Promise<{ result: T } | null> {
    return this.withSlugRetry(() =>
      this.articles.transaction(async (m) => {
        if (!(await this.articles.lock(site.id, m, id))) return null;
        const current = (await this.articles.loadOne(site.id, id, m)) as ArticleView;
        const edit = await decide(current, m);
        await this.apply(m, site, current, edit.change, new Date());
        if (edit.afterwards) await edit.afterwards(m);
        return { result: edit.result };
      }),
    );
  }

  private async apply(
    m: EntityManager,
    site: SiteContext,
    before: ArticleView,
    change: ArticleChange,
    now: Date,
  ): Promise<void> {
    const id = before.id;
    const existing = new Map(before.translations.map((t) => [t.lang, t]));
    if (change.publish) await this.keepVersions(m, site, before, change.publish, now);
    await this.articles.updateCore(site.id, m, id, change.core, now);
    if (
      change.categories &&
      JSON.stringify(change.categories) !== JSON.stringify(before.categories)
    )
      await this.articles.setCategories(site.id, m, id, change.categories);

    const order = defaultFirst([...change.translations], ([lang]) => lang, site.defaultLanguage);
    for (const [lang, next] of order) {
      const old = existing.get(lang);
      if (next === null) {
        if (old) await this.articles.deleteTranslation(site.id, m, id, lang);
        continue;
      }
      const slug =
        old && next.slug === old.slug
          ? next.slug
          : await this.freeSlug(m, site, lang, next.slug || next.title, id);
      await this.writeTranslation(m, site, id, lang, { ...next, slug }, now);
      if (next.audioFile !== (old?.audioFile ?? null)) {
        await this.versions.setAudioFile(site.id, m, id, lang, next.audioFile);
      }
      if (change.publish && old && old.slug !== slug)
        await this.versions.redirectSlug(site.id, m, id, lang, old.slug, slug, now);
    }
    // A recorded publish has its audit entry already; other writes are recorded with the event.
    await announceArticles(
      m,
      site,
      change.event,
      [id],
      undefined,
      change.publish ? null : undefined,
    );
  }

  /** The write's audit entry, then the replaced values kept as versions (20 newest per language). */
  private async keepVersions(
    m: EntityManager,
    site: SiteContext,
    before: ArticleView,
    publish: RecordedPublish,
    now: Date,
  ): Promise<void> {
    const id = before.id;
    const auditId = await writeAuditEvent(m, site, publish.audit, { type: 'article', id }, now);
    if (publish.versionLocales.length === 0) return;
    const times = await this.versions.translationTimes(site.id, m, id);
    for (const locale of publish.versionLocales) {
      const t = before.translations.find((x) => x.lang === locale);
      if (!t) continue;
      await this.versions.insert(
        site.id,
        m,
        {
          articleId: id,
          locale,
          ...languageValues(t),
          categoryId: before.categoryId,
          categories: before.categories,
          visibility: before.visibility,
          type: before.type,
          authorId: before.authorId,
          sharedWith: before.sharedWith,
          publishedAt: times.get(locale) ?? before.updatedAt,
          auditId,
        },
        now,
      );
      await this.versions.prune(site.id, m, id, locale);
    }
  }

  private writeTranslation(
    m: EntityManager,
    site: SiteContext,
    id: number,
    lang: string,
    t: TranslationState,
    now: Date,
  ) {
    return this.articles.upsertTranslation(
      site.id,
      m,
      id,
      {
        lang,
        title: t.title,
        slug: t.slug,
        hasCustomSlug: t.hasCustomSlug,
        content: t.content,
        searchText: htmlToText(t.content),
        metaTitle: t.metaTitle,
        metaDescription: t.metaDescription,
        released: t.released,
      },
      now,
      site.defaultLanguage,
    );
  }

  /** DELETE /articles/{id}: to the Trash, `article.deleted` with the article as it was. */
  async trash(site: SiteContext, id: number): Promise<Date | null> {
    return this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(site.id, m, id))) return null;
      const data = await articleEventData(m, site, [id]);
      const now = new Date();
      await this.articles.trash(site.id, m, id, now);
      await announceArticles(m, site, 'article.deleted', [id], data);
      return now;
    });
  }

  /**
   * Issue 37, spec 6: several articles to the Trash at once in the dashboard, in one transaction.
   * One article sends `article.deleted`; several send nothing (each is still recorded in the
   * audit log). Returns the ids moved (missing, foreign and already trashed ones left out).
   */
  async trashMany(site: SiteContext, ids: number[]): Promise<number[]> {
    return this.articles.transaction(async (m) => {
      const found: number[] = [];
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        if (await this.articles.lock(site.id, m, id)) found.push(id);
      }
      const data = found.length === 1 ? await articleEventData(m, site, found) : undefined;
      const now = new Date();
      for (const id of found) await this.articles.trash(site.id, m, id, now);
      if (data) await announceArticles(m, site, 'article.deleted', found, data);
      else
        for (const id of found)
          await writeAuditEvent(m, site, 'article.delete', { type: 'article', id }, now);
      return found;
    });
  }

  /**
   * Issue 37, spec 6: empties the Trash, deleting every trashed article for good; no event (each
   * deletion is recorded in the audit log). Works in batches; returns how many were deleted.
   */
  async emptyTrash(site: SiteContext): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await this.articles.transaction(async (m) => {
        const ids = await this.articles.trashedIds(site.id, m, 200);
        for (const id of ids) {
          await this.articles.purge(site.id, m, id);
          await writeAuditEvent(m, site, 'article.purge', { type: 'article', id });
        }
        return ids.length;
      });
      total += done;
      if (done < 200) return total;
    }
  }

  /** Back from the Trash to its previous status, `article.updated`; false when not in the Trash. */
  async restoreFromTrash(site: SiteContext, id: number): Promise<boolean> {
    return this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(site.id, m, id, 'trashed'))) return false;
      await this.articles.restore(site.id, m, id, new Date());
      await announceArticles(m, site, 'article.updated', [id], undefined, 'article.restore');
      return true;
    });
  }

  /** Deletes a Trashed article for good, `article.deleted` again; false when not in the Trash. */
  async purge(site: SiteContext, id: number): Promise<boolean> {
    return this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(site.id, m, id, 'trashed'))) return false;
      const data = await articleEventData(m, site, [id]);
      await announceArticles(m, site, 'article.deleted', [id], data, 'article.purge');
      await this.articles.purge(site.id, m, id);
      return true;
    });
  }

  /**
   * Issue 37 item 8: several articles back from the Trash in one transaction, each to its
   * previous status with its own `article.updated` (spec 3.1). Returns the ids restored; an id
   * not in the Trash is left out.
   */
  async restoreMany(site: SiteContext, ids: number[]): Promise<number[]> {
    return this.articles.transaction(async (m) => {
      const found: number[] = [];
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        if (await this.articles.lock(site.id, m, id, 'trashed')) found.push(id);
      }
      const now = new Date();
      for (const id of found) await this.articles.restore(site.id, m, id, now);
      await announceArticles(m, site, 'article.updated', found, undefined, 'article.restore');
      return found;
    });
  }

  /**
   * Issue 37 item 8: several trashed articles deleted for good in one transaction. One article
   * is "deleted for good one by one" and sends `article.deleted` again (spec 3.1); several at
   * once send none, like emptying the Trash (spec 6), each recorded in the audit log.
   */
  async purgeMany(site: SiteContext, ids: number[]): Promise<number[]> {
    return this.articles.transaction(async (m) => {
      const found: number[] = [];
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        if (await this.articles.lock(site.id, m, id, 'trashed')) found.push(id);
      }
      if (found.length === 1)
        await announceArticles(
          m,
          site,
          'article.deleted',
          found,
          await articleEventData(m, site, found),
          'article.purge',
        );
      else
        for (const id of found)
          await writeAuditEvent(m, site, 'article.purge', { type: 'article', id });
      for (const id of found) await this.articles.purge(site.id, m, id);
      return found;
    });
  }

  /** Shows an unreleased language to readers (spec 2.1): 'article' or 'language' when missing. */
  async release(
    site: SiteContext,
    id: number,
    lang: string,
  ): Promise<'article' | 'language' | null> {
    return this.articles.transaction(async (m) => {
      if (!(await this.articles.lock(site.id, m, id))) return 'article';
      const now = new Date();
      if (!(await this.articles.releaseTranslation(site.id, m, id, lang, now))) return 'language';
      await this.articles.touch(site.id, m, [id], now);
      await announceArticles(m, site, 'article.updated', [id], undefined, 'translation.release');
      return null;
    });
  }

  /** Two writers may pick the same free slug at once; the unique index refuses one, which retries. */
  private async withSlugRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        if (attempt < 3 && isDuplicate(err, 'uq_article_slug')) continue;
        throw err;
      }
    }
  }
}
