import { formatB, settings } from '@hc/contracts';
import type { StagedCopyRow, StagedSharedRow } from './staged.repository';

const link = (method: string, url: string) => ({ method, url });

export function stagedLinks(articleId: number, locale: string) {
  const base = `${settings().apiBaseUrl}/articles/${articleId}/staged`;
  const q = `?locale=${encodeURIComponent(locale)}`;
  return {
    publish: link('POST', `${base}/publish${q}`),
    discard: link('DELETE', `${base}${q}`),
    compare: link('GET', `${base}/compare${q}`),
  };
}

/**
 * Spec 2.7 staged copy: `fields` and `shared` plain values (`[]` when empty), `shared_etag`
 * null when nothing article-wide is staged, `base_signature` never sent, `updated_at` format B
 * (the later of the copy's and the article-wide block's last write).
 */
export function toStagedResponse(copy: StagedCopyRow, shared: StagedSharedRow | null) {
  const hasShared = shared !== null && Object.keys(shared.fields).length > 0;
  const updated =
    hasShared && shared.updatedAt > copy.updatedAt ? shared.updatedAt : copy.updatedAt;
  return {
    article_id: copy.articleId,
    locale: copy.locale,
    fields: Object.keys(copy.fields).length ? copy.fields : [],
    shared: hasShared ? shared.fields : [],
    release_translation: copy.releaseTranslation,
    etag: copy.etag,
    shared_etag: hasShared ? shared.etag : null,
    updated_at: formatB(updated),
    _links: stagedLinks(copy.articleId, copy.locale),
  };
}

export type StagedResponse = ReturnType<typeof toStagedResponse>;
