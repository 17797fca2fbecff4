import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { numberedSlug, slugify } from '@hc/content';
import {
  ArticleSearch,
  DataRepository,
  indexTranslation,
  jsonColumn,
  touchReaderPages,
  unindexTranslation,
} from '@hc/data';
import type { SiteId } from '@hc/contracts';

export type Visibility = 'public' | 'private' | 'link_only';
export type ArticleType = 'article' | 'faq';

export interface TranslationRow {
  lang: string;
  title: string;
  slug: string;
  hasCustomSlug: boolean;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  audioFile: string | null;
  released: boolean;
  /** The default language's title or content changed since this language's (#25). */
  outdated: boolean;
}

/** An article with everything its response needs (loaded in a fixed number of queries). */
export interface ArticleView {
  id: number;
  siteId: number;
  externalId: string | null;
  authorId: number | null;
  authorName: string | null;
  authorAvatar: string | null;
  categoryId: number | null;
  categories: number[];
  type: ArticleType;
  published: boolean;
  visibility: Visibility;
  shareToken: string | null;
  sharedWith: number[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  /** Grows by one with every write of the article (issue 37: dashboard saves name it). */
  revision: number;
  translations: TranslationRow[];
  views: number;
  thumbsUp: number;
  thumbsDown: number;
  love: number;
  /** Languages with staged changes (spec 2.3 `staged_locales`), by code; kept by the staged module. */
  stagedLocales: string[];
  /** Last write to the article's staged changes, or null. */
  stagedUpdatedAt: Date | null;
}

export interface ArticleCore {
  externalId: string | null;
  authorId: number | null;
  categoryId: number | null;
  type: ArticleType;
  published: boolean;
  visibility: Visibility;
  shareToken: string | null;
  sharedWith: number[];
}

/** The articles columns an `ArticleCore` writes (insert and update), with their values. */
const CORE_COLUMNS: [column: string, value: (core: ArticleCore) => unknown][] = [
  ['external_id', (c) => c.externalId],
  ['author_id', (c) => c.authorId],
  ['category_id', (c) => c.categoryId],
  ['type', (c) => c.type],
  ['published', (c) => c.published],
  ['visibility', (c) => c.visibility],
  ['share_token', (c) => c.shareToken],
  ['shared_with', (c) => JSON.stringify(c.sharedWith)],
];

function coreValues(core: ArticleCore): unknown[] {
  return CORE_COLUMNS.map(([, value]) => value(core));
}

export interface TranslationWrite {
  lang: string;
  title: string;
  slug: string;
  hasCustomSlug: boolean;
  content: string;
  searchText: string;
  metaTitle: string | null;
  metaDescription: string | null;
  released: boolean;
}

export interface ListFilter {
  published?: boolean;
  updatedSince?: Date;
  categoryId?: number;
  lang?: string;
  /** Only articles with an outdated translation (#25). */
  outdated?: boolean;
  /** Only articles with staged changes in some language or article-wide (issue 39, Home). */
  staged?: boolean;
  /**
   * `position` (issue 37, dashboard session only, with a `categoryId` > 0): the category's custom
   * article order as readers see it (unordered articles last, newest first); `ascending` ignored.
   */
  orderBy: 'updated_at' | 'views' | 'position';
  ascending: boolean;
}

export interface SearchFilter {
  text: string;
  lang: string;
  /** Spec 4.4: on a site whose default language is not English, also require released English. */
  requireEnglish: boolean;
  max: number;
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Languages in writing order: the default language first (see upsertTranslation). */
export function defaultFirst<T>(
  items: T[],
  lang: (item: T) => string,
  defaultLanguage: string,
): T[] {
  return [...items].sort(
    (a, b) => Number(lang(b) === defaultLanguage) - Number(lang(a) === defaultLanguage),
  );
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a > b ? a : b;
}

/** Articles of one site; every method takes the site id, so a foreign id reads as missing. */
@Injectable()
export class ArticlesRepository extends DataRepository {
  private readonly articleSearch = new ArticleSearch(this.ds);

  /** Full views of the given articles, in the order of `ids` (missing ones left out). */
  async load(
    siteId: SiteId,
    ids: number[],
    m: EntityManager = this.ds.manager,
  ): Promise<ArticleView[]> {
    if (ids.length === 0) return [];
    // Two queries whatever the page size: the articles with their categories and staged-change
    // summary folded in, and their translations.
    const [rows, translations] = await Promise.all([
      m.query(
        `SELECT a.id, a.site_id, a.external_id, a.author_id, a.category_id, a.type, a.published, a.visibility,
           a.share_token, a.shared_with, a.created_at, a.updated_at, a.deleted_at, a.revision,
           u.name AS author_name, u.avatar_url AS author_avatar,
           s.views, s.thumbs_up, s.thumbs_down, s.love,
           (SELECT GROUP_CONCAT(ac.category_id ORDER BY ac.sort, ac.category_id)
              FROM article_categories ac WHERE ac.article_id = a.id) AS category_ids,
           (SELECT GROUP_CONCAT(sc.locale) FROM staged_copies sc
              WHERE sc.site_id = a.site_id AND sc.article_id = a.id) AS staged_locales,
           (SELECT MAX(sc.updated_at) FROM staged_copies sc
              WHERE sc.site_id = a.site_id AND sc.article_id = a.id) AS staged_copy_at,
           (SELECT ss.updated_at FROM staged_shared ss WHERE ss.article_id = a.id) AS staged_shared_at
         FROM articles a
         LEFT JOIN users u ON u.id = a.author_id
         LEFT JOIN article_stats s ON s.article_id = a.id
         WHERE a.site_id = ? AND a.id IN (?)`,
        [siteId, ids],
      ),
      m.query(
        `SELECT article_id, lang, title, slug, has_custom_slug, content, meta_title, meta_description, audio_file, released, outdated
         FROM article_translations WHERE site_id = ? AND article_id IN (?)`,
        [siteId, ids],
      ),
    ]);
    const byId = new Map<number, ArticleView>();
    for (const r of rows) {
      byId.set(Number(r.id), {
        id: Number(r.id),
        siteId: Number(r.site_id),
        externalId: r.external_id ?? null,
        authorId: r.author_id === null ? null : Number(r.author_id),
        authorName: r.author_name ?? null,
        authorAvatar: r.author_avatar ?? null,
        categoryId: r.category_id === null ? null : Number(r.category_id),
        categories: r.category_ids ? String(r.category_ids).split(',').map(Number) : [],
        type: r.type,
        published: Boolean(r.published),
        visibility: r.visibility,
        shareToken: r.share_token ?? null,
        sharedWith: jsonColumn<number[]>(r.shared_with, []),
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        deletedAt: r.deleted_at ?? null,
        revision: Number(r.revision),
        translations: [],
        views: Number(r.views ?? 0),
        thumbsUp: Number(r.thumbs_up ?? 0),
        thumbsDown: Number(r.thumbs_down ?? 0),
        love: Number(r.love ?? 0),
        // Staged changes (apps/content-api/src/staged): the article-wide block's last write counts too.
        stagedLocales: r.staged_locales ? String(r.staged_locales).split(',').sort(byCode) : [],
        stagedUpdatedAt: r.staged_locales ? latest(r.staged_copy_at, r.staged_shared_at) : null,
      });
    }
    for (const t of translations) {
      byId.get(Number(t.article_id))?.translations.push({
        lang: t.lang,
        title: t.title,
        slug: t.slug,
        hasCustomSlug: Boolean(t.has_custom_slug),
        content: t.content,
        metaTitle: t.meta_title ?? null,
        metaDescription: t.meta_description ?? null,
        audioFile: t.audio_file ?? null,
        released: Boolean(t.released),
        outdated: Boolean(t.outdated),
      });
    }
    return ids.map((id) => byId.get(id)).filter((v): v is ArticleView => v !== undefined);
  }

  async loadOne(siteId: SiteId, id: number, m?: EntityManager): Promise<ArticleView | null> {
    return (await this.load(siteId, [id], m))[0] ?? null;
  }

  /** Locks the article row for a write; null when missing, foreign, or (unless asked) in the Trash. */
  async lock(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    state: 'active' | 'trashed' = 'active',
  ): Promise<boolean> {
    const rows = await m.query(
      `SELECT id FROM articles WHERE site_id = ? AND id = ? AND deleted_at IS ${state === 'active' ? '' : 'NOT'} NULL FOR UPDATE`,
      [siteId, id],
    );
    return rows.length > 0;
  }

  async exists(siteId: SiteId, id: number): Promise<boolean> {
    const rows = await this.ds.query(
      'SELECT 1 FROM articles WHERE site_id = ? AND id = ? AND deleted_at IS NULL',
      [siteId, id],
    );
    return rows.length > 0;
  }

  async findByExternalId(
    siteId: SiteId,
    externalId: string,
    m: EntityManager = this.ds.manager,
  ): Promise<{ id: number; trashed: boolean } | null> {
    const rows = await m.query(
      'SELECT id, deleted_at FROM articles WHERE site_id = ? AND external_id = ?',
      [siteId, externalId],
    );
    return rows[0] ? { id: Number(rows[0].id), trashed: rows[0].deleted_at !== null } : null;
  }

  async insert(siteId: SiteId, m: EntityManager, core: ArticleCore, now: Date): Promise<number> {
    await touchReaderPages(m, siteId);
    const result = await m.query(
      `INSERT INTO articles (site_id, ${CORE_COLUMNS.map(([c]) => c).join(', ')}, created_at, updated_at)
       VALUES (?, ${CORE_COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
      [siteId, ...coreValues(core), now, now],
    );
    return Number(result.insertId);
  }

  async updateCore(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    core: ArticleCore,
    now: Date,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query(
      `UPDATE articles SET ${CORE_COLUMNS.map(([c]) => `${c} = ?`).join(', ')}, updated_at = ?,
         revision = revision + 1
       WHERE site_id = ? AND id = ?`,
      [...coreValues(core), now, siteId, id],
    );
  }

  async touch(siteId: SiteId, m: EntityManager, ids: number[], now: Date): Promise<void> {
    await touchReaderPages(m, siteId);
    if (ids.length)
      await m.query(
        'UPDATE articles SET updated_at = ?, revision = revision + 1 WHERE site_id = ? AND id IN (?)',
        [now, siteId, ids],
      );
  }

  /**
   * Writes one language. Outdated translations (#25): a changed title or content of the default
   * language marks every other released language outdated; a changed title or content of another
   * language clears its own mark. Writers of several languages write the default one first
   * (`defaultFirst`), so a publish updating both leaves nothing outdated.
   */
  async upsertTranslation(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    t: TranslationWrite,
    now: Date,
    defaultLanguage: string,
  ) {
    await touchReaderPages(m, siteId);
    // A plain read: every writer holds the article's row lock (a new article's own insert, or
    // lock()) before it gets here, and a locking read of a row not written yet would lock the gap
    // at the end of the index that concurrent creates share, deadlocking their inserts.
    const [old] = await m.query(
      'SELECT title, content FROM article_translations WHERE site_id = ? AND article_id = ? AND lang = ?',
      [siteId, articleId, t.lang],
    );
    const textChanged = !old || old.title !== t.title || old.content !== t.content;
    await m.query(
      `INSERT INTO article_translations (article_id, lang, site_id, title, slug, has_custom_slug, content, search_text,
         meta_title, meta_description, released, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE outdated = IF(?, 0, outdated), title = VALUES(title), slug = VALUES(slug),
         has_custom_slug = VALUES(has_custom_slug), content = VALUES(content), search_text = VALUES(search_text),
         meta_title = VALUES(meta_title), meta_description = VALUES(meta_description), released = VALUES(released),
         updated_at = VALUES(updated_at)`,
      [
        articleId,
        t.lang,
        siteId,
        t.title,
        t.slug,
        t.hasCustomSlug,
        t.content,
        t.searchText,
        t.metaTitle,
        t.metaDescription,
        t.released,
        now,
        now,
        textChanged && t.lang !== defaultLanguage,
      ],
    );
    // Issue 40: the term index follows the text in the same transaction.
    if (textChanged) await indexTranslation(m, siteId, articleId, t.lang, t, { fresh: !old });
    if (old && textChanged && t.lang === defaultLanguage) {
      await m.query(
        'UPDATE article_translations SET outdated = 1 WHERE site_id = ? AND article_id = ? AND lang <> ? AND released = 1',
        [siteId, articleId, t.lang],
      );
    }
  }

  async deleteTranslation(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    lang: string,
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query(
      'DELETE FROM article_translations WHERE site_id = ? AND article_id = ? AND lang = ?',
      [siteId, articleId, lang],
    );
    await unindexTranslation(m, siteId, articleId, lang);
  }

  async releaseTranslation(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    lang: string,
    now: Date,
  ): Promise<boolean> {
    await touchReaderPages(m, siteId);
    const r = await m.query(
      'UPDATE article_translations SET released = 1, updated_at = ? WHERE site_id = ? AND article_id = ? AND lang = ?',
      [now, siteId, articleId, lang],
    );
    return Number(r.affectedRows) > 0;
  }

  /** Slugs of the site and language that start with `base` (for choosing a free one). */
  /**
   * A valid slug made from `text`, unique for the site and language (spec 2.3 rule 1, 4.5):
   * `base`, else `base-2`, `base-3`, … Two writers may pick the same one at once; the unique
   * index refuses the second, which retries.
   */
  async freeSlug(
    siteId: SiteId,
    m: EntityManager,
    lang: string,
    text: string,
    articleId: number,
  ): Promise<string> {
    const base = slugify(text, lang) || 'article';
    const taken = await this.slugsLike(siteId, m, lang, base, articleId);
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = numberedSlug(base, n);
      if (!taken.has(candidate)) return candidate;
    }
  }

  async slugsLike(
    siteId: SiteId,
    m: EntityManager,
    lang: string,
    base: string,
    exceptArticle: number | null,
  ) {
    const like = base.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
    const rows = await m.query(
      'SELECT slug FROM article_translations WHERE site_id = ? AND lang = ? AND slug LIKE ? AND article_id <> ?',
      [siteId, lang, like, exceptArticle ?? 0],
    );
    return new Set<string>(rows.map((r: { slug: string }) => r.slug));
  }

  /** Replaces the article's categories, keeping the custom positions of those it stays in. */
  async setCategories(
    siteId: SiteId,
    m: EntityManager,
    articleId: number,
    categoryIds: number[],
  ): Promise<void> {
    await touchReaderPages(m, siteId);
    if (categoryIds.length === 0) {
      await m.query('DELETE FROM article_categories WHERE site_id = ? AND article_id = ?', [
        siteId,
        articleId,
      ]);
      return;
    }
    await m.query(
      'DELETE FROM article_categories WHERE site_id = ? AND article_id = ? AND category_id NOT IN (?)',
      [siteId, articleId, categoryIds],
    );
    const values = categoryIds.map((c, i) => [articleId, c, siteId, i]);
    await m.query(
      'INSERT INTO article_categories (article_id, category_id, site_id, sort) VALUES ? ON DUPLICATE KEY UPDATE sort = VALUES(sort)',
      [values],
    );
  }

  async trash(siteId: SiteId, m: EntityManager, id: number, now: Date): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query('UPDATE articles SET deleted_at = ? WHERE site_id = ? AND id = ?', [
      now,
      siteId,
      id,
    ]);
  }

  async restore(siteId: SiteId, m: EntityManager, id: number, now: Date): Promise<void> {
    await touchReaderPages(m, siteId);
    await m.query(
      'UPDATE articles SET deleted_at = NULL, updated_at = ?, revision = revision + 1 WHERE site_id = ? AND id = ?',
      [now, siteId, id],
    );
  }

  async purge(siteId: SiteId, m: EntityManager, id: number): Promise<void> {
    await touchReaderPages(m, siteId);
    // search_terms: the article's term index (issue 40) goes with its texts.
    for (const table of [
      'article_translations',
      'search_terms',
      'article_categories',
      'article_stats',
    ]) {
      await m.query(`DELETE FROM ${table} WHERE site_id = ? AND article_id = ?`, [siteId, id]);
    }
    await m.query('DELETE FROM articles WHERE site_id = ? AND id = ?', [siteId, id]);
  }

  /** Ids of trashed articles, locked for deleting them for good (issue 37: emptying the Trash). */
  async trashedIds(siteId: SiteId, m: EntityManager, limit: number): Promise<number[]> {
    const rows = await m.query(
      'SELECT id FROM articles WHERE site_id = ? AND deleted_at IS NOT NULL ORDER BY id LIMIT ? FOR UPDATE',
      [siteId, limit],
    );
    return rows.map((r: { id: number }) => Number(r.id));
  }

  /** The Trash (issue 37): one page of trashed articles, most recently trashed first. */
  async trashedPage(
    siteId: SiteId,
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.ds.query(
        `SELECT id FROM articles WHERE site_id = ? AND deleted_at IS NOT NULL
          ORDER BY deleted_at DESC, id DESC LIMIT ? OFFSET ?`,
        [siteId, limit, offset],
      ),
      this.ds.query(
        'SELECT COUNT(*) AS n FROM articles WHERE site_id = ? AND deleted_at IS NOT NULL',
        [siteId],
      ),
    ]);
    return { ids: rows.map((r: { id: number }) => Number(r.id)), total: Number(count[0].n) };
  }

  /** GET /articles without `search`: ids of one page and the total (spec 4.4). */
  async list(
    siteId: SiteId,
    f: ListFilter,
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number }> {
    const where = ['a.site_id = ?', 'a.deleted_at IS NULL'];
    const params: unknown[] = [siteId];
    if (f.published !== undefined) {
      where.push('a.published = ?');
      params.push(f.published);
    }
    if (f.updatedSince) {
      where.push('a.updated_at >= ?');
      params.push(f.updatedSince);
    }
    if (f.categoryId === 0) {
      where.push('NOT EXISTS (SELECT 1 FROM article_categories ac WHERE ac.article_id = a.id)');
    } else if (f.categoryId !== undefined) {
      where.push(
        'EXISTS (SELECT 1 FROM article_categories ac WHERE ac.article_id = a.id AND ac.category_id = ?)',
      );
      params.push(f.categoryId);
    }
    if (f.lang) {
      where.push(
        'EXISTS (SELECT 1 FROM article_translations t WHERE t.article_id = a.id AND t.lang = ?)',
      );
      params.push(f.lang);
    }
    if (f.outdated) {
      where.push(
        'EXISTS (SELECT 1 FROM article_translations o WHERE o.article_id = a.id AND o.outdated = 1)',
      );
    }
    if (f.staged) {
      where.push(
        '(EXISTS (SELECT 1 FROM staged_copies sc WHERE sc.site_id = a.site_id AND sc.article_id = a.id)' +
          ' OR EXISTS (SELECT 1 FROM staged_shared ss WHERE ss.site_id = a.site_id AND ss.article_id = a.id))',
      );
    }
    const dir = f.ascending ? 'ASC' : 'DESC';
    const position = f.orderBy === 'position' && f.categoryId ? f.categoryId : null;
    const order =
      position !== null
        ? 'pc.position IS NULL, pc.position ASC, a.created_at DESC, a.id DESC'
        : f.orderBy === 'views'
          ? `COALESCE(s.views, 0) ${dir}, a.id ${dir}`
          : `a.updated_at ${dir}, a.id ${dir}`;
    const join =
      position !== null
        ? 'JOIN article_categories pc ON pc.article_id = a.id AND pc.site_id = a.site_id AND pc.category_id = ?'
        : f.orderBy === 'views'
          ? 'LEFT JOIN article_stats s ON s.article_id = a.id'
          : '';
    const joinParams = position !== null ? [position] : [];
    const sql = where.join(' AND ');
    const [rows, count] = await Promise.all([
      this.ds.query(
        `SELECT a.id FROM articles a ${join} WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...joinParams, ...params, limit, offset],
      ),
      this.ds.query(`SELECT COUNT(*) AS n FROM articles a WHERE ${sql}`, params),
    ]);
    return { ids: rows.map((r: { id: number }) => Number(r.id)), total: Number(count[0].n) };
  }

  /**
   * Spec 4.4 search through the term index (issue 40, `ArticleSearch`): words, word forms,
   * typos, the last word as a prefix and the site's synonyms, limited to what an anonymous
   * reader could find (published, public, not in the Trash, released translation, no non-public
   * category), best matches first, at most `max`.
   */
  async search(siteId: SiteId, f: SearchFilter): Promise<number[]> {
    return (await this.articleSearch.search(siteId, f)).ids;
  }

  /**
   * Issue 37's team search through the term index (issue 40, `ArticleSearch.teamSearch`): every
   * status (draft, published, Trash: spec 2.3 rule 6), visibility and release state, in `langs`,
   * live before trashed, best first, one page of ids and the total.
   */
  teamSearch(
    siteId: SiteId,
    f: { text: string; langs: string[] },
    offset: number,
    limit: number,
  ): Promise<{ ids: number[]; total: number }> {
    return this.articleSearch.teamSearch(siteId, f.text, f.langs, offset, limit);
  }

  /** GET /export: ids after the cursor in id order, Trash left out (spec 4.2). */
  async idsAfter(siteId: SiteId, cursor: number, limit: number): Promise<number[]> {
    const rows = await this.ds.query(
      'SELECT id FROM articles WHERE site_id = ? AND id > ? AND deleted_at IS NULL ORDER BY id LIMIT ?',
      [siteId, cursor, limit],
    );
    return rows.map((r: { id: number }) => Number(r.id));
  }

  /** The user ids among `ids` that are team members of the site. */
  async memberIds(
    siteId: SiteId,
    ids: number[],
    m: EntityManager = this.ds.manager,
  ): Promise<Set<number>> {
    return this.idsAmong(siteId, m, 'memberships', 'user_id', ids);
  }
}
