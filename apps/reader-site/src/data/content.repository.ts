import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SiteId } from '@hc/contracts';
import { ArticleSearch, jsonColumn } from '@hc/data';
import { snippet } from '@hc/content';
import type { SnippetPart } from '@hc/content';

export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: Record<string, string>;
  description: Record<string, string>;
  icon: string | null;
  position: number;
  articleSort: string | null;
}

export interface ArticleSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  updatedAt: Date;
  views: number;
  /** Search results only (issue 40): the excerpt around the matched words, those marked. */
  snippet?: SnippetPart[];
}

export interface TranslationRow {
  lang: string;
  title: string;
  slug: string;
  content: string;
  searchText: string;
  metaTitle: string | null;
  metaDescription: string | null;
  released: boolean;
}

export interface ArticleRow {
  id: number;
  published: boolean;
  deleted: boolean;
  visibility: 'public' | 'private' | 'link_only';
  /** Spec 2.3 `type`: `faq` articles get FAQPage structured data (issue #26). */
  type: string | null;
  shareToken: string | null;
  sharedWith: number[];
  categoryId: number | null;
  categories: number[];
  /** Some category of the article is not public. */
  inPrivateCategory: boolean;
  authorName: string | null;
  updatedAt: Date;
  translations: TranslationRow[];
}

/** The fields of an article the reading rules look at (`mayRead`). */
export type ArticleAccessRow = Pick<
  ArticleRow,
  'deleted' | 'published' | 'inPrivateCategory' | 'visibility' | 'shareToken' | 'sharedWith'
>;

export interface CommentRow {
  id: number;
  parentId: number | null;
  authorName: string;
  body: string;
  createdAt: Date;
}

export type ListOrder = 'popular' | 'recent' | 'alphabetical' | 'custom';

/**
 * What an anonymous reader may find (spec 1, 4.4): published, public, not in the Trash, in no
 * non-public category. Translations are filtered separately (released only).
 */
const LISTED = `a.site_id = ? AND a.published = 1 AND a.deleted_at IS NULL AND a.visibility = 'public'
  AND NOT EXISTS (SELECT 1 FROM article_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.article_id = a.id AND c.privacy <> 'public')`;

/** Text read per search result to find its snippet in (issue 40). */
const SNIPPET_SOURCE_CHARS = 4000;
const EXCERPT_CHARS = 200;
/** How many of a site's most viewed articles the popular lists choose from. */
const POPULAR_POOL = 500;
const COUNT_CACHE_MS = 60_000;
const COUNT_CACHE_MAX = 1000;

/** The reader site's reads of content-api's tables. */
@Injectable()
export class ContentRepository {
  private readonly countCache = new Map<string, { counts: Map<number, number>; until: number }>();

  private readonly articleSearch: ArticleSearch;

  constructor(@Inject(DataSource) private readonly ds: DataSource) {
    this.articleSearch = new ArticleSearch(ds);
  }

  async categories(siteId: SiteId): Promise<CategoryRow[]> {
    const rows = await this.ds.query(
      `SELECT id, parent_id, name, description, icon, position, article_sort FROM categories
       WHERE site_id = ? AND privacy = 'public' ORDER BY parent_id IS NOT NULL, parent_id, position, id`,
      [siteId],
    );
    const json = (v: unknown) => jsonColumn<Record<string, string> | null>(v) ?? {};
    return rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      name: json(r.name),
      description: Array.isArray(json(r.description)) ? {} : json(r.description),
      icon: (r.icon as string | null) ?? null,
      position: Number(r.position),
      articleSort: (r.article_sort as string | null) ?? null,
    }));
  }

  /**
   * Listed articles with a released translation in `lang`, per category. Counting means joining
   * every article of the site, so the counts are kept for a minute per site and language (a
   * category card may lag a new article by that much).
   */
  async articleCounts(siteId: SiteId, lang: string): Promise<Map<number, number>> {
    const key = `${siteId}:${lang}`;
    const cached = this.countCache.get(key);
    if (cached && cached.until > Date.now()) return cached.counts;
    const rows = await this.ds.query(
      `SELECT ac.category_id AS id, COUNT(*) AS n FROM article_categories ac
       JOIN articles a ON a.id = ac.article_id
       JOIN article_translations t ON t.article_id = a.id AND t.lang = ? AND t.released = 1
       WHERE ac.site_id = ? AND ${LISTED} GROUP BY ac.category_id`,
      [lang, siteId, siteId],
    );
    const counts = new Map<number, number>(
      rows.map((r: { id: number; n: number }) => [Number(r.id), Number(r.n)]),
    );
    if (this.countCache.size >= COUNT_CACHE_MAX) this.countCache.clear();
    this.countCache.set(key, { counts, until: Date.now() + COUNT_CACHE_MS });
    return counts;
  }

  /** A list of listed articles in one language (home, category pages, sidebars). */
  async list(
    siteId: SiteId,
    lang: string,
    options: { categoryId?: number; order: ListOrder; limit: number; excludeId?: number },
  ): Promise<ArticleSummary[]> {
    if (options.order !== 'popular') return this.listIn(siteId, lang, options, null);
    // Most viewed first, read from the (site_id, views) index of article_stats instead of
    // sorting every article of the site; newest articles fill the list when too few were viewed.
    const popular = await this.listIn(siteId, lang, options, POPULAR_POOL);
    if (popular.length >= options.limit) return popular;
    const newest = await this.listIn(
      siteId,
      lang,
      { ...options, order: 'recent', limit: options.limit * 2 },
      null,
    );
    const seen = new Set(popular.map((a) => a.id));
    return [...popular, ...newest.filter((a) => !seen.has(a.id))].slice(0, options.limit);
  }

  private async listIn(
    siteId: SiteId,
    lang: string,
    options: { categoryId?: number; order: ListOrder; limit: number; excludeId?: number },
    popularPool: number | null,
  ): Promise<ArticleSummary[]> {
    const params: unknown[] = [];
    let from = 'articles a';
    let stats = 'LEFT JOIN article_stats s ON s.article_id = a.id';
    if (popularPool !== null) {
      from = `(SELECT article_id, views FROM article_stats WHERE site_id = ? ORDER BY views DESC LIMIT ${popularPool}) s
        JOIN articles a ON a.id = s.article_id`;
      stats = '';
      params.push(siteId);
    }
    let join = '';
    if (options.categoryId !== undefined) {
      join = 'JOIN article_categories cat ON cat.article_id = a.id AND cat.category_id = ?';
      params.push(options.categoryId);
    }
    params.push(lang, siteId);
    let where = LISTED;
    if (options.excludeId !== undefined) {
      where += ' AND a.id <> ?';
      params.push(options.excludeId);
    }
    const order =
      options.order === 'popular'
        ? 'COALESCE(s.views, 0) DESC, a.updated_at DESC, a.id DESC'
        : options.order === 'alphabetical'
          ? 't.title ASC, a.id ASC'
          : options.order === 'custom' && options.categoryId !== undefined
            ? 'cat.position IS NULL, cat.position ASC, a.created_at DESC, a.id DESC'
            : 'a.created_at DESC, a.id DESC';
    const rows = await this.ds.query(
      `SELECT a.id, t.title, t.slug, LEFT(t.search_text, ${EXCERPT_CHARS + 1}) AS excerpt,
              a.updated_at, COALESCE(s.views, 0) AS views
       FROM ${from} ${join}
       JOIN article_translations t ON t.article_id = a.id AND t.lang = ? AND t.released = 1
       ${stats}
       WHERE ${where} ORDER BY ${order} LIMIT ?`,
      [...params, options.limit],
    );
    return rows.map(toSummary);
  }

  /**
   * Spec 4.4 search, the same rules and the same term index as GET /articles?search (issue 40,
   * `ArticleSearch`): only what an anonymous reader could find, at most `max` best matches, and
   * the corrected query when a misspelled word has a closer spelling on the site.
   */
  async search(
    siteId: SiteId,
    lang: string,
    text: string,
    requireEnglish: boolean,
    max: number,
  ): Promise<{ results: ArticleSummary[]; corrected: string | null }> {
    const found = await this.articleSearch.search(siteId, { text, lang, requireEnglish, max });
    if (!found.ids.length) return { results: [], corrected: found.corrected };
    const rows = await this.ds.query(
      `SELECT a.id, t.title, t.slug, LEFT(t.search_text, ${SNIPPET_SOURCE_CHARS}) AS excerpt,
              a.updated_at, COALESCE(s.views, 0) AS views
       FROM articles a
       JOIN article_translations t ON t.article_id = a.id AND t.lang = ? AND t.released = 1
       LEFT JOIN article_stats s ON s.article_id = a.id
       WHERE a.site_id = ? AND a.id IN (?)`,
      [lang, siteId, found.ids],
    );
    const byId = new Map<number, ArticleSummary>(
      (rows as Record<string, unknown>[]).map((r) => {
        const summary = {
          ...toSummary(r),
          snippet: snippet(String(r.excerpt ?? ''), lang, found.highlight, EXCERPT_CHARS),
        };
        return [summary.id, summary];
      }),
    );
    const results = found.ids.flatMap((id) => byId.get(id) ?? []);
    return { results, corrected: found.corrected };
  }

  /** One article of the site with everything the visibility rules need (null: no such id). */
  async article(siteId: SiteId, id: number): Promise<ArticleRow | null> {
    const rows = await this.ds.query(
      `SELECT a.id, a.published, a.deleted_at, a.visibility, a.type, a.share_token, a.shared_with,
              a.category_id, a.updated_at, u.name AS author_name
       FROM articles a LEFT JOIN users u ON u.id = a.author_id
       WHERE a.site_id = ? AND a.id = ?`,
      [siteId, id],
    );
    const r = rows[0];
    if (!r) return null;
    const [translations, categories] = await Promise.all([
      this.ds.query(
        `SELECT lang, title, slug, content, search_text, meta_title, meta_description, released
         FROM article_translations WHERE site_id = ? AND article_id = ?`,
        [siteId, id],
      ),
      this.ds.query(
        `SELECT ac.category_id, c.privacy FROM article_categories ac
         JOIN categories c ON c.id = ac.category_id WHERE ac.site_id = ? AND ac.article_id = ?
         ORDER BY ac.sort`,
        [siteId, id],
      ),
    ]);
    const sharedWith = jsonColumn<number[] | null>(r.shared_with);
    return {
      id: Number(r.id),
      published: Boolean(r.published),
      deleted: r.deleted_at !== null,
      visibility: r.visibility,
      type: (r.type as string | null) ?? null,
      shareToken: r.share_token,
      sharedWith: (sharedWith ?? []).map(Number),
      categoryId: r.category_id === null ? null : Number(r.category_id),
      categories: categories.map((c: { category_id: number }) => Number(c.category_id)),
      inPrivateCategory: categories.some((c: { privacy: string }) => c.privacy !== 'public'),
      authorName: r.author_name ?? null,
      updatedAt: new Date(r.updated_at),
      translations: translations.map((t: Record<string, unknown>) => ({
        lang: t.lang as string,
        title: t.title as string,
        slug: t.slug as string,
        content: t.content as string,
        searchText: t.search_text as string,
        metaTitle: (t.meta_title as string | null) ?? null,
        metaDescription: (t.meta_description as string | null) ?? null,
        released: Boolean(t.released),
      })),
    };
  }

  /**
   * A view beacon's one query (issue 34: an anonymous request costs little): what the reading
   * rules look at (`ArticleAccess`) and whether the translation in `lang` is released, without
   * the article's texts (`article()` reads every translation's content in three queries).
   */
  async articleAccess(
    siteId: SiteId,
    id: number,
    lang: string,
  ): Promise<(ArticleAccessRow & { released: boolean }) | null> {
    const [r] = await this.ds.query(
      `SELECT a.published, a.deleted_at, a.visibility, a.share_token, a.shared_with,
              EXISTS(SELECT 1 FROM article_categories ac JOIN categories c ON c.id = ac.category_id
                      WHERE ac.site_id = a.site_id AND ac.article_id = a.id
                        AND c.privacy <> 'public') AS in_private,
              EXISTS(SELECT 1 FROM article_translations t
                      WHERE t.site_id = a.site_id AND t.article_id = a.id AND t.lang = ?
                        AND t.released) AS released
       FROM articles a WHERE a.site_id = ? AND a.id = ?`,
      [lang, siteId, id],
    );
    if (!r) return null;
    return {
      published: Boolean(r.published),
      deleted: r.deleted_at !== null,
      visibility: r.visibility,
      shareToken: r.share_token,
      sharedWith: (jsonColumn<number[] | null>(r.shared_with) ?? []).map(Number),
      inPrivateCategory: Boolean(Number(r.in_private)),
      released: Boolean(Number(r.released)),
    };
  }

  /** Published comments of an article in one language, oldest first. */
  async comments(siteId: SiteId, articleId: number, lang: string): Promise<CommentRow[]> {
    const rows = await this.ds.query(
      `SELECT id, parent_id, author_name, body, created_at FROM comments
       WHERE site_id = ? AND article_id = ? AND lang = ? AND status = 'published' ORDER BY id`,
      [siteId, articleId, lang],
    );
    return rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      authorName: r.author_name as string,
      body: r.body as string,
      createdAt: new Date(r.created_at as string),
    }));
  }

  /** The site's own wording of interface texts in one language. */
  async textOverrides(siteId: SiteId, lang: string): Promise<Record<string, string>> {
    const rows = await this.ds.query(
      'SELECT text_key, text FROM interface_text_overrides WHERE site_id = ? AND lang = ?',
      [siteId, lang],
    );
    return Object.fromEntries(
      rows.map((r: { text_key: string; text: string }) => [r.text_key, r.text]),
    );
  }

  /** Image addresses by id (logos, design images), this site's only. */
  async imageUrls(siteId: SiteId, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.ds.query(
      `SELECT id, url FROM images WHERE site_id = ? AND id IN (${ids.map(() => '?').join(',')})`,
      [siteId, ...ids],
    );
    return new Map(rows.map((r: { id: number; url: string }) => [Number(r.id), r.url]));
  }
}

function toSummary(r: Record<string, unknown>): ArticleSummary {
  const text = String(r.excerpt ?? '');
  return {
    id: Number(r.id),
    title: r.title as string,
    slug: r.slug as string,
    excerpt: text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text,
    updatedAt: new Date(r.updated_at as string),
    views: Number(r.views ?? 0),
  };
}
