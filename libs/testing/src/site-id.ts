import { trustSiteId } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';

/** A site scope for a test that calls a repository or service directly (issue 22). */
export function testSiteId(id: number | { id: number }): SiteId {
  return trustSiteId(typeof id === 'number' ? id : id.id);
}

/** A test site as a service takes it: the same row with its id as a site scope. */
export function scopedSite<T extends { id: number }>(site: T): Omit<T, 'id'> & { id: SiteId } {
  return { ...site, id: testSiteId(site) };
}
