// The `template` object of spec 2.9 and the design version list item, built in one place.
import { formatB, readerSiteUrl, settings } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';
import { ENGINE, sameDesign } from '@hc/design';
import type { VersionListRow, VersionRow } from './template.repository';

/** The etag of a draft; the quotes are part of the value (spec 2.9). */
export function etagOf(draft: Pick<VersionRow, 'id' | 'revision'>): string {
  return `"d${draft.id}-${draft.revision}"`;
}

/** `"d12-5"`, `d12-5` and `W/"d12-5"` name the same draft state. */
export function sameEtag(sent: string, draft: Pick<VersionRow, 'id' | 'revision'>): boolean {
  const bare = (s: string) =>
    s
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
  return bare(sent) === bare(etagOf(draft));
}

export function hasUnpublishedChanges(draft: VersionRow, live: VersionRow | null): boolean {
  if (!live) return true;
  return (
    !sameDesign(draft.document, live.document) || !sameDesign(draft.translations, live.translations)
  );
}

export function liveSiteUrl(site: Pick<SiteContext, 'subdomain'>): string {
  return readerSiteUrl(site.subdomain);
}

/** The legacy customizer, where a site switches to the template editor (spec 4.12, 409). */
export function customizerMigrationUrl(site: Pick<SiteContext, 'id'>): string {
  return `${settings().dashboardUrl}/app/sites/${site.id}/customizer`;
}

export function toVersionResponse(v: VersionRow | VersionListRow) {
  return {
    id: v.id,
    status: v.status,
    live: v.status === 'published',
    message: v.message,
    preset_key: v.presetKey,
    published_at: formatB(v.publishedAt),
  };
}

export function toVersionListItem(v: VersionListRow) {
  return { ...toVersionResponse(v), published_by: v.publishedBy };
}

export function toTemplateResponse(
  site: Pick<SiteContext, 'id' | 'name' | 'subdomain'>,
  draft: VersionRow,
  live: VersionRow | null,
) {
  const liveSite = liveSiteUrl(site);
  return {
    engine: ENGINE,
    site: { id: site.id, name: site.name, subdomain: site.subdomain },
    draft: {
      id: draft.id,
      etag: etagOf(draft),
      updated_at: formatB(draft.updatedAt),
      preset_key: draft.presetKey,
      has_unpublished_changes: hasUnpublishedChanges(draft, live),
    },
    published: live ? toVersionResponse(live) : null,
    urls: {
      live_site: liveSite,
      customizer: `${settings().dashboardUrl}/app/sites/${site.id}/design/${draft.id}`,
      draft_preview: `${liveSite}?preview=draft`,
    },
  };
}
