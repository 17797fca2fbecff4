// Rows for the reader-site tests, written as content-api and design-service store them (not a
// spec file). Typed structurally so this file needs nothing from @hc/testing.
import { htmlToText } from '@hc/content';

interface Db {
  query(sql: string, params?: unknown[]): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- mysql2 results
}

export interface ArticleFixture {
  title: Record<string, string>;
  content?: Record<string, string>;
  /** Languages released to readers; default: every language given. */
  released?: string[];
  published?: boolean;
  visibility?: 'public' | 'private' | 'link_only';
  shareToken?: string | null;
  sharedWith?: number[];
  categoryId?: number | null;
  authorId?: number | null;
  deleted?: boolean;
}

let seq = 0;

export async function category(
  db: Db,
  siteId: number,
  name: Record<string, string>,
  options: {
    parentId?: number | null;
    privacy?: string;
    position?: number;
    icon?: string | null;
  } = {},
): Promise<number> {
  const now = new Date();
  const r = await db.query(
    `INSERT INTO categories (site_id, parent_id, name, description, icon, position, privacy, created_at, updated_at)
     VALUES (?, ?, ?, '{}', ?, ?, ?, ?, ?)`,
    [
      siteId,
      options.parentId ?? null,
      JSON.stringify(name),
      options.icon ?? null,
      options.position ?? 0,
      options.privacy ?? 'public',
      now,
      now,
    ],
  );
  return Number(r.insertId);
}

export async function article(db: Db, siteId: number, a: ArticleFixture): Promise<number> {
  const now = new Date();
  const r = await db.query(
    `INSERT INTO articles (site_id, author_id, category_id, type, published, visibility, share_token, shared_with,
       created_at, updated_at, deleted_at)
     VALUES (?, ?, ?, 'article', ?, ?, ?, ?, ?, ?, ?)`,
    [
      siteId,
      a.authorId ?? null,
      a.categoryId ?? null,
      a.published ?? true,
      a.visibility ?? 'public',
      a.shareToken ?? null,
      JSON.stringify(a.sharedWith ?? []),
      now,
      now,
      a.deleted ? now : null,
    ],
  );
  const id = Number(r.insertId);
  for (const [lang, title] of Object.entries(a.title)) {
    const html = a.content?.[lang] ?? `<p>${title} body.</p>`;
    seq += 1;
    await db.query(
      `INSERT INTO article_translations (article_id, lang, site_id, title, slug, has_custom_slug, content, search_text,
         released, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
      [
        id,
        lang,
        siteId,
        title,
        `a-${id}-${seq}`,
        html,
        htmlToText(html),
        (a.released ?? Object.keys(a.title)).includes(lang),
        now,
        now,
      ],
    );
  }
  if (a.categoryId) {
    await db.query(
      'INSERT INTO article_categories (article_id, category_id, site_id, sort) VALUES (?, ?, ?, 0)',
      [id, a.categoryId, siteId],
    );
  }
  return id;
}

/** A live design version (and its draft) as the design service stores them. */
export async function liveDesign(
  db: Db,
  siteId: number,
  document: unknown,
  draft: unknown = document,
  translations: Record<string, Record<string, string>> = {},
): Promise<void> {
  const now = new Date();
  const insert = async (status: string, doc: unknown) =>
    Number(
      (
        await db.query(
          `INSERT INTO design_versions (site_id, status, document, translations, preset_key, revision, created_at, updated_at, published_at)
           VALUES (?, ?, ?, ?, 'classic', 1, ?, ?, ?)`,
          [
            siteId,
            status,
            JSON.stringify(doc),
            JSON.stringify(translations),
            now,
            now,
            status === 'published' ? now : null,
          ],
        )
      ).insertId,
    );
  const live = await insert('published', document);
  const draftId = await insert('draft', draft);
  await db.query(
    `INSERT INTO design_sites (site_id, draft_version_id, live_version_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE draft_version_id = VALUES(draft_version_id), live_version_id = VALUES(live_version_id)`,
    [siteId, draftId, live, now, now],
  );
}

/** A browser-like user agent (readers; bots are left out of the counts). */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
