import { writeAuditEvent } from '@hc/events';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { apiError, CommonErrorCode, notFound, StagingErrorCode } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { stripInternalMarkup } from '@hc/content';
import { toArticleResponse } from '../articles/article.mapper';
import { ArticlesRepository, ArticleView } from '../articles/articles.repository';
import { ArticleWriter } from '../articles/article-writer';
import type { StageInput } from './staged-input';
import {
  diff,
  isEmpty,
  liveLocale,
  localeSignature,
  pruneFields,
  pruneShared,
  releaseMatters,
  SHARED_FIELDS,
  SharedFields,
  StagedFields,
  wideSignature,
} from './staged-model';
import { stagedLinks, toStagedResponse } from './staged.mapper';
import { StagedCopyRow, StagedRepository, StagedSharedRow } from './staged.repository';

export const ARTICLE_NOT_FOUND = 'Article not found.';
export const NOTHING_STAGED = 'This article has no staged changes.';
export const NOTHING_STAGED_FOR_LANGUAGE = 'This article has no staged changes for that language.';
export const NOTHING_TO_DISCARD = 'This article has no staged changes to discard.';
export const MATCHES_LIVE =
  'The staged values match the live article, so nothing is staged for this language (any staged copy of it was removed).';

export function newEtag(): string {
  return randomBytes(16).toString('hex');
}

/** Spec 4.5: staging needs the Catalyst plan with early-preview access. */
export function assertStagingAvailable(site: SiteContext): void {
  if (site.plan === 'catalyst' && site.stagingPreview) return;
  throw apiError(
    StagingErrorCode.StagingUnavailable,
    'Staged changes are not included in this site’s plan. They need the Catalyst plan with early-preview access.',
  );
}

/** A given etag must be the stored one (`none` while nothing is stored), else 409 `stale_etag`. */
function requireEtag(
  given: string | undefined,
  stored: string | undefined,
  message: string,
  detail: (etag: string | null) => Record<string, unknown>,
): void {
  if (given === undefined || given === (stored ?? 'none')) return;
  throw apiError(StagingErrorCode.StaleEtag, message, detail(stored ?? null));
}

/** Staged copies: read, stage, discard, compare (spec 2.7, 3.2, 4.5). Publishing is StagedPublisher. */
@Injectable()
export class StagedService {
  constructor(
    private readonly staged: StagedRepository,
    private readonly articles: ArticlesRepository,
    private readonly writer: ArticleWriter,
  ) {}

  private async liveArticle(site: SiteContext, id: number): Promise<ArticleView> {
    const view = await this.articles.loadOne(site.id, id);
    if (!view || view.deletedAt) throw notFound(ARTICLE_NOT_FOUND);
    return view;
  }

  private async copiesOrNotFound(
    site: SiteContext,
    id: number,
    locale?: string,
  ): Promise<StagedCopyRow[]> {
    const copies = await this.staged.copies(site.id, id, { locale });
    if (copies.length === 0) {
      throw apiError(
        CommonErrorCode.NotFound,
        locale ? NOTHING_STAGED_FOR_LANGUAGE : NOTHING_STAGED,
      );
    }
    return copies;
  }

  /** GET staged: one copy with `locale`, else every copy sorted by language code. */
  async get(site: SiteContext, id: number, locale?: string) {
    await this.liveArticle(site, id);
    const copies = await this.copiesOrNotFound(site, id, locale);
    const shared = await this.staged.shared(site.id, id);
    const out = copies.map((c) => toStagedResponse(c, shared));
    return { staged: locale ? out[0] : out };
  }

  /** PATCH staged: stages one language; the live article and its `updated_at` stay as they are. */
  async stage(site: SiteContext, id: number, input: StageInput) {
    assertStagingAvailable(site);
    const locale = input.locale;
    return this.staged.transaction(async (m) => {
      if (!(await this.articles.lock(site.id, m, id))) throw notFound(ARTICLE_NOT_FOUND);
      const view = (await this.articles.loadOne(site.id, id, m)) as ArticleView;
      const copies = await this.staged.copies(site.id, id, { m, lock: true });
      const shared = await this.staged.shared(site.id, id, m, true);
      const copy = copies.find((c) => c.locale === locale) ?? null;
      if (!view.published) {
        if (copies.length === 0) {
          throw apiError(
            StagingErrorCode.NotPublished,
            'Only published articles can have staged changes; edit the draft directly.',
          );
        }
        throw apiError(
          StagingErrorCode.ArticleUnpublished,
          'The article was unpublished after changes were staged. Publish or discard the staged changes before staging more.',
        );
      }
      // Optimistic concurrency; with both tokens left out the last write wins (spec 4.5).
      requireEtag(
        input.etag,
        copy?.etag,
        'This language’s staged changes were changed by someone else. Read them again and retry.',
        (etag) => ({ scope: 'locale', etag }),
      );
      requireEtag(
        input.sharedEtag,
        shared?.etag,
        'The article-wide staged changes were changed by someone else. Read them again and retry.',
        (etag) => ({ scope: 'shared', shared_etag: etag }),
      );

      const live = liveLocale(view, locale);
      const fields: StagedFields = { ...(copy?.fields ?? {}) };
      if (input.title !== undefined) fields.title = input.title;
      if (input.content !== undefined)
        fields.content = input.content === null ? '' : stripInternalMarkup(input.content);
      if (input.audioFile !== undefined) fields.audio_file = input.audioFile;
      if (input.slug !== undefined) {
        // Made valid and unique; empty makes a new one from the title (staged or live).
        const source =
          input.slug ?? (fields.title !== undefined ? fields.title : live?.title) ?? '';
        fields.slug = await this.writer.freeSlug(m, site, locale, source, id);
        fields.has_custom_slug = input.slug !== null;
      }
      if (input.hasCustomSlug !== undefined) fields.has_custom_slug = input.hasCustomSlug;
      const release = input.releaseTranslation ?? copy?.releaseTranslation ?? false;

      const sharedFields: SharedFields = { ...(shared?.fields ?? {}) };
      for (const key of SHARED_FIELDS) {
        if (input.shared[key] !== undefined)
          (sharedFields as Record<string, unknown>)[key] = input.shared[key];
      }
      if (input.shared.metadata) {
        const metadata = { ...(sharedFields.metadata ?? {}) };
        for (const part of ['title', 'description'] as const) {
          const sent = input.shared.metadata[part];
          if (sent) metadata[part] = { ...(metadata[part] ?? {}), ...sent };
        }
        sharedFields.metadata = metadata;
      }

      const nextFields = pruneFields(fields, view, locale);
      const nextShared = pruneShared(sharedFields, view);
      const now = new Date();
      await writeAuditEvent(m, site, 'staged.update', { type: 'article', id }, now);
      if (isEmpty(nextShared)) {
        if (shared) await this.staged.deleteShared(site.id, m, id);
      } else if (!shared || JSON.stringify(nextShared) !== JSON.stringify(shared.fields)) {
        await this.staged.saveShared(
          site.id,
          m,
          {
            articleId: id,
            fields: nextShared,
            etag: newEtag(),
            baseSignature: shared?.baseSignature ?? wideSignature(view),
          },
          now,
        );
      }
      if (isEmpty(nextFields) && isEmpty(nextShared) && !releaseMatters(release, view, locale)) {
        if (copy) await this.staged.deleteCopies(site.id, m, id, [locale]);
        return { staged: null, message: MATCHES_LIVE };
      }
      await this.staged.saveCopy(
        site.id,
        m,
        {
          articleId: id,
          locale,
          fields: nextFields,
          releaseTranslation: release,
          etag: newEtag(),
          baseSignature: copy?.baseSignature ?? localeSignature(view, locale),
        },
        now,
      );
      const [saved] = await this.staged.copies(site.id, id, { locale, m });
      return {
        staged: toStagedResponse(saved, await this.staged.shared(site.id, id, m)),
      };
    });
  }

  /** DELETE staged: one language or all; the article-wide block goes with the last language. */
  async discard(site: SiteContext, id: number, locale?: string) {
    const discarded = await this.staged.transaction(async (m) => {
      if (!(await this.articles.lock(site.id, m, id))) throw notFound(ARTICLE_NOT_FOUND);
      const copies = await this.staged.copies(site.id, id, { locale, m, lock: true });
      if (copies.length === 0) throw apiError(CommonErrorCode.NotFound, NOTHING_TO_DISCARD);
      const n = await this.staged.deleteCopies(site.id, m, id, locale ? [locale] : undefined);
      await writeAuditEvent(m, site, 'staged.discard', { type: 'article', id });
      if ((await this.staged.countCopies(site.id, m, id)) === 0)
        await this.staged.deleteShared(site.id, m, id);
      return n;
    });
    const view = (await this.articles.loadOne(site.id, id)) as ArticleView;
    return { discarded, article: toArticleResponse(view, site) };
  }

  /**
   * GET staged/compare: for each staged language, the fields whose staged value differs from
   * the live article `{field, live, staged}`, and whether publishing would meet BASE_CHANGED.
   */
  async compare(site: SiteContext, id: number, locale?: string) {
    const view = await this.liveArticle(site, id);
    const copies = await this.copiesOrNotFound(site, id, locale);
    const shared = await this.staged.shared(site.id, id);
    const out = copies.map((c) => comparison(view, c, shared));
    return locale ? { comparison: out[0] } : { comparisons: out };
  }
}

/** True when the live article changed since the copy (or the article-wide block) was started. */
export function baseChanged(
  view: ArticleView,
  copy: StagedCopyRow,
  shared: StagedSharedRow | null,
): boolean {
  return (
    copy.baseSignature !== localeSignature(view, copy.locale) ||
    (shared !== null && shared.baseSignature !== wideSignature(view))
  );
}

function comparison(view: ArticleView, copy: StagedCopyRow, shared: StagedSharedRow | null) {
  return {
    article_id: view.id,
    locale: copy.locale,
    base_changed: baseChanged(view, copy, shared),
    changes: diff(
      view,
      copy.locale,
      'staged',
      { ...copy.fields, released: copy.releaseTranslation ? true : undefined },
      shared?.fields ?? {},
    ),
    _links: stagedLinks(view.id, copy.locale),
  };
}
