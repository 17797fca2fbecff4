// Rows for the reader-site tests, written as content-api and design-service store them (not a
// spec file). Articles and categories are @hc/testing's rows.

import { resetSettings } from '@hc/contracts';
import { bumpReaderPages } from '@hc/data';
import { designVersionRow, type Db, testSiteId } from '@hc/testing';

export type { ArticleFixture } from '@hc/testing';
export { articleRow as article, categoryRow as category } from '@hc/testing';

/** A live design version (and its draft) as the design service stores them. */
export async function liveDesign(
  db: Db,
  siteId: number,
  document: unknown,
  draft: unknown = document,
  translations: Record<string, Record<string, string>> = {},
): Promise<void> {
  const now = new Date();
  const insert = (status: 'published' | 'draft', doc: unknown) =>
    designVersionRow(db, siteId, { status, document: doc, translations });
  const live = await insert('published', document);
  const draftId = await insert('draft', draft);
  await db.query(
    `INSERT INTO design_sites (site_id, draft_version_id, live_version_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE draft_version_id = VALUES(draft_version_id), live_version_id = VALUES(live_version_id)`,
    [siteId, draftId, live, now, now],
  );
  await bumpReaderPages(db, [testSiteId(siteId)]);
}

/** A browser-like user agent (readers; bots are left out of the counts). */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Runs `fn` with `HC_READER_DOMAIN` set (production: each site on its own host, issue 34), then
 * puts the setting back.
 */
export async function withReaderDomain<T>(domain: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.HC_READER_DOMAIN;
  process.env.HC_READER_DOMAIN = domain;
  resetSettings();
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.HC_READER_DOMAIN;
    else process.env.HC_READER_DOMAIN = before;
    resetSettings();
  }
}
