import { formatA, readerSiteUrl, settings } from '@hc/contracts';
import type { SiteContext } from '@hc/auth';

/** Spec 2.2: the site object of GET /sites (and of `hc site create`). */
export function toSiteResponse(site: SiteContext) {
  const s = settings();
  return {
    id: site.id,
    uuid: site.uuid,
    name: site.name,
    subdomain: site.subdomain,
    domain: site.domain ?? `${site.subdomain}.${s.readerDomain ?? new URL(s.publicUrl).hostname}`,
    url: siteUrl(site),
    default_language: site.defaultLanguage,
    visibility: site.visibility,
    publicly_accessible: !site.suspended && site.ipAllowlist.length === 0,
    languages: site.languages,
    created_at: formatA(site.createdAt),
  };
}

/** The reader site's address for a site: always on the reader origin (issue #14). */
export function siteUrl(site: Pick<SiteContext, 'subdomain'>): string {
  return readerSiteUrl(site.subdomain);
}
