import type { EntityManager } from 'typeorm';
import type { SiteId } from '@hc/contracts';

export interface SiteRef {
  id: SiteId;
  uuid: string;
}

/**
 * The id and uuid an audit entry (issue 24) needs, for writes that know only a site's id (the
 * operator's team commands, webhook redelivery). The site is known to exist.
 */
export async function siteRef(m: EntityManager, siteId: SiteId): Promise<SiteRef> {
  const rows: Array<{ uuid: string }> = await m.query('SELECT uuid FROM sites WHERE id = ?', [
    siteId,
  ]);
  return { id: siteId, uuid: rows[0].uuid };
}
