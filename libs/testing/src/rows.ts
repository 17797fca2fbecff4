// Rows written straight into the tables, as the app that owns each table stores them, for tests
// that need data another app writes (reader activity for analytics, content for the reader
// site). One helper per row kind, so spec files hold no INSERT of their own.
import { createHash } from 'node:crypto';
import { htmlToText } from '@hc/content';
import { bumpReaderPages, indexTranslation } from '@hc/data';
import { testSiteId } from './site-id';

/** Anything that runs SQL: a DataSource, an EntityManager, a mysql2 connection. */
export interface Db {
  query(sql: string, params?: unknown[]): Promise<any>; // mysql2 results, read field by field
}

/** Runs one INSERT; answers the id the new row was given (its AUTO_INCREMENT column). */
async function insertRow(db: Db, sql: string, params: unknown[]): Promise<number> {
  const r = await db.query(sql, params);
  return Number(r.insertId);
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
  /** The slug of each language; default `a-<id>-<n>`. */
  slug?: (id: number, lang: string) => string;
}

let seq = 0;

/** A category as content-api stores it; returns its id. */
export async function categoryRow(
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
  const id = await insertRow(
    db,
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
  // As every product write does (issue #28): the site's kept reader pages are out of date.
  await bumpReaderPages(db, [testSiteId(siteId)]);
  return id;
}

/** An article with one translation per title, as content-api stores it; returns its id. */
export async function articleRow(db: Db, siteId: number, a: ArticleFixture): Promise<number> {
  const now = new Date();
  const id = await insertRow(
    db,
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
        a.slug ? a.slug(id, lang) : `a-${id}-${seq}`,
        html,
        htmlToText(html),
        (a.released ?? Object.keys(a.title)).includes(lang),
        now,
        now,
      ],
    );
    await indexTranslation(db, siteId, id, lang, {
      title,
      content: html,
      searchText: htmlToText(html),
    });
  }
  if (a.categoryId) {
    await db.query(
      'INSERT INTO article_categories (article_id, category_id, site_id, sort) VALUES (?, ?, ?, 0)',
      [id, a.categoryId, siteId],
    );
  }
  await bumpReaderPages(db, [testSiteId(siteId)]);
  return id;
}

/** An article's counters (`article_stats`) as the reader site and feedback keep them. */
export async function articleStatsRow(
  db: Db,
  siteId: number,
  articleId: number,
  counts: { views?: number; thumbsUp?: number; thumbsDown?: number; love?: number },
): Promise<void> {
  await db.query(
    'INSERT INTO article_stats (article_id, site_id, views, thumbs_up, thumbs_down, love) VALUES (?, ?, ?, ?, ?, ?)',
    [
      articleId,
      siteId,
      counts.views ?? 0,
      counts.thumbsUp ?? 0,
      counts.thumbsDown ?? 0,
      counts.love ?? 0,
    ],
  );
}

/** The reader key of reader number `n` (a hash, as the reader site stores it). */
export const readerKey = (n: number): string =>
  createHash('sha256').update(`reader-${n}`).digest('hex');

/** One article view by reader `reader` on `day` (YYYY-MM-DD), as the reader site records it. */
export async function readerViewRow(
  db: Db,
  siteId: number,
  view: { articleId: number; day: string; reader: number; lang?: string; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO reader_views (site_id, article_id, lang, day, reader_key, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [siteId, view.articleId, view.lang ?? 'en', view.day, readerKey(view.reader), view.at],
  );
}

/** One reader search and how many results it had, as the reader site records it. */
export async function readerSearchRow(
  db: Db,
  siteId: number,
  search: { query: string; results: number; lang?: string; reader?: number; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO reader_searches (site_id, lang, query, normalized_query, results_count, reader_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [
      siteId,
      search.lang ?? 'en',
      search.query,
      search.query.toLowerCase(),
      search.results,
      readerKey(search.reader ?? 1),
      search.at,
    ],
  );
}

/** One rating (`thumbs_up`, `thumbs_down`, `love`) with its optional message. */
export async function feedbackRow(
  db: Db,
  siteId: number,
  rating: { articleId: number; rating: string; lang?: string; message?: string | null; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO article_feedback (site_id, article_id, lang, rating, message, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      siteId,
      rating.articleId,
      rating.lang ?? 'en',
      rating.rating,
      rating.message ?? null,
      rating.at,
    ],
  );
}

/** A reader's comment as the reader site stores it (pending moderation by default). */
export async function commentRow(
  db: Db,
  siteId: number,
  comment: { articleId: number; body?: string; status?: string; authorName?: string; at: Date },
): Promise<number> {
  return insertRow(
    db,
    `INSERT INTO comments (site_id, article_id, lang, status, body, author_name, created_at, updated_at)
     VALUES (?, ?, 'en', ?, ?, ?, ?, ?)`,
    [
      siteId,
      comment.articleId,
      comment.status ?? 'pending',
      comment.body ?? 'Hi',
      comment.authorName ?? 'Ada',
      comment.at,
      comment.at,
    ],
  );
}

/** A message sent with the reader site's contact form. */
export async function contactMessageRow(
  db: Db,
  siteId: number,
  message: { email?: string; message?: string; at: Date },
): Promise<void> {
  await db.query(
    "INSERT INTO contact_messages (site_id, lang, email, message, created_at) VALUES (?, 'en', ?, ?, ?)",
    [siteId, message.email ?? 'k@example.com', message.message ?? 'Help', message.at],
  );
}

/** An OAuth app's connection to a person, as auth-server stores it at consent. */
export async function oauthConnectionRow(
  db: Db,
  connection: {
    userId: number;
    clientId: string;
    scopes: string[];
    siteIds: number[];
    clientName?: string;
  },
): Promise<void> {
  const now = new Date();
  await db.query(
    `INSERT INTO oauth_connections (user_id, client_id, grant_id, client_name, scopes, site_ids, created_at, updated_at)
     VALUES (?, ?, NULL, ?, ?, ?, ?, ?)`,
    [
      connection.userId,
      connection.clientId,
      connection.clientName ?? 'App',
      JSON.stringify(connection.scopes),
      JSON.stringify(connection.siteIds),
      now,
      now,
    ],
  );
}

/** An upload URL (spec 4.7) created by an OAuth app (`oauthClientId`) or an API key. */
export async function uploadUrlRow(
  db: Db,
  siteId: number,
  url: {
    intent: string;
    userId: number;
    expiresAt: Date;
    oauthClientId?: string | null;
    apiKeyId?: number | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO image_upload_urls (intent, site_id, api_key_id, oauth_client_id, user_id, expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      url.intent,
      siteId,
      url.apiKeyId ?? null,
      url.oauthClientId ?? null,
      url.userId,
      url.expiresAt,
      new Date(),
    ],
  );
}

/** A change set in a given state (no items); returns its id. */
export async function changeSetRow(
  db: Db,
  siteId: number,
  set: { name: string; status: string; forcePublish?: boolean },
): Promise<number> {
  const now = new Date();
  return insertRow(
    db,
    `INSERT INTO change_sets (site_id, name, status, force_publish, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [siteId, set.name, set.status, set.forcePublish ?? false, now, now],
  );
}

/** A comment email waiting to be sent at `nextAttemptAt`; returns its id. */
export async function commentEmailRow(
  db: Db,
  siteId: number,
  email: { commentId: number; kind: string; nextAttemptAt: Date },
): Promise<number> {
  return insertRow(
    db,
    `INSERT INTO comment_emails (site_id, comment_id, kind, recipient_email, recipient_name,
       subject, body, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, 'r@example.test', 'R', 'S', 'B', 0, ?, ?)`,
    [siteId, email.commentId, email.kind, email.nextAttemptAt, new Date()],
  );
}

/** A version of a site's design as design-service stores it; returns its id. */
export async function designVersionRow(
  db: Db,
  siteId: number,
  version: {
    status: 'draft' | 'published' | 'archived';
    document?: unknown;
    translations?: Record<string, Record<string, string>>;
    createdAt?: Date;
    updatedAt?: Date;
    publishedAt?: Date | null;
  },
): Promise<number> {
  const now = new Date();
  return insertRow(
    db,
    `INSERT INTO design_versions (site_id, status, document, translations, preset_key, revision, created_at, updated_at, published_at)
     VALUES (?, ?, ?, ?, 'classic', 1, ?, ?, ?)`,
    [
      siteId,
      version.status,
      JSON.stringify(version.document ?? {}),
      JSON.stringify(version.translations ?? {}),
      version.createdAt ?? now,
      version.updatedAt ?? now,
      version.publishedAt === undefined
        ? version.status === 'published'
          ? now
          : null
        : version.publishedAt,
    ],
  );
}

/** An outbox row (an event not yet handed on); returns its id. */
export async function outboxRow(
  db: Db,
  siteId: number,
  row: { event: string; payload?: unknown; occurredAt: Date },
): Promise<number> {
  return insertRow(
    db,
    'INSERT INTO outbox (site_id, event, payload, occurred_at) VALUES (?, ?, ?, ?)',
    [siteId, row.event, JSON.stringify(row.payload ?? {}), row.occurredAt],
  );
}

/** One of oidc-provider's stored objects (`Session`, `RefreshToken` …) with an empty payload. */
export async function oauthPayloadRow(
  db: Db,
  row: { model: string; id: string; expiresAt: Date; payload?: unknown },
): Promise<void> {
  await db.query(
    'INSERT INTO oauth_payloads (model, id, payload, expires_at) VALUES (?, ?, ?, ?)',
    [row.model, row.id, JSON.stringify(row.payload ?? {}), row.expiresAt],
  );
}

/** A stored image as content-api keeps it (`url` where it is served); returns its id. */
export async function imageRow(
  db: Db,
  siteId: number,
  image: { filename: string; url: string; size?: number },
): Promise<number> {
  return insertRow(
    db,
    'INSERT INTO images (site_id, filename, size, storage_key, url, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      siteId,
      image.filename,
      image.size ?? 1,
      `k-${siteId}-${image.filename}-${Date.now()}-${++seq}`,
      image.url,
      new Date(),
    ],
  );
}

/** A webhook subscription as content-api stores it; returns its id. */
export async function webhookRow(
  db: Db,
  siteId: number,
  hook: { url?: string; secret?: string } = {},
): Promise<number> {
  return insertRow(
    db,
    'INSERT INTO webhooks (site_id, url, secret, created_at) VALUES (?, ?, ?, ?)',
    [
      siteId,
      hook.url ?? 'https://example.com/hook',
      hook.secret ?? 'a-secret-of-sixteen-characters',
      new Date(),
    ],
  );
}

/** An event on the webhook stream (`body` is the envelope as sent). */
export async function webhookEventRow(
  db: Db,
  siteId: number,
  row: { id: number; event: string; body: unknown },
): Promise<void> {
  await db.query(
    'INSERT INTO webhook_events (id, site_id, event, body, created_at) VALUES (?, ?, ?, ?, ?)',
    [row.id, siteId, row.event, JSON.stringify(row.body), new Date()],
  );
}

/** A delivery of an event to a webhook as the dispatcher records it; returns its id. */
export async function webhookDeliveryRow(
  db: Db,
  siteId: number,
  row: {
    eventId: number;
    webhookId: number;
    state: string;
    attempts: number;
    nextAttemptAt: Date | null;
  },
): Promise<number> {
  return insertRow(
    db,
    `INSERT INTO webhook_deliveries (event_id, webhook_id, site_id, state, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [row.eventId, row.webhookId, siteId, row.state, row.attempts, row.nextAttemptAt, new Date()],
  );
}

/** One attempt of a delivery as the dispatcher records it (`status` null: a timeout). */
export async function webhookAttemptRow(
  db: Db,
  row: {
    deliveryId: number;
    attempt: number;
    status: number | null;
    durationMs?: number;
    responseBody?: string | null;
    requestHeaders?: Record<string, string>;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_attempts (delivery_id, attempt, delivery_uuid, started_at, duration_ms,
       response_status, error_kind, response_body, request_headers) VALUES (?, ?, UUID(), ?, ?, ?, ?, ?, ?)`,
    [
      row.deliveryId,
      row.attempt,
      new Date(),
      row.durationMs ?? 12,
      row.status,
      row.status === null ? 'timeout' : null,
      row.responseBody ?? null,
      JSON.stringify(row.requestHeaders ?? {}),
    ],
  );
}

/** An audit entry as the dispatcher's intake writes it (`id` is the outbox row's). */
export async function auditEntryRow(
  db: Db,
  siteId: number,
  entry: {
    id: number | string;
    action: string;
    targetType: string;
    targetId: string;
    actorKind: string;
    actorKeyId?: number | null;
    actorUserId?: number | null;
    actorClientId?: string | null;
    requestId?: string | null;
    occurredAt?: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_entries (id, site_id, action, target_type, target_id, actor_kind,
       actor_key_id, actor_user_id, actor_client_id, request_id, occurred_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      entry.id,
      siteId,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.actorKind,
      entry.actorKeyId ?? null,
      entry.actorUserId ?? null,
      entry.actorClientId ?? null,
      entry.requestId ?? null,
      entry.occurredAt ?? new Date(),
    ],
  );
}

/** A day of one reader search as the daily roll-up leaves it (spec 4.10). */
export async function searchDailyRow(
  db: Db,
  siteId: number,
  row: {
    day: string | Date;
    lang: string;
    query: string;
    searches: number;
    withoutResults: number;
    lastResultsCount: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO analytics_search_daily (site_id, day, lang, query, searches, without_results, last_results_count)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [siteId, row.day, row.lang, row.query, row.searches, row.withoutResults, row.lastResultsCount],
  );
}
