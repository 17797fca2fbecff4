import type { EntityManager } from 'typeorm';

export interface SiteRef {
  id: number;
  uuid: string;
}

/**
 * The id and uuid an audit entry (issue 24) needs, for writes that know only a site's id (the
 * operator's team commands, webhook redelivery). The site is known to exist.
 */
export async function siteRef(m: EntityManager, siteId: number): Promise<SiteRef> {
  const rows: SiteRef[] = await m.query('SELECT id, uuid FROM sites WHERE id = ?', [siteId]);
  return rows[0];
}
