import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { formatB, internalError, notFound, settings } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { stripInternalMarkup } from '@hc/content';
import { ArticleChange, coreOf, newShareToken } from '../articles/article-change';
import { ArticleWriter } from '../articles/article-writer';
import {
  languageValues,
  VersionRow,
  VersionsRepository,
} from '../articles/article-versions.repository';
import { toArticleResponse } from '../articles/article.mapper';
import { ArticlesRepository, ArticleView } from '../articles/articles.repository';
import { diff } from '../staged/staged-model';
import { fieldChange } from '../staged/word-diff';
import { AuditRepository, AuditRow } from '../audit/audit.repository';
import { toRecordedWriteResponse } from '../audit/audit.mapper';

/** A version's values under their wire names (what compare looks at). */
function versionValues(v: VersionRow) {
  return {
    title: v.title,
    content: stripInternalMarkup(v.content),
    slug: v.slug,
    audio_file: v.audioFile,
    has_custom_slug: v.hasCustomSlug,
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
  };
}

/** Field by field from one version to another; metadata per language as `metadata.title.de`. */
function versionChanges(from: VersionRow, to: VersionRow) {
  const flat = (v: VersionRow) => {
    const { metadata, ...rest } = versionValues(v);
    const out: Record<string, unknown> = { locale: v.locale, ...rest };
    for (const part of ['title', 'description'] as const)
      out[`metadata.${part}.${v.locale}`] = metadata[part][v.locale];
    return out;
  };
  const a = flat(from);
  const b = flat(to);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null))
    .map((field) => ({ field, ...fieldChange(field, a[field], b[field]) }));
}

export const VERSION_NOT_FOUND = 'No such version for this article.';

function versionLinks(v: VersionRow) {
  const base = `${settings().apiBaseUrl}/articles/${v.articleId}/versions/${v.id}`;
  return {
    restore: { method: 'POST', url: `${base}/restore` },
    compare: { method: 'GET', url: `${base}/compare` },
  };
}

/**
 * Spec 2.8 version object, plus `replaced_by` (issue 24): the recorded write (a staged publish or
 * a restore) that replaced these values and kept them as this version.
 */
export function toVersionResponse(v: VersionRow, audit: Map<string, AuditRow>) {
  return {
    id: v.id,
    locale: v.locale,
    title: v.title,
    published_at: formatB(v.publishedAt),
    replaced_by: toRecordedWriteResponse(v.auditId ? audit.get(v.auditId) : undefined),
    _links: versionLinks(v),
  };
}

/** Article versions: list, compare with live, restore (spec 2.8, 4.5). */
@Injectable()
export class VersionsService {
  constructor(
    private readonly versions: VersionsRepository,
    private readonly articles: ArticlesRepository,
    private readonly writer: ArticleWriter,
    private readonly audit: AuditRepository,
  ) {}

  /** The audit entries the versions point at (issue 24). */
  private entriesOf(site: SiteContext, versions: VersionRow[]) {
    const ids = versions.map((v) => v.auditId).filter((id): id is string => id !== null);
    return this.audit.byIds(site.id, [...new Set(ids)]);
  }

  private async liveArticle(site: SiteContext, id: number): Promise<ArticleView> {
    const view = await this.articles.loadOne(site.id, id);
    if (!view || view.deletedAt) throw notFound('Article not found.');
    return view;
  }

  async list(site: SiteContext, id: number, limit: number, locale?: string) {
    await this.liveArticle(site, id);
    const rows = await this.versions.list(site.id, id, limit, locale);
    const audit = await this.entriesOf(site, rows);
    return { versions: rows.map((v) => toVersionResponse(v, audit)) };
  }

  /**
   * The fields whose value in the version differs from the live article: `{field, live, version,
   * old, new}` (old: the version). With `to` (#25): from the version to another version of the
   * same article, `{field, old, new}`. Title and content changes carry a word `diff`.
   */
  async compare(site: SiteContext, id: number, versionId: number, toId?: number) {
    const view = await this.liveArticle(site, id);
    const v = await this.versions.find(site.id, id, versionId);
    if (!v) throw notFound(VERSION_NOT_FOUND);
    if (toId !== undefined) {
      const to = await this.versions.find(site.id, id, toId);
      if (!to) throw notFound(VERSION_NOT_FOUND);
      const audit = await this.entriesOf(site, [v, to]);
      return {
        comparison: {
          article_id: id,
          version: toVersionResponse(v, audit),
          to: toVersionResponse(to, audit),
          locale: v.locale,
          changes: versionChanges(v, to),
        },
      };
    }
    const { title, content, slug, audio_file, has_custom_slug, metadata, ...wide } =
      versionValues(v);
    const changes = diff(
      view,
      v.locale,
      'version',
      { title, content, slug, audio_file, has_custom_slug },
      { ...wide, metadata },
    );
    return {
      comparison: {
        article_id: id,
        version: toVersionResponse(v, await this.entriesOf(site, [v])),
        locale: v.locale,
        changes,
      },
    };
  }

  /**
   * Live at once: the values it replaces are first kept as a new version, the text re-indexed,
   * `article.updated` sent; the status is unchanged (spec 3.2, 4.5). A version whose category
   * was deleted fails with 500 (spec 7).
   */
  async restore(site: SiteContext, id: number, versionId: number) {
    const done = await this.writer.edit(site, id, async (before, m) => {
      const v = await this.versions.find(site.id, id, versionId, m);
      if (!v) throw notFound(VERSION_NOT_FOUND);
      const bad = await this.writer.invalidReferences(
        site,
        { categoryId: v.categoryId, categories: v.categories },
        m,
      );
      if (bad.size) {
        throw internalError(
          randomUUID(),
          'The version refers to a category that no longer exists.',
        );
      }
      const old = before.translations.find((t) => t.lang === v.locale);
      const change: ArticleChange = {
        core: {
          ...coreOf(before),
          categoryId: v.categoryId,
          visibility: v.visibility,
          type: v.type,
          authorId: v.authorId,
          sharedWith: v.sharedWith,
          shareToken: before.shareToken ?? (v.visibility === 'link_only' ? newShareToken() : null),
        },
        categories: v.categories,
        translations: new Map([
          [v.locale, { ...languageValues(v), released: old?.released ?? false }],
        ]),
        event: 'article.updated',
        publish: { audit: 'version.restore', versionLocales: [v.locale] },
      };
      return { change, result: true };
    });
    if (!done) throw notFound('Article not found.');
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return { article: toArticleResponse(view, site) };
  }
}
